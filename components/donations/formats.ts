import { madeOnce } from '@/lib/domain/made-once';
import { firstAsOrdinal } from '@/lib/domain/written-dates';
import { makeNumberFormats } from './number-formats';

/**
 * Numbers and dates of the donation screens, formatted for en-CA / fr-CA (1,234.5 lbs · 1 234,5 lb), one set per
 * language. Used on the server (Monthly Reports) and in the browser (month donations, through useDonationFormats).
 */
export const makeDonationFormats = madeOnce(buildDonationFormats);

function buildDonationFormats(locale: string) {
  const tag = locale === 'fr' ? 'fr-CA' : 'en-CA';
  // Intl's own month names (CLDR): nothing to send to the browser, as date-fns and its two locales were (about 8 kB).
  const monthYearFormat = new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric' });
  const monthLongFormat = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric' });
  const monthShortFormat = new Intl.DateTimeFormat(tag, { month: 'short' });
  const dayFormat = new Intl.DateTimeFormat(tag, { dateStyle: 'long' });
  // Calendar dates only: built at local midnight so the day never drifts with the time zone.
  const at = (year: number, month: number, day = 1) => new Date(year, month - 1, day);
  return {
    ...makeNumberFormats(locale),
    /** Abbreviated month plus year: "Nov 2026" / "nov. 2026". */
    monthYear: (year: number, month: number) => monthYearFormat.format(at(year, month)),
    monthLong: (year: number, month: number) => monthLongFormat.format(at(year, month)),
    monthShort: (year: number, month: number) => monthShortFormat.format(at(year, month)).replace('.', ''),
    /** "November 1, 2026" / "1er novembre 2026" (French writes the first of a month as an ordinal). */
    dayMonth: (year: number, month: number, day: number) => firstAsOrdinal(dayFormat.format(at(year, month, day)), locale),
  };
}
