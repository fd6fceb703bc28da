// ANY /bff/... - backend-for-frontend: the session's API token added to a call of the donation API
import { randomUUID } from 'node:crypto';
import { type NextRequest } from 'next/server';
import { callDonationApi } from '@/lib/server/donation-api-client';
import { appOrigin } from '@/lib/server/env';
import { getSessionJwt } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const PASS_HEADERS = ['content-type', 'content-disposition', 'x-request-id', 'cache-control'];

function json(status: number, code: string, message: string) {
  return Response.json({ code, message }, { status, headers: { 'cache-control': 'no-store' } });
}

/** Mutations must come from our own pages: the Origin (sent by browsers on POST/PUT/DELETE) must be ours. */
function sameOrigin(request: NextRequest): boolean {
  const origin = request.headers.get('origin');
  if (origin) return origin === appOrigin() || origin === request.nextUrl.origin;
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

async function handle(request: NextRequest, { params }: { params: Promise<{ path: string[] }> }) {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD' && !sameOrigin(request)) return json(403, 'CSRF', 'Cross-site request refused.');
  // Never trust the proxy alone: every BFF call checks the session again.
  const session = await getSessionJwt();
  if (!session?.apiToken) return json(401, 'UNAUTHORIZED', 'Authentication required.');
  const { path } = await params;
  if (path.some((p) => p === '..' || p === '.' || p.includes('\\'))) return json(400, 'BAD_REQUEST', 'Invalid request.');
  const target = `/api/${path.map(encodeURIComponent).join('/')}${request.nextUrl.search}`;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const res = await callDonationApi(target, {
    method,
    token: session.apiToken,
    rawBody: hasBody ? await request.arrayBuffer().then((b) => (b.byteLength ? Buffer.from(b) : null)) : undefined,
    headers: hasBody && request.headers.get('content-type') ? { 'content-type': request.headers.get('content-type')! } : undefined,
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
