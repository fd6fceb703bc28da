'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { IntentLink } from '@/components/layout/intent-link';
import { usePendingRouter } from '@/components/layout/navigation-pending';
import { CONTROL_CLASS } from '@/components/ui/field';
import { useDonationFormats } from './use-formats';

function shiftMonth(year: number, month: number, by: number) {
  const i = year * 12 + (month - 1) + by;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

const index = (p: { year: number; month: number }) => p.year * 12 + p.month;

/**
 * Previous month, a picker of months, next month. Donations cannot be dated in the future, so the picker and the
 * next arrow stop at the current month (the month shown stays listed even if an address names a later one).
 */
export function MonthPicker({
  year,
  month,
  id,
  today,
}: {
  year: number;
  month: number;
  id: string;
  today: { year: number; month: number };
}) {
  const t = useTranslations('MonthPage');
  const f = useDonationFormats();
  const { push } = usePendingRouter();
  const pickerMonths = useMemo(() => {
    const last = Math.max(index(today), index({ year, month }));
    return Array.from({ length: 36 }, (_, i) => shiftMonth(year, month, i - 18)).filter((p) => index(p) <= last);
  }, [year, month, today]);
  const prev = shiftMonth(year, month, -1);
  const next = shiftMonth(year, month, 1);
  const atEnd = index(next) > index(today);
  return (
    <div className="flex items-center justify-center gap-1 rounded-lg bg-white p-2 shadow-sm ring-1 ring-black/5">
      <IntentLink
        href={`/donations/${prev.year}/${prev.month}`}
        aria-label={t('previousMonth')}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-secondary-light focus-visible:outline-3 focus-visible:outline-gray-900"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M15 18l-6-6 6-6" />
        </svg>
      </IntentLink>
      <label htmlFor={id} className="sr-only">
        {t('chooseMonth')}
      </label>
      <span className="w-48">
        <select
          id={id}
          data-testid="month-picker"
          value={`${year}-${month}`}
          onChange={(e) => {
            const [y, m] = e.target.value.split('-').map(Number);
            push(`/donations/${y}/${m}`);
          }}
          className={`${CONTROL_CLASS} border-transparent text-center text-lg font-bold`}
        >
          {pickerMonths.map((p) => (
            <option key={`${p.year}-${p.month}`} value={`${p.year}-${p.month}`}>
              {f.monthYear(p.year, p.month)}
            </option>
          ))}
        </select>
      </span>
      {atEnd ? (
        // Kept in place (not removed) so the picker does not shift; a disabled link is a span.
        <span aria-hidden="true" className="inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-400">
          <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M9 6l6 6-6 6" />
          </svg>
        </span>
      ) : (
        <IntentLink
          href={`/donations/${next.year}/${next.month}`}
          aria-label={t('nextMonth')}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-secondary-light focus-visible:outline-3 focus-visible:outline-gray-900"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M9 6l6 6-6 6" />
          </svg>
        </IntentLink>
      )}
    </div>
  );
}
