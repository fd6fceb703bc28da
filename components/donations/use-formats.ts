'use client';

import { useLocale } from 'next-intl';
import { makeDonationFormats } from './formats';

/** Numbers and dates of the donation screens in the user's language (see makeDonationFormats, which keeps one set per language). */
export function useDonationFormats() {
  return makeDonationFormats(useLocale());
}
