import { getRequestConfig } from 'next-intl/server';
import { appTimeZone } from '@/web/server/env';
import { toLocale } from './config';
import { visitorLocale } from './visitor-locale';

// Locale without routing: the fbc-locale cookie wins, then the signed-in user's locale, else English; an
// invitation link's page speaks the invitee's language (web/i18n/visitor-locale.ts).
// A page that names its language (getTranslations({ locale }), the not-found page) gets that language's texts.
export default getRequestConfig(async ({ locale: named }) => {
  const locale = toLocale(named) ?? (await visitorLocale(false));
  return {
    locale,
    timeZone: appTimeZone(),
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
