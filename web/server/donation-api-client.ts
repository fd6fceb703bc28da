import 'server-only';
import { cache } from 'react';
import { getDonationApi } from '@/donation-api';
import type { TokenMemo } from '@/donation-api/context';
import { readAnswer } from '@/web/api/calls';
import { currentRequestId } from './logger';

/**
 * One memo of token checks per server render (React's cache is per request there): the layout's session check and the
 * page's reads look the token up once. Outside a render (the BFF's route handlers) each call gets its own.
 */
const renderTokenMemo = cache((): TokenMemo => new Map());

/**
 * One way to reach the donation API: in-process (default) or, with DONATION_API_URL, an upstream server
 * speaking the same section-7 contract. Both build the same Request, so there is one code path.
 */
export async function callDonationApi(
  path: string,
  init: {
    method?: string;
    token?: string;
    body?: unknown;
    rawBody?: BodyInit | null;
    headers?: Record<string, string>;
    requestId?: string;
  } = {},
): Promise<Response> {
  if (!path.startsWith('/api/')) throw new Error(`donation API paths start with /api/: ${path}`);
  const upstream = process.env.DONATION_API_URL?.replace(/\/+$/, '');
  const url = `${upstream ?? 'http://donation-api.internal'}${path}`;
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  // The id of the page's own request (the reverse proxy's, e.g. nginx's $request_id, else the one the edge made), so
  // the API's log lines of every internal call of one page carry the same id.
  const requestId = init.requestId ?? (await currentRequestId());
  if (requestId) headers.set('x-request-id', requestId);
  let body: BodyInit | null | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers.set('content-type', 'application/json');
  }
  const request = new Request(url, { method: init.method ?? 'GET', headers, body, ...(body ? { duplex: 'half' } : {}) } as RequestInit);
  if (upstream) return fetch(request);
  const { app } = await getDonationApi();
  return app.fetch(request, { tokenMemo: renderTokenMemo() });
}

/** JSON of a donation API answer, or an ApiCallError holding its status and { code, message }. */
export async function donationApiJson<T>(path: string, init: Parameters<typeof callDonationApi>[1] = {}): Promise<T> {
  const res = await callDonationApi(path, init);
  const json = await readAnswer(res);
  if (!res.ok) {
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new ApiCallError(res.status, json as { code?: string; message?: string }, retryAfter > 0 ? retryAfter : undefined);
  }
  return json as T;
}

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code?: string; message?: string } | undefined,
    /** The answer's Retry-After, in seconds, when it gave one (a sign-in lock, a database outage). */
    readonly retryAfterSeconds?: number,
  ) {
    super(body?.message ?? String(status));
  }
  get code() {
    return this.body?.code;
  }
}
