// What the browser's API client (./api-client.ts) shares with its callers: the error it throws and the sign-out flag.

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

/** A 401 means the session is gone: leave for the sign-in page, unless signing out or the caller keeps it. */
export function leavesOn401(keepOn401: boolean | undefined): boolean {
  return typeof window !== 'undefined' && !signingOut && !keepOn401;
}
