'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { useHeaderExport } from '@/components/layout/header-context';
import { useAppSession } from '@/components/layout/use-app-session';
import { IntentButtonLink } from '@/components/layout/intent-link';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { todayCalendarDate } from '@/lib/domain/dates';
import { monthDonationsQuery, monthSubmittedQuery } from '@/web/query/donations';
import { seedFor, type MonthSeed } from '@/web/query/month-seed';
import { monthSummaryQuery } from '@/web/query/summaries';
import { DonationRow } from './donation-row';
import { MonthPicker } from './month-picker';
import { useDonationFormats } from './use-formats';
import { MonthReopen } from './month-reopen';
import { useExportDonations } from './use-export-donations';
import { MonthTotals } from './month-totals';
import { filterAndSort, NO_FILTER, type MonthFilter } from './month-list-filter';
import { MonthListControls } from './month-list-controls';
import { useUndoDelete } from './use-undo-delete';
import { parseCalendarDate } from '@/lib/domain/dates';
import { frenchDe } from '@/lib/domain/french-de';

// Submit Report's dialog (its comments and its call) loads with the first press of Submit Report, once a month: the
// month page is at its JavaScript budget (docs/benchmarks.md, bench:web).
const SubmitReportDialog = dynamic(() => import('./submit-report-dialog').then((m) => m.SubmitReportDialog), { ssr: false });

type Props = { year: number; month: number; supportEmail: string; seed?: MonthSeed };

/** The donations of one month: list, edit, delete, Add a donation, Submit Report, the submitted state. */
export function MonthDonations({ year, month, supportEmail, seed }: Props) {
  const t = useTranslations('MonthPage');
  const tl = useTranslations('MonthList');
  const f = useDonationFormats();
  const { branchId } = useAppSession();
  const pickerId = useId();
  const [submitOpen, setSubmitOpen] = useState(false);
  // Mounted from the first opening on, so comments typed and then cancelled are still there the next time.
  const [submitAsked, setSubmitAsked] = useState(false);
  const [filter, setFilter] = useState<MonthFilter>(NO_FILTER);
  const undo = useUndoDelete((d) => {
    const day = parseCalendarDate(d.date) ?? { year, month, day: 1 };
    return { date: f.dayMonth(day.year, day.month, day.day), store: d.store?.displayName || d.store?.name || '' };
  });

  // The server render's reads (seed) are the queries' first data: the page arrives with its list.
  const donations = useQuery({ ...monthDonationsQuery(branchId, year, month), ...seedFor(seed, branchId, 'donations') });
  const submitted = useQuery({ ...monthSubmittedQuery(branchId, year, month), ...seedFor(seed, branchId, 'submitted') });
  // The totals are asked for with the list, but shown only once the list is in: shown earlier, under the spinner,
  // they were pushed down by the list when it came (a layout shift of 0.36–0.56 in Lighthouse on a phone).
  useQuery({ ...monthSummaryQuery(branchId, year, month), ...seedFor(seed, branchId, 'summary') });
  const listPending = donations.isPending || submitted.isPending;
  const locked = submitted.data === true;
  const today = useMemo(() => todayCalendarDate(), []);
  const future = year * 12 + month > today.year * 12 + today.month;

  const exporter = useExportDonations(year);
  useHeaderExport(exporter.ask);

  const here = `/donations/${year}/${month}`;
  const shown = useMemo(() => filterAndSort(donations.data ?? [], filter), [donations.data, filter]);
  const addHref = `/donations/add?year=${year}&month=${month}&from=${encodeURIComponent(here)}`;

  return (
    <section aria-labelledby={`${pickerId}-title`} className="flex flex-col gap-4">
      <h2 id={`${pickerId}-title`} className="sr-only">
        {t('donationsOf', { month: f.monthLong(year, month), de: frenchDe(f.monthLong(year, month)) })}
      </h2>
      <MonthPicker year={year} month={month} id={pickerId} today={today} />

      {locked && (
        <div
          role="note"
          className="flex items-start gap-2 rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-sm text-green-900"
          data-testid="submitted-note"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
            <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
          </svg>
          <p>
            {t.rich('submittedNote', {
              email: supportEmail,
              mail: (chunks) => (
                <a href={`mailto:${supportEmail}`} className="font-semibold underline">
                  {chunks}
                </a>
              ),
            })}
          </p>
        </div>
      )}

      {submitted.isSuccess && <MonthReopen branchId={branchId} year={year} month={month} locked={locked} />}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => {
            setSubmitAsked(true);
            setSubmitOpen(true);
          }}
          disabled={locked || !submitted.isSuccess || future}
          className="disabled:ring-1 disabled:ring-secondary/50"
        >
          {t('submitReport')}
        </Button>
        {locked ? (
          <Button disabled>{t('addDonation')}</Button>
        ) : (
          <IntentButtonLink variant="primary" href={addHref}>
            {t('addDonation')}
          </IntentButtonLink>
        )}
      </div>

      {undo.element}
      {listPending ? (
        <Spinner className="min-h-[30vh]" />
      ) : donations.isError || submitted.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-md bg-red-50 p-4 text-red-900">
          <p>{t('loadError')}</p>
          <Button
            variant="secondary"
            onClick={() => {
              void donations.refetch();
              void submitted.refetch();
            }}
          >
            {t('retry')}
          </Button>
        </div>
      ) : donations.data.length === 0 ? (
        <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('empty')}</p>
      ) : (
        <>
          <MonthListControls rows={donations.data} shown={shown.length} value={filter} onChange={setFilter} />
          {shown.length === 0 ? (
            <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{tl('noMatch')}</p>
          ) : (
            <ul
              className="flex flex-col gap-3"
              aria-label={t('donationsOf', { month: f.monthLong(year, month), de: frenchDe(f.monthLong(year, month)) })}
            >
              {shown.map((d) => (
                <DonationRow key={d.id} donation={d} locked={locked || d.submitted} origin={here} onDeleted={undo.onDeleted} />
              ))}
            </ul>
          )}
        </>
      )}
      {!listPending && <MonthTotals year={year} month={month} />}

      {submitAsked && (
        <SubmitReportDialog year={year} month={month} supportEmail={supportEmail} open={submitOpen} onClose={() => setSubmitOpen(false)} />
      )}
      {exporter.dialog}
    </section>
  );
}
