import 'server-only';
import { cookies } from 'next/headers';
import { decode, type JWT } from 'next-auth/jwt';
import { SESSION_COOKIE } from './env';

/** The decoded session (with the API token) from the request's cookie; null when signed out or expired. */
export async function getSessionJwt(): Promise<JWT | null> {
  const store = await cookies();
  const raw = store.get(SESSION_COOKIE())?.value;
  if (!raw || !process.env.NEXTAUTH_SECRET) return null;
  try {
    const jwt = await decode({ token: raw, secret: process.env.NEXTAUTH_SECRET });
    if (!jwt?.apiToken || !jwt.user) return null;
    if (jwt.apiTokenExpiresAt && Date.parse(jwt.apiTokenExpiresAt) <= Date.now()) return null;
    return jwt;
  } catch {
    return null;
  }
}
