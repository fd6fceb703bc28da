import type { NextRequest } from 'next/server';
import { appOrigin } from '@/web/server/env';

/**
 * The BFF's one cross-site request check. Mutations must come from our own pages: browsers send Origin on
 * POST/PUT/DELETE, and it must be ours; without it, Sec-Fetch-Site must say same-origin. Answers the refusal, or null
 * when the request may go on. The screens never show its text: a refused request is not one they make.
 */
export function refuseCrossSite(request: NextRequest): Response | null {
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') return null;
  const origin = request.headers.get('origin');
  const same = origin
    ? origin === appOrigin() || origin === request.nextUrl.origin
    : request.headers.get('sec-fetch-site') === 'same-origin';
  if (same) return null;
  return Response.json(
    { code: 'CSRF', message: 'Cross-site request refused. / Requête intersite refusée.' },
    { status: 403, headers: { 'cache-control': 'no-store' } },
  );
}
