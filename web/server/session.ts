import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { decode, type JWT } from 'next-auth/jwt';
import { callDonationApi } from './donation-api-client';
import { SESSION_COOKIE } from './env';

/**
 * The decoded session (with the API token) from the request's cookie; null when signed out or expired. Decoded once
 * per request: React's cache shares it between the layout, the page, the screen calls and the locale lookup.
 */
export const getSessionJwt = cache(async (): Promise<JWT | null> => {
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
});

/**
 * The session only while the API still accepts its token: after a sign-out or a password change elsewhere the
 * cookie still decodes, but its token is revoked. One lookup per request (React's cache shares it between the
 * layout and the page); a failure to reach the API counts as signed out, never as signed in.
 */
export const getLiveSessionJwt = cache(async (): Promise<JWT | null> => {
  const jwt = await getSessionJwt();
  if (!jwt?.apiToken) return null;
  const res = await callDonationApi('/api/user/session', { token: jwt.apiToken }).catch(() => null);
  return res?.status === 204 ? jwt : null;
});
