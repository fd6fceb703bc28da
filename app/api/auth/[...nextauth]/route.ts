// GET, POST /api/auth/... - next-auth: sign in (password, single sign-on, chat view, e-mail code, saved token), session, sign out
import NextAuth from 'next-auth';
import { encode, getToken } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { EMBEDDED_COOKIE } from '@/web/auth/embedded';
import { CALLBACK_URL_COOKIE, LOGOUT_HINT_COOKIE, SAVED_TOKEN_COOKIE, serializeCookie, withAuthScope } from '@/web/server/auth-cookies';
import { authOptionsFor } from '@/web/server/auth-options';
import { appOrigin, SESSION_COOKIE, secureCookies } from '@/web/server/env';
import { refuseAuthRequest } from '@/web/server/auth-request-check';
import { readLimitedText } from '@/web/server/limited-body';
import { ssoEndpoints } from '@/web/server/sso-providers';

/** Sign-in forms and the chat tool's signed request are small; nothing longer is read. */
const AUTH_BODY_MAX = 64 * 1024;

export const runtime = 'nodejs';

type Ctx = { params: Promise<{ nextauth: string[] }> };

const sameSiteLax = NextAuth(authOptionsFor({ crossSite: false }));
const crossSite = NextAuth(authOptionsFor({ crossSite: true }));

// The customer identity's "forgot password" link ends its sign-in with this error code, not with a sign-in.
const B2C_FORGOT_PASSWORD = 'AADB2C90118';

async function handler(incoming: NextRequest, ctx: Ctx) {
  let request = incoming;
  let body: string | undefined;
  if (incoming.method === 'POST') {
    // The body is read here, within a limit and refusing a NUL character, then handed to next-auth as it came.
    const read = await readLimitedText(incoming, AUTH_BODY_MAX);
    if (read instanceof Response) return read;
    body = read;
    request = new NextRequest(incoming.url, { method: 'POST', headers: incoming.headers, body });
  }
  // What no browser of the app sends, and next-auth answered with a 500: a 4xx here.
  const callbackCookie = request.cookies.get(CALLBACK_URL_COOKIE())?.value;
  const refused = refuseAuthRequest(request, body, callbackCookie);
  if (refused) return refused;
  const { pathname, searchParams } = request.nextUrl;
  if (pathname === '/api/auth/callback/azure-ad-b2c' && searchParams.get('error_description')?.includes(B2C_FORGOT_PASSWORD)) {
    // On to the forgot-password user flow (docs/product.md, Single sign-on): its own provider, hidden from /login.
    const target = new URL('/login', request.nextUrl.origin);
    target.searchParams.set(
      ssoEndpoints()['azure-ad-b2c-reset'] ? 'sso' : 'error',
      ssoEndpoints()['azure-ad-b2c-reset'] ? 'reset' : 'SSO_AUTHENTICATE_AGAIN',
    );
    return Response.redirect(target, 303);
  }
  // A session opened inside the chat tool's frame lives in a cross-site context: its cookies must be
  // SameSite=None (over https). The embedded login page marks the browser for that (see proxy.ts).
  const handle = request.cookies.get(EMBEDDED_COOKIE)?.value === '1' ? crossSite : sameSiteLax;
  // Only the session endpoint may renew the API token: its answer is what rewrites the session cookie.
  if (pathname === '/api/auth/signout' && request.method === 'POST') return signOutThroughProvider(request, ctx, handle);
  return withAuthScope({ renew: pathname === '/api/auth/session' }, () => handle(request, ctx));
}

/**
 * Log out of an identity-provider user also signs out at the provider (docs/product.md, After sign-in, and log out).
 * next-auth clears the session and answers where the page goes next; for such a user that becomes
 * /bff/public/provider-logout, with the ID token (the id_token_hint) handed over in a short-lived encrypted httpOnly
 * cookie, never in the JSON the page reads.
 */
async function signOutThroughProvider(request: NextRequest, ctx: Ctx, handle: typeof sameSiteLax) {
  const secret = process.env.NEXTAUTH_SECRET;
  const jwt = secret ? await getToken({ req: request, secret, cookieName: SESSION_COOKIE() }).catch(() => null) : null;
  const res: Response = await handle(request, ctx);
  const headers = new Headers(res.headers);
  // The saved token goes with the session (events.signOut revokes the API token it holds), and only then: a sign-out
  // next-auth refused (no CSRF token: a cross-site form) leaves both cookies as they were.
  const signedOut = res.headers
    .getSetCookie()
    .some((c) => /^[^=]*session-token(\.\d+)?=/.test(c) && c.startsWith(SESSION_COOKIE()) && /max-age=0|expires=thu, 01 jan 1970/i.test(c));
  if (!signedOut) return res;
  headers.append('set-cookie', serializeCookie(SAVED_TOKEN_COOKIE(), '', 0));
  if (!jwt?.sso || !secret || !res.ok || !(res.headers.get('content-type') ?? '').includes('json')) {
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
  const hint = await encode({ token: { provider: jwt.sso.provider, idToken: jwt.sso.idToken }, secret, maxAge: 300 });
  headers.delete('content-length');
  headers.append(
    'set-cookie',
    `${LOGOUT_HINT_COOKIE()}=${hint}; Path=/; Max-Age=300; HttpOnly; SameSite=Lax${secureCookies() ? '; Secure' : ''}`,
  );
  return Response.json({ url: new URL('/bff/public/provider-logout', appOrigin()).toString() }, { status: 200, headers });
}

export { handler as GET, handler as POST };
