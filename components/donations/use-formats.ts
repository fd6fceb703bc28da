'use client';

import { useLocale } from 'next-intl';
import { makeDonationFormats } from './formats';

type DonationFormats = ReturnType<typeof makeDonationFormats>;

// One set per language for the whole page: each row of a month asks for them, and six Intl formatters made per row
// cost the month page's hydration about 240 constructions (depending only on the language, they are safe to share).
const byLocale = new Map<string, DonationFormats>();

/** Numbers and dates of the donation screens in the user's language (see makeDonationFormats). */
export function useDonationFormats(): DonationFormats {
  const locale = useLocale();
  let formats = byLocale.get(locale);
  if (!formats) {
    formats = makeDonationFormats(locale);
    byLocale.set(locale, formats);
  }
  return formats;
}
