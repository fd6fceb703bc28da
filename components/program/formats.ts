import { intlLocale } from '@/lib/i18n/config';

const made = new Map<string, ReturnType<typeof buildProgramFormats>>();

/**
 * Numbers and dates of the program screens (en-CA / fr-CA), on the server: made once per language and time zone and
 * kept, as an Intl formatter costs far more to make than to use (nine of them a call, several calls a page).
 */
export function programFormats(locale: string, timeZone?: string) {
  const key = `${locale === 'fr' ? 'fr' : 'en'}|${timeZone ?? ''}`;
  let formats = made.get(key);
  if (!formats) {
    // Zones come from the configuration, a handful at most; the bound only keeps a mistake from growing without end.
    if (made.size >= 32) made.clear();
    made.set(key, (formats = buildProgramFormats(locale, timeZone)));
  }
  return formats;
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
