import { intlLocale } from '@/lib/i18n/config';

type NumberFormats = ReturnType<typeof buildNumberFormats>;

// One set per language for the whole process (server) or page (browser): they depend on the language only, and an
// Intl formatter costs far more to make than to use (a page of rows asked for dozens).
const byLocale = new Map<string, NumberFormats>();

/** Numbers only (Intl, no date-fns): what the donation form needs. */
export function makeNumberFormats(locale: string): NumberFormats {
  let formats = byLocale.get(locale);
  if (!formats) byLocale.set(locale, (formats = buildNumberFormats(locale)));
  return formats;
}

function buildNumberFormats(locale: string) {
  const tag = intlLocale(locale === 'fr' ? 'fr' : 'en');
  const pounds = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return {
    locale: tag,
    pounds: (n: number) => pounds.format(n),
    /** A share 0..1 as a percentage with two decimals. */
    percent: (fraction: number) => percent.format(fraction),
  };
}
