import { intlLocale } from '@/web/i18n/config';
import { madeOnce } from '@/lib/domain/made-once';

// One set per language and time zone (nine formatters a set, several calls a page).
const made = madeOnce((key) => {
  const [lang = '', timeZone] = key.split('|');
  return buildProgramFormats(lang, timeZone || undefined);
});

/** Numbers and dates of the program screens (en-CA / fr-CA), on the server. */
export function programFormats(locale: string, timeZone?: string) {
  return made(`${locale === 'fr' ? 'fr' : 'en'}|${timeZone ?? ''}`);
}

function buildProgramFormats(locale: string, timeZone?: string) {
  const tag = intlLocale(locale === 'fr' ? 'fr' : 'en');
  const num = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const whole = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  const instant = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone });
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const monthYear = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthShort = new Intl.DateTimeFormat(tag, { month: 'short', timeZone: 'UTC' });
  const monthLong = new Intl.DateTimeFormat(tag, { month: 'long', timeZone: 'UTC' });
  return {
    tag,
    pounds: (n: number) => num.format(n),
    whole: (n: number) => whole.format(n),
    percent: (fraction: number) => percent.format(fraction),
    /** An ISO instant, as a date in the app's time zone. */
    instant: (iso: string) => instant.format(new Date(iso)),
    /** A calendar date YYYY-MM-DD. */
    day: (date: string) => day.format(new Date(`${date}T00:00:00Z`)),
    monthYear: (year: number, month: number) => monthYear.format(Date.UTC(year, month - 1, 1)),
    monthShort: (month: number) => monthShort.format(Date.UTC(2001, month - 1, 1)).replace('.', ''),
    monthLong: (month: number) => monthLong.format(Date.UTC(2001, month - 1, 1)),
  };
}
