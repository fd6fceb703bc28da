import { intlLocale } from '@/lib/i18n/config';

/** Numbers only (Intl, no date-fns): what the donation form needs. */
export function makeNumberFormats(locale: string) {
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
