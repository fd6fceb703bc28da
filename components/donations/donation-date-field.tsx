'use client';

import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { CONTROL_CLASS, FieldShell, describedBy, useFieldIds } from '@/components/ui/field';
import { parseCalendarDate, type CalendarDate } from '@/lib/domain/dates';
import type { FieldBinding } from './use-donation-fields';

type Props = {
  /** The typed MM/DD/YYYY text field. */
  input: FieldBinding;
  /** The typed date as YYYY-MM-DD ('' when it is not a date), for the calendar picker. */
  iso: string;
  error?: string;
  onPick: (d: CalendarDate) => void;
};

/** Donation date: typed as MM/DD/YYYY, or chosen in the browser's calendar behind the button. */
export function DonationDateField({ input, iso, error, onPick }: Props) {
  const t = useTranslations('DonationForm');
  const ids = useFieldIds();
  const pickerRef = useRef<HTMLInputElement>(null);
  return (
    <FieldShell label={t('date')} ids={ids} hint={t('dateHint')} error={error}>
      <div className="flex gap-2">
        <input
          id={ids.id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('dateHint')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, t('dateHint'), error)}
          {...input}
          className={CONTROL_CLASS}
        />
        <span className="relative shrink-0">
          <button
            type="button"
            aria-label={t('chooseDate')}
            title={t('chooseDate')}
            onClick={() => {
              try {
                pickerRef.current?.showPicker();
              } catch {
                pickerRef.current?.focus();
              }
            }}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md border border-gray-500 bg-white hover:bg-secondary-light focus-visible:outline-3 focus-visible:outline-gray-900"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <rect x="3" y="5" width="18" height="16" rx="2" />
              <path d="M3 10h18M8 3v4M16 3v4" />
            </svg>
          </button>
          <input
            ref={pickerRef}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            value={iso}
            onChange={(e) => {
              const d = parseCalendarDate(e.target.value);
              if (d) onPick(d);
            }}
            className="pointer-events-none absolute inset-0 h-full w-full opacity-0"
          />
        </span>
      </div>
    </FieldShell>
  );
}
