'use client';

import { useLocale } from 'next-intl';
import { makeNumberFormats } from './number-formats';

/** Numbers only, without date-fns (the donation form): 1,234.5 · 1 234,5 and percentages with two decimals. */
export function useNumberFormats() {
  return makeNumberFormats(useLocale());
}
