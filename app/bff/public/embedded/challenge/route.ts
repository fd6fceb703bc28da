// POST /bff/public/embedded/challenge - the chat view's "send me a code" step: POST /api/user/login/challenge with the link state kept in its httpOnly cookie
import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { LINK_STATE_COOKIE } from '@/web/server/auth-cookies';
import { callDonationApi } from '@/web/server/donation-api-client';
import { readLimitedJson } from '@/web/server/limited-body';
import { refuseCrossSite } from '@/web/server/same-origin';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
const bodySchema = z.object({ username: z.string().trim().min(1).max(320) });

export async function POST(request: NextRequest) {
  // No session yet: only our own page may call this, and only with the link state the chat sign-in left.
  const crossSite = refuseCrossSite(request);
  if (crossSite) return crossSite;
  const linkState = request.cookies.get(LINK_STATE_COOKIE())?.value;
  if (!linkState) return json(401, { code: 'SSO_AUTHENTICATE_AGAIN', message: 'You have to authenticate again. Please follow the instruction below.' });
  const raw = await readLimitedJson(request, 4096);
  if (raw instanceof Response) return raw;
  const parsed = bodySchema.safeParse(raw);
  if (!parsed.success) return json(400, { code: 'BAD_REQUEST', message: 'A username is required.' });

  const res = await callDonationApi(`/api/user/login/challenge?${new URLSearchParams({ username: parsed.data.username })}`, { method: 'POST', token: linkState });
  if (res.status === 204) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
  return json(res.status >= 500 && res.status !== 503 ? 502 : res.status, { code: body?.code ?? 'SSO_UNEXPECTED', message: body?.message ?? 'Unexpected error.' });
}
