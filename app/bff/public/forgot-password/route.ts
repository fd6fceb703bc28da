// POST /bff/public/forgot-password - the signed-out Forgot Password screen's call to POST /api/user/forgot-password (no token)
import { type NextRequest } from 'next/server';
import { forgotPasswordBodySchema } from '@/lib/domain/password';
import { callDonationApi } from '@/lib/server/donation-api-client';
import { appOrigin } from '@/lib/server/env';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

export async function POST(request: NextRequest) {
  // No session to lean on, so only our own pages may call this (the generic BFF's CSRF rule).
  const origin = request.headers.get('origin');
  const same = origin ? origin === appOrigin() || origin === request.nextUrl.origin : request.headers.get('sec-fetch-site') === 'same-origin';
  if (!same) return json(403, { code: 'CSRF', message: 'Cross-site request refused.' });

  const parsed = forgotPasswordBodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json(400, { code: 'BAD_REQUEST', message: 'Invalid request.' });

  const xff = request.headers.get('x-forwarded-for');
  const res = await callDonationApi('/api/user/forgot-password', {
    method: 'POST',
    body: { username: parsed.data.username },
    // The API rate-limits by address as well as by username.
    headers: xff ? { 'x-forwarded-for': xff } : undefined,
  });
  const text = await res.text();
  return new Response(text, { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' } });
}
