'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { MonthDonation } from '@/web/query/donation-keys';
import { enteredAmount } from './entered-amount';
import { useDonationFormats } from './use-formats';

/** Beside a row's pounds: the amount and unit entered (kg, banana boxes). */
export function EnteredAmount({ donation: d }: { donation: MonthDonation }) {
  const t = useTranslations('Totals');
  const f = useDonationFormats();
  const text = enteredAmount(d.weight, d.weightUnit, f.pounds, t, useLocale());
  return text ? (
    <span className="ml-2 text-sm font-normal text-gray-700" data-testid="entered-amount">
      ({text})
    </span>
  ) : null;
}

/** Who entered the donation and, when it was changed since, who changed it last. */
export function DonationAuthors({ donation: d }: { donation: MonthDonation }) {
  const t = useTranslations('MonthList');
  const entered = d.createdByName ?? d.createdBy;
  const changed = d.updatedAt !== d.createdAt ? (d.updatedByName ?? d.updatedBy) : null;
  if (!entered && !changed) return null;
  return (
    <p className="text-xs text-gray-700" data-testid="donation-authors">
      {entered && t('enteredBy', { name: entered })}
      {entered && changed && ' · '}
      {changed && t('changedBy', { name: changed })}
    </p>
  );
}
