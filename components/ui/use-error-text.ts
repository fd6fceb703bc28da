'use client';

import { useTranslations } from 'next-intl';
import type en from '@/messages/en.json';

export type ErrorKey = keyof (typeof en)['Errors'];

/** The translation of an API error code (namespace Errors), or of a fallback code when the code is unknown. */
export function useErrorText() {
  const t = useTranslations('Errors');
  return (code: string | undefined | null, fallback: ErrorKey): string =>
    code && t.has(code as ErrorKey) ? t(code as ErrorKey) : t(fallback);
}
