import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import type { InvitationInfo } from '@/lib/domain/program-people';
import { ApiCallError, donationApiJson } from '@/web/server/donation-api-client';
import { getSessionJwt } from '@/web/server/session';
import { acceptLanguageLocale } from './accept-language';
import { DEFAULT_LOCALE, LOCALE_COOKIE, toLocale, type Locale } from './config';
import { INVITATION_TOKEN_HEADER } from './invitation-header';

/**
 * What an invitation link is for; 'gone' when the API knows no live link of that token (unknown, used or expired:
 * its 404, or 400 for a malformed one), null when it could not say (an outage). One API call per request.
 */
export const invitationLookup = cache(async (token: string): Promise<InvitationInfo | 'gone' | null> =>
  donationApiJson<InvitationInfo>('/api/invitation/check', { method: 'POST', body: { token } }).catch((err: unknown) =>
    err instanceof ApiCallError && (err.status === 404 || err.status === 400) ? ('gone' as const) : null,
  ),
);

/** What an invitation link is for, or null when it is not live or the API could not say. */
export async function invitationInfo(token: string): Promise<InvitationInfo | null> {
  const found = await invitationLookup(token);
  return found === 'gone' ? null : found;
}

/**
 * The language of a page: the fbc-locale cookie (the EN/FR toggle) wins; on an invitation link, the invitee's
 * language, else the browser's; then the signed-in user's locale; the browser's for a signed-out visitor of a page
 * that asks it (not found); else English.
 */
export const visitorLocale = cache(async (askBrowser: boolean): Promise<Locale> => {
  const chosen = toLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  if (chosen) return chosen;
  const h = await headers();
  const token = h.get(INVITATION_TOKEN_HEADER);
  if (token) {
    const invitee = toLocale((await invitationInfo(token))?.locale);
    return invitee ?? acceptLanguageLocale(h.get('accept-language')) ?? DEFAULT_LOCALE;
  }
  const user = toLocale((await getSessionJwt())?.user?.locale);
  if (user) return user;
  return (askBrowser ? acceptLanguageLocale(h.get('accept-language')) : null) ?? DEFAULT_LOCALE;
});
