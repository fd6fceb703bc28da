'use client';

import { format } from 'date-fns';
import { enCA, frCA } from 'date-fns/locale';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { intlLocale } from '@/lib/i18n/config';

/** Numbers and dates of the donation screens, formatted for en-CA / fr-CA (1,234.5 lbs · 1 234,5 lb). */
export function useDonationFormats() {
  const locale = useLocale();
  return useMemo(() => {
    const tag = intlLocale(locale === 'fr' ? 'fr' : 'en');
    const dfLocale = locale === 'fr' ? frCA : enCA;
    const pounds = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
    const percent = new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Calendar dates only: built at local midnight so the day never drifts with the time zone.
    const at = (year: number, month: number, day = 1) => new Date(year, month - 1, day);
    return {
      locale: tag,
      pounds: (n: number) => pounds.format(n),
      /** A share 0..1 as a percentage with two decimals. */
      percent: (fraction: number) => percent.format(fraction),
      /** Abbreviated month plus year: "Nov 2026" / "nov. 2026". */
      monthYear: (year: number, month: number) => format(at(year, month), 'MMM yyyy', { locale: dfLocale }),
      monthLong: (year: number, month: number) => format(at(year, month), 'LLLL yyyy', { locale: dfLocale }),
      monthShort: (year: number, month: number) => format(at(year, month), 'LLL', { locale: dfLocale }).replace('.', ''),
      dayMonth: (year: number, month: number, day: number) => format(at(year, month, day), 'PPP', { locale: dfLocale }),
    };
  }, [locale]);
}
