// ANY /bff/... - backend-for-frontend: the session's API token added to a call of the donation API
import { randomUUID } from 'node:crypto';
import { type NextRequest } from 'next/server';
import { callDonationApi } from '@/web/server/donation-api-client';
import { holdsNulText, readLimitedBody } from '@/web/server/limited-body';
import { refuseCrossSite } from '@/web/server/same-origin';
import { getSessionJwt } from '@/web/server/session';
import { bodyLimitFor } from '@/donation-api/app';
import { DOWNLOAD_TOKEN_PARAM, DOWNLOAD_TOKEN_PATTERN, downloadCookieName } from '@/web/download/download-token';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const PASS_HEADERS = ['content-type', 'content-disposition', 'x-request-id', 'cache-control', 'idempotency-replayed', 'retry-after'];

function json(status: number, code: string, message: string) {
  return Response.json({ code, message }, { status, headers: { 'cache-control': 'no-store' } });
}

/**
 * A file the page handed to the browser's download manager (web/download): whatever the answer, a cookie the page can
 * read says its status, for the page's banner. The token is only an address for that cookie, never sent to the API.
 */
async function handle(request: NextRequest, context: { params: Promise<{ path: string[] }> }) {
  const token = request.nextUrl.searchParams.get(DOWNLOAD_TOKEN_PARAM);
  if (token === null) return forward(request, context);
  request.nextUrl.searchParams.delete(DOWNLOAD_TOKEN_PARAM);
  const res = await forward(request, context);
  if (DOWNLOAD_TOKEN_PATTERN.test(token) && request.method.toUpperCase() === 'GET') {
    const secure = request.nextUrl.protocol === 'https:' ? '; Secure' : '';
    res.headers.append('set-cookie', `${downloadCookieName(token)}=${res.status}; Path=/; Max-Age=300; SameSite=Strict${secure}`);
  }
  return res;
}

async function forward(request: NextRequest, { params }: { params: Promise<{ path: string[] }> }) {
  const method = request.method.toUpperCase();
  const crossSite = refuseCrossSite(request);
  if (crossSite) return crossSite;
  // Never trust the proxy alone: every BFF call checks the session again.
  const session = await getSessionJwt();
  if (!session?.apiToken) return json(401, 'UNAUTHORIZED', 'Authentication required.');
  const { path } = await params;
  if (path.some((p) => p === '..' || p === '.' || p.includes('\\'))) return json(400, 'BAD_REQUEST', 'Invalid request.');
  const apiPath = `/api/${path.map(encodeURIComponent).join('/')}`;
  const target = `${apiPath}${request.nextUrl.search}`;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // The API's own limit, checked before reading here too; a NUL is refused here as there.
  const body = hasBody ? await readLimitedBody(request, bodyLimitFor(apiPath)) : undefined;
  if (body instanceof Response) return body;
  if (body?.byteLength && holdsNulText(new TextDecoder().decode(body))) {
    return json(400, 'INVALID_CHARACTERS', 'The request contains a character that is not allowed (a null character).');
  }
  const forward: Record<string, string> = {};
  const type = request.headers.get('content-type');
  if (hasBody && type) forward['content-type'] = type;
  // A retried create (the form sends one key per entry) must reach the API's replay.
  const key = request.headers.get('idempotency-key');
  if (key !== null) forward['idempotency-key'] = key;
  const res = await callDonationApi(target, {
    method,
    token: session.apiToken,
    rawBody: body?.byteLength ? Buffer.from(body) : hasBody ? null : undefined,
    headers: forward,
    requestId: request.headers.get('x-request-id') ?? randomUUID(),
  });
  const headers = new Headers();
  for (const h of PASS_HEADERS) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  headers.set('cache-control', 'no-store');
  return new Response(res.body, { status: res.status, headers });
}

export { handle as GET, handle as POST, handle as PUT, handle as DELETE };
