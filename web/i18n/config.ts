export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'fbc-locale';

/** Only fr or en (first two letters); anything else is English (docs/product.md, Common elements). */
export function toLocale(value: string | null | undefined): Locale | null {
  const two = value?.slice(0, 2).toLowerCase();
  return two === 'fr' || two === 'en' ? two : null;
}

export function intlLocale(locale: Locale): 'en-CA' | 'fr-CA' {
  return locale === 'fr' ? 'fr-CA' : 'en-CA';
}
