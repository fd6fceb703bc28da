'use client';

import { clearLocaleCookie } from '@/lib/i18n/actions';
import { cancelBrowserQueries, clearBrowserQueries } from '@/lib/query/browser-client';
import { markSigningOut } from '@/lib/query/bff';
import { clearUserCaches } from '@/lib/offline/caches';

/** Log out (section 4): the session and its API token go, the language cookie is cleared, back to /login. */
export async function logOut() {
  markSigningOut();
  await cancelBrowserQueries();
  await clearLocaleCookie().catch(() => undefined);
  clearBrowserQueries();
  // The service worker's copies of this user's pages and data go too (drafts and the outbox stay: they are per user).
  await clearUserCaches();
  try {
    sessionStorage.clear();
  } catch {
    /* storage may be unavailable */
  }
  // next-auth's client is loaded only now: the signed-in pages do not carry it.
  const { signOut } = await import('next-auth/react');
  await signOut({ callbackUrl: '/login' });
}
