import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { DEFAULT_LOCALE, LOCALE_COOKIE, toLocale } from './config';

// Locale without routing: the fbc-locale cookie wins, then the signed-in user's locale, else English.
export default getRequestConfig(async () => {
  const store = await cookies();
  const locale = toLocale(store.get(LOCALE_COOKIE)?.value) ?? DEFAULT_LOCALE;
  return {
    locale,
    timeZone: 'America/Toronto',
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
