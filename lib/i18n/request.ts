import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { appTimeZone } from '@/lib/server/env';
import { getSessionJwt } from '@/lib/server/session';
import { DEFAULT_LOCALE, LOCALE_COOKIE, toLocale } from './config';

// Locale without routing (section 4): the fbc-locale cookie wins, then the signed-in user's locale, else English.
export default getRequestConfig(async () => {
  const store = await cookies();
  let locale = toLocale(store.get(LOCALE_COOKIE)?.value);
  if (!locale) locale = toLocale((await getSessionJwt())?.user?.locale);
  locale ??= DEFAULT_LOCALE;
  return {
    locale,
    timeZone: appTimeZone(),
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
