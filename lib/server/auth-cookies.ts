import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { cookies } from 'next/headers';
import { secureCookies } from './env';

// Cookies of the sign-in routes other than the session itself. All httpOnly: browser JS never reads a token.

/**
 * The saved token of section 9 (login flow (d)): the API token of the last sign-in, one year, path /, and
 * over https Secure + SameSite=None (section 9's "cross-site": it must reach us inside the chat tool's frame).
 * Over plain http (localhost) browsers refuse SameSite=None without Secure, so it is Lax there.
 * httpOnly, unlike the original client's cookie: only the server exchanges it (POST /api/user/login/token).
 */
export const SAVED_TOKEN_COOKIE = () => (secureCookies() ? '__Secure-rfp.saved-token' : 'rfp.saved-token');
export const SAVED_TOKEN_MAX_AGE = 31_536_000;

/** The e-mail code challenge's link state (from POST /api/user/login/facebook), 15 minutes like the state itself. */
export const LINK_STATE_COOKIE = () => (secureCookies() ? '__Secure-rfp.link-state' : 'rfp.link-state');
export const LINK_STATE_MAX_AGE = 15 * 60;

/** Cookies that must work inside the chat tool's frame (a cross-site context): None+Secure over https. */
export function crossSiteCookieOptions(maxAge: number) {
  const secure = secureCookies();
  return { httpOnly: true, path: '/', maxAge, secure, sameSite: secure ? ('none' as const) : ('lax' as const) };
}

/**
 * Sets or deletes a cookie from next-auth callbacks. They run inside our route handler (where Next merges these
 * cookies into the response) but also under getServerSession() in a server component, where writing throws:
 * there the write is skipped, which is right (the next route-handler call writes it).
 */
export async function trySetCookie(name: string, value: string | null, maxAge: number): Promise<boolean> {
  try {
    const store = await cookies();
    if (value === null) store.set(name, '', { ...crossSiteCookieOptions(0), maxAge: 0 });
    else store.set(name, value, crossSiteCookieOptions(maxAge));
    return true;
  } catch {
    return false;
  }
}

export async function readCookie(name: string): Promise<string | undefined> {
  try {
    return (await cookies()).get(name)?.value;
  } catch {
    return undefined;
  }
}

/**
 * Marks the calls during which the session's JWT may be renewed: only /api/auth/session, whose answer rewrites
 * the session cookie. A renewal under getServerSession() in a page could not be saved, and would only mint
 * API tokens for nothing.
 */
const renewal = new AsyncLocalStorage<boolean>();
export const withRenewal = <T>(f: () => Promise<T>) => renewal.run(true, f);
export const renewalAllowed = () => renewal.getStore() === true;

/** Written by sign-out for a single sign-on user, read once by /bff/public/provider-logout (see there). */
export const LOGOUT_HINT_COOKIE = () => (secureCookies() ? '__Secure-rfp.logout-hint' : 'rfp.logout-hint');
