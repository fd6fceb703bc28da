'use client';

import { useLocale, useTranslations } from 'next-intl';
import { makeNumberFormats } from '@/components/donations/number-formats';
import { BffError } from '@/web/query/bff';

/**
 * The field a 400 FIELD_TOO_LONG names, when it is one of `fields` (a form's limits by field). The fields' maxlength
 * stops typing and pasting at the API's limit, so this is a text sent by another client or a limit lowered on the
 * server: the refusal still belongs under the field, not in a "try again".
 */
export function tooLongField<F extends string>(err: unknown, fields: Readonly<Record<F, number>>): F | undefined {
  if (!(err instanceof BffError) || err.code !== 'FIELD_TOO_LONG' || !err.field) return undefined;
  return Object.hasOwn(fields, err.field) ? (err.field as F) : undefined;
}

/**
 * "Reason: at most 1,000 characters." in the user's language (Limits.tooLong). The number is written here: a plain
 * {max} argument is printed without the thousands separator of either language.
 */
export function useTooLongText() {
  const t = useTranslations('Limits');
  // The language's formatters are made once (makeNumberFormats): this runs at every render of every form.
  const number = makeNumberFormats(useLocale());
  return (label: string, max: number) => t('tooLong', { field: label, max: number.whole(max) });
}
