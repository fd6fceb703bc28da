'use client';

import { clearLocaleCookie } from '@/web/i18n/actions';
import { cancelBrowserQueries, clearBrowserQueries } from '@/web/query/browser-client';
import { markSigningOut } from '@/web/query/bff';
import { clearUserCaches } from '@/web/offline/caches';

/** Log out (docs/product.md, After sign-in, and log out): session, API token and language cookie go; back to /login. */
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
