'use client';

import { signOut } from 'next-auth/react';
import { clearLocaleCookie } from '@/lib/i18n/actions';
import { getQueryClient, markSigningOut } from '@/lib/query/get-query-client';

/** Log out (section 4): the session and its API token go, the language cookie is cleared, back to /login. */
export async function logOut() {
  markSigningOut();
  const queryClient = getQueryClient();
  await queryClient.cancelQueries();
  await clearLocaleCookie().catch(() => undefined);
  queryClient.clear();
  try {
    sessionStorage.clear();
  } catch {
    /* storage may be unavailable */
  }
  await signOut({ callbackUrl: '/login' });
}
