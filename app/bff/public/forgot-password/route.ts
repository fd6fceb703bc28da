// POST /bff/public/forgot-password - the signed-out Forgot Password screen's call to POST /api/user/forgot-password (no token)
import { type NextRequest } from 'next/server';
import { forgotPasswordBodySchema } from '@/lib/domain/password';
import { callDonationApi } from '@/web/server/donation-api-client';
import { readLimitedJson } from '@/web/server/limited-body';
import { refuseCrossSite } from '@/web/server/same-origin';
import { requestAddressHeaders } from '@/web/server/client-address';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

export async function POST(request: NextRequest) {
  // No session to lean on, so only our own pages may call this (the generic BFF's CSRF rule).
  const crossSite = refuseCrossSite(request);
  if (crossSite) return crossSite;

  // A username is short: 4 KiB is plenty, and nothing longer is read.
  const raw = await readLimitedJson(request, 4096);
  if (raw instanceof Response) return raw;
  const parsed = forgotPasswordBodySchema.safeParse(raw);
  if (!parsed.success) return json(400, { code: 'BAD_REQUEST', message: 'Invalid request.' });

  const res = await callDonationApi('/api/user/forgot-password', {
    method: 'POST',
    body: { username: parsed.data.username },
    // The API rate-limits by address as well as by username: the address as this server sees it.
    headers: requestAddressHeaders(request),
  });
  const text = await res.text();
  return new Response(text, { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' } });
}
