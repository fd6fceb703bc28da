'use client';

import { clearLocaleCookie } from '@/lib/i18n/actions';
import { cancelBrowserQueries, clearBrowserQueries } from '@/lib/query/browser-client';
import { markSigningOut } from '@/lib/query/bff';

/** Log out (section 4): the session and its API token go, the language cookie is cleared, back to /login. */
export async function logOut() {
  markSigningOut();
  await cancelBrowserQueries();
  await clearLocaleCookie().catch(() => undefined);
  clearBrowserQueries();
  try {
    sessionStorage.clear();
  } catch {
    /* storage may be unavailable */
  }
  // next-auth's client is loaded only now: the signed-in pages do not carry it.
  const { signOut } = await import('next-auth/react');
  await signOut({ callbackUrl: '/login' });
}
