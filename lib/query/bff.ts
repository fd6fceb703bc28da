// The browser's calls to /bff: no react-query here, so screens without it can use them too.

/** A failed BFF call: the HTTP status and the API's { code, message, field }; `field` names the body field refused. */
export class BffError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

let signingOut = false;
/** While logging out, a 401 from a call still in flight is expected: it must not send the user to /login?callbackUrl=…. */
export function markSigningOut() {
  signingOut = true;
}

type BffInit = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The caller handles a 401 itself (the donation form keeps the entry and offers the sign-in): no redirect. */
  keepOn401?: boolean;
};

/** fetch a /bff/... path as JSON; on 401 the session is gone, so go to the login page. */
export async function bff<T>(path: string, init: BffInit = {}): Promise<T> {
  const res = await fetch(`/bff${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    signal: init.signal,
    credentials: 'same-origin',
  });
  if (res.status === 401 && typeof window !== 'undefined' && !signingOut && !init.keepOn401) {
    const back = window.location.pathname + window.location.search;
    // A full load, not a client navigation: the sign-in page must be rendered by the server without the old session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`/login?callbackUrl=${encodeURIComponent(back)}`);
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  if (!res.ok) {
    const body = (json ?? {}) as { code?: string; message?: string; field?: string };
    throw new BffError(res.status, body.code, body.message ?? String(res.status), body.field);
  }
  return json as T;
}
