'use client';

import { useLocale } from 'next-intl';
import { useMemo } from 'react';

/** A moment (ISO string) as a date and time in en-CA / fr-CA. */
export function useWhen() {
  const locale = useLocale();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'long', timeStyle: 'short' });
    return (iso: string) => f.format(new Date(iso));
  }, [locale]);
}
