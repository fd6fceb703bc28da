'use server';

import { cookies } from 'next/headers';
import { LOCALE_COOKIE, toLocale } from './config';

/** The EN/FR toggle: the language cookie wins over the user's locale (docs/product.md, Common elements). */
export async function setLocaleCookie(value: string) {
  const locale = toLocale(value);
  if (!locale) return;
  (await cookies()).set(LOCALE_COOKIE, locale, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600 });
}

/** Log out clears the language cookie. */
export async function clearLocaleCookie() {
  (await cookies()).delete(LOCALE_COOKIE);
}
