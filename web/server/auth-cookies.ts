import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { cookies } from 'next/headers';
import { secureCookies } from './env';

// Cookies of the sign-in routes other than the session itself. All httpOnly: browser JS never reads a token.

/** next-auth's callback address cookie (its name in authOptionsFor). */
export const CALLBACK_URL_COOKIE = () => (secureCookies() ? '__Secure-rfp.callback-url' : 'rfp.callback-url');

/**
 * The saved token (docs/product.md, The saved token): the API token of the last sign-in, one year, path /, and
 * over https Secure + SameSite=None ("cross-site": it must reach us inside the chat tool's frame).
 * Over plain http (localhost) browsers refuse SameSite=None without Secure, so it is Lax there.
 * httpOnly, unlike the original client's cookie: only the server exchanges it (POST /api/user/login/token).
 */
export const SAVED_TOKEN_COOKIE = () => (secureCookies() ? '__Secure-rfp.saved-token' : 'rfp.saved-token');
export const SAVED_TOKEN_MAX_AGE = 31_536_000;

/**
 * The device cookie (OWASP): signed by the API at a successful password sign-in, naming the user; sent back with
 * the next sign-ins so that a lockout of the username (anyone can cause one) does not stop this browser.
 */
export const DEVICE_COOKIE = () => (secureCookies() ? '__Secure-rfp.device' : 'rfp.device');
export const DEVICE_COOKIE_MAX_AGE = 31_536_000;

/** The e-mail code challenge's link state (from POST /api/user/login/facebook), 15 minutes like the state itself. */
export const LINK_STATE_COOKIE = () => (secureCookies() ? '__Secure-rfp.link-state' : 'rfp.link-state');

/** Cookies that must work inside the chat tool's frame (a cross-site context): None+Secure over https. */
export function crossSiteCookieOptions(maxAge: number) {
  const secure = secureCookies();
  return { httpOnly: true, path: '/', maxAge, secure, sameSite: secure ? ('none' as const) : ('lax' as const) };
}

/** What one /api/auth request may write besides next-auth's own cookies, and whether it may renew the session. */
type AuthRequestScope = { cookies: string[]; renew: boolean };
const scope = new AsyncLocalStorage<AuthRequestScope>();

/**
 * Runs a next-auth request and appends the cookies our callbacks asked for as raw Set-Cookie headers.
 * Not next/headers' cookies().set(): Next then re-parses and re-writes every Set-Cookie of the response,
 * and next-auth's deletions (Max-Age=0) come out as empty session cookies instead.
 */
export async function withAuthScope(opts: { renew: boolean }, f: () => Promise<Response>): Promise<Response> {
  const s: AuthRequestScope = { cookies: [], renew: opts.renew };
  const res = await scope.run(s, f);
  if (s.cookies.length === 0) return res;
  const headers = new Headers(res.headers);
  for (const c of s.cookies) headers.append('set-cookie', c);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

export function serializeCookie(name: string, value: string, maxAge: number): string {
  const o = crossSiteCookieOptions(maxAge);
  return `${name}=${encodeURIComponent(value)}; Path=${o.path}; Max-Age=${maxAge}; HttpOnly; SameSite=${o.sameSite === 'none' ? 'None' : 'Lax'}${o.secure ? '; Secure' : ''}`;
}

/**
 * Sets (or, with null, deletes) a cookie from next-auth callbacks. Only inside our /api/auth route; under
 * getServerSession() in a page nothing can be written, and nothing is (the next route call does it).
 */
export async function trySetCookie(name: string, value: string | null, maxAge: number): Promise<boolean> {
  const s = scope.getStore();
  if (!s) return false;
  s.cookies.push(value === null ? serializeCookie(name, '', 0) : serializeCookie(name, value, maxAge));
  return true;
}

export async function readCookie(name: string): Promise<string | undefined> {
  try {
    return (await cookies()).get(name)?.value;
  } catch {
    return undefined;
  }
}

/**
 * Renewal of the session's API token happens only on /api/auth/session, whose answer rewrites the session
 * cookie. A renewal under getServerSession() in a page could not be saved, and would only mint tokens for nothing.
 */
export const renewalAllowed = () => scope.getStore()?.renew === true;

/** Written by sign-out for a single sign-on user, read once by /bff/public/provider-logout (see there). */
export const LOGOUT_HINT_COOKIE = () => (secureCookies() ? '__Secure-rfp.logout-hint' : 'rfp.logout-hint');
