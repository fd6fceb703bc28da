'use client';

import { useLocale, useTimeZone } from 'next-intl';
import { useMemo } from 'react';

/**
 * A moment (ISO string) as a date and time in en-CA / fr-CA, in the app's time zone (next-intl's, APP_TIME_ZONE) as
 * the server-rendered screens show it: the server and the browser then write the same text for a list rendered on
 * the server and taken over in the browser.
 */
export function useWhen() {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'long', timeStyle: 'short', timeZone });
    return (iso: string) => f.format(new Date(iso));
  }, [locale, timeZone]);
}
