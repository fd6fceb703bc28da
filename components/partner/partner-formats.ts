import { programFormats } from '@/components/program/formats';
import { PROVINCE_CODES, PROVINCE_NAMES, type ProvinceCode } from '@/lib/domain/enums';
import { splitMonth } from './partner-params';

/** Numbers, months and dates of the partner screens (en-CA / fr-CA), on the server: the program screens' formats. */
export function partnerFormats(locale: string, timeZone?: string) {
  const f = programFormats(locale, timeZone);
  const lang: 'en' | 'fr' = locale === 'fr' ? 'fr' : 'en';
  const monthDay = new Intl.DateTimeFormat(f.tag, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return {
    ...f,
    lang,
    /** '2026-10' → 'October 2026' / 'octobre 2026'. */
    yearMonth: (ym: string) => {
      const { year, month } = splitMonth(ym);
      return f.monthYear(year, month);
    },
    /** A calendar date without its year: 'Oct 18' / '18 oct.'. */
    dayOfMonth: (date: string) => monthDay.format(new Date(`${date}T00:00:00Z`)),
    /** '2026-10' → 'Oct' / 'oct', for the chart's axis. */
    monthAbbr: (ym: string) => f.monthShort(splitMonth(ym).month),
    province: (code: string | null) =>
      code && (PROVINCE_CODES as readonly string[]).includes(code) ? PROVINCE_NAMES[code as ProvinceCode][lang] : (code ?? ''),
  };
}

export type PartnerFormats = ReturnType<typeof partnerFormats>;

/** A store as the partner knows it: its name and, when it has one, its number. */
export const storeLabel = (s: { name: string; number: string | null }) => (s.number ? `${s.name} #${s.number}` : s.name);
