// GET /bff/public/provider-logout - after log out of a single sign-on user: on to the identity provider's end-session endpoint
import { type NextRequest } from 'next/server';
import { decode } from 'next-auth/jwt';
import { LOGOUT_HINT_COOKIE } from '@/web/server/auth-cookies';
import { appOrigin } from '@/web/server/env';
import { discovery, isSsoProvider, ssoEndpoints } from '@/web/server/sso-providers';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The only credential here is the hint cookie that our sign-out just wrote (encrypted with the session secret,
 * five minutes): it names the provider and carries the ID token as id_token_hint. The redirect carries that
 * token to the provider through a Location header, never through page JavaScript.
 */
export async function GET(request: NextRequest) {
  const login = new URL('/login', appOrigin());
  const headers = new Headers({ 'cache-control': 'no-store', location: login.toString() });
  const raw = request.cookies.get(LOGOUT_HINT_COOKIE())?.value;
  headers.append('set-cookie', `${LOGOUT_HINT_COOKIE()}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${appOrigin().startsWith('https://') ? '; Secure' : ''}`);
  if (!raw || raw.length > 8192 || !process.env.NEXTAUTH_SECRET) return new Response(null, { status: 303, headers });
  const hint = await decode({ token: raw, secret: process.env.NEXTAUTH_SECRET }).catch(() => null);
  const provider = typeof hint?.provider === 'string' ? hint.provider : undefined;
  const endpoints = isSsoProvider(provider) ? ssoEndpoints()[provider] : undefined;
  const doc = endpoints ? await discovery(endpoints.wellKnown) : null;
  const endSession = typeof doc?.end_session_endpoint === 'string' ? doc.end_session_endpoint : undefined;
  if (!endpoints || !endSession) return new Response(null, { status: 303, headers });
  const target = new URL(endSession);
  if (typeof hint?.idToken === 'string') target.searchParams.set('id_token_hint', hint.idToken);
  target.searchParams.set('client_id', endpoints.clientId);
  target.searchParams.set('post_logout_redirect_uri', login.toString());
  headers.set('location', target.toString());
  return new Response(null, { status: 303, headers });
}
