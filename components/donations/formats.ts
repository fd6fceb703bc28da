import { format } from 'date-fns';
import { enCA } from 'date-fns/locale/en-CA';
import { frCA } from 'date-fns/locale/fr-CA';
import { makeNumberFormats } from './number-formats';

/** French writes the first of a month as an ordinal: "1 novembre" → "1er novembre" (a text that starts with the day). */
export const firstAsOrdinal = (text: string, locale: string) => (locale.startsWith('fr') ? text.replace(/^1(?=\s)/, '1er') : text);

/**
 * Numbers and dates of the donation screens, formatted for en-CA / fr-CA (1,234.5 lbs · 1 234,5 lb).
 * Used on the server (Monthly Reports) and in the browser (month donations, through useDonationFormats).
 */
export function makeDonationFormats(locale: string) {
  const dfLocale = locale === 'fr' ? frCA : enCA;
  // Calendar dates only: built at local midnight so the day never drifts with the time zone.
  const at = (year: number, month: number, day = 1) => new Date(year, month - 1, day);
  return {
    ...makeNumberFormats(locale),
    /** Abbreviated month plus year: "Nov 2026" / "nov. 2026". */
    monthYear: (year: number, month: number) => format(at(year, month), 'MMM yyyy', { locale: dfLocale }),
    monthLong: (year: number, month: number) => format(at(year, month), 'LLLL yyyy', { locale: dfLocale }),
    monthShort: (year: number, month: number) => format(at(year, month), 'LLL', { locale: dfLocale }).replace('.', ''),
    /** "November 1, 2026" / "1er novembre 2026" (French writes the first of a month as an ordinal). */
    dayMonth: (year: number, month: number, day: number) => {
      return firstAsOrdinal(format(at(year, month, day), 'PPP', { locale: dfLocale }), locale);
    },
  };
}
