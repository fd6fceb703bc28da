'use client';

import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { makeDonationFormats } from './formats';

/** Numbers and dates of the donation screens in the user's language (see makeDonationFormats). */
export function useDonationFormats() {
  const locale = useLocale();
  return useMemo(() => makeDonationFormats(locale), [locale]);
}
