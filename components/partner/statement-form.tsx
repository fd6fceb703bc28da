'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useTransition } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { bffHref } from '@/web/api/calls';
import type { Statement } from '@/lib/domain/partner';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { DownloadButton, type DownloadTexts } from '@/components/ui/download-button';
import { StorePicker, type StorePickerTexts } from './store-picker';

type Props = {
  years: number[];
  defaultYear: number;
  defaultMonth: number;
  /** The twelve month names in the user's language (written on the server). */
  monthNames: string[];
  /** The store picker's texts (it searches the partner's stores as the user types: a chain has thousands). */
  storeTexts: StorePickerTexts;
  downloadTexts: DownloadTexts;
  /** The statements the page listed: an answer among them is the statement already issued, unchanged. */
  knownIds: string[];
};

type Outcome = { kind: 'issued' | 'unchanged'; statement: Statement } | { kind: 'failed'; text: string };

/**
 * Issue (or get again) the statement of a month or a quarter, for every store of the partner or one of them. The API
 * answers a new number when a figure changed since the last statement of that period, else the same statement; the
 * list above is then read again on the server.
 */
export function StatementForm({ years, defaultYear, defaultMonth, monthNames, storeTexts, downloadTexts, knownIds }: Props) {
  const t = useTranslations('PartnerStatementForm');
  const errorText = useErrorText();
  const router = useRouter();
  const once = useSingleFlight();
  const [refreshing, startRefresh] = useTransition();
  const [periodKind, setPeriodKind] = useState<'month' | 'quarter'>('month');
  const [year, setYear] = useState(String(defaultYear));
  const [month, setMonth] = useState(String(defaultMonth));
  const [quarter, setQuarter] = useState(String(Math.ceil(defaultMonth / 3)));
  const [storeId, setStoreId] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  // The answer takes the focus, so a keyboard or screen reader user hears it and is at its PDF link.
  useEffect(() => {
    if (outcome) messageRef.current?.focus();
  }, [outcome]);

  const issue = () =>
    once(async () => {
      setBusy(true);
      setOutcome(null);
      try {
        const body = {
          year: Number(year),
          ...(periodKind === 'month' ? { month: Number(month) } : { quarter: Number(quarter) }),
          ...(storeId ? { storeId } : {}),
        };
        const statement: Statement = await api.POST('/partner/statements', { body });
        setOutcome({ kind: knownIds.includes(statement.id) ? 'unchanged' : 'issued', statement });
        startRefresh(() => router.refresh());
      } catch (err) {
        setOutcome({ kind: 'failed', text: err instanceof BffError ? errorText(err.code, 'INTERNAL') : t('offline') });
      } finally {
        setBusy(false);
      }
    });

  const radio = (value: 'month' | 'quarter', label: string) => (
    <label className="flex min-h-11 items-center gap-2 text-base">
      <input
        type="radio"
        name="periodKind"
        value={value}
        checked={periodKind === value}
        onChange={() => setPeriodKind(value)}
        className="h-5 w-5 accent-gray-900"
      />
      {label}
    </label>
  );

  return (
    <form
      aria-labelledby="statement-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        void issue();
      }}
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5"
    >
      <h3 id="statement-form-title" className="text-lg font-bold text-gray-900">
        {t('formTitle')}
      </h3>
      <fieldset className="flex flex-wrap gap-x-6">
        <legend className="mb-1 text-sm font-semibold text-gray-800">{t('periodKind')}</legend>
        {radio('month', t('aMonth'))}
        {radio('quarter', t('aQuarter'))}
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label={t('year')}
          value={year}
          onChange={(e) => setYear(e.target.value)}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
        />
        {periodKind === 'month' ? (
          <SelectField
            label={t('month')}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            options={monthNames.map((name, i) => ({ value: String(i + 1), label: name }))}
          />
        ) : (
          <SelectField
            label={t('quarter')}
            value={quarter}
            onChange={(e) => setQuarter(e.target.value)}
            options={[1, 2, 3, 4].map((q) => ({
              value: String(q),
              label: t('quarterOption', { quarter: q, first: monthNames[(q - 1) * 3]!, last: monthNames[q * 3 - 1]! }),
            }))}
          />
        )}
        <StorePicker id="statement-store" texts={storeTexts} initial={{ value: storeId, label: '' }} onChange={setStoreId} />
      </div>
      <div>
        <SubmitButton loading={busy}>{t('issue')}</SubmitButton>
      </div>
      {outcome && (
        <div ref={messageRef} tabIndex={-1} className="outline-none" aria-busy={refreshing || undefined}>
          {outcome.kind === 'failed' ? (
            <FormMessage>{outcome.text}</FormMessage>
          ) : (
            <FormMessage severity="success">
              {outcome.kind === 'issued'
                ? t('issued', { number: outcome.statement.number })
                : t('unchanged', { number: outcome.statement.number })}{' '}
              <DownloadButton
                href={bffHref('/partner/statements/{statementId}/pdf', { path: { statementId: outcome.statement.id } })}
                fileName={`statement-releve-${outcome.statement.number}.pdf`}
                texts={downloadTexts}
                variant="ghost"
                className="mt-1"
              >
                {t('downloadNumber', { number: outcome.statement.number })}
              </DownloadButton>
            </FormMessage>
          )}
        </div>
      )}
    </form>
  );
}
