import { intlLocale } from '@/web/i18n/config';
import { madeOnce } from '@/lib/domain/made-once';

/** Numbers only (Intl, no date-fns): what the donation form needs. */
export const makeNumberFormats = madeOnce(buildNumberFormats);

function buildNumberFormats(locale: string) {
  const tag = intlLocale(locale === 'fr' ? 'fr' : 'en');
  const pounds = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const whole = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  return {
    locale: tag,
    pounds: (n: number) => pounds.format(n),
    /** A count or a number of meals: no decimals. */
    whole: (n: number) => whole.format(n),
    /** Kilograms of CO2e: one decimal at most. */
    oneDecimal: (n: number) => oneDecimal.format(n),
    /** A share 0..1 as a percentage with two decimals. */
    percent: (fraction: number) => percent.format(fraction),
  };
}
