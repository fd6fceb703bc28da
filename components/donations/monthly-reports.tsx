import { IntentButtonLink, IntentLink } from '@/components/layout/intent-link';
import { getLocale, getTranslations } from 'next-intl/server';
import { RetryButton } from '@/components/ui/retry-button';
import { formatCalendarDate, todayCalendarDate } from '@/lib/domain/dates';
import { reportStatus, type ReportStatus } from '@/lib/domain/report-status';
import { reportYears } from '@/lib/domain/year-range';
import type { MonthlyReportAnswer } from '@/lib/query/donations';
import { appTimeZone } from '@/lib/server/env';
import { screenApi, screenSession } from '@/lib/server/screen-data';
import { requestLogger } from '@/lib/server/logger';
import { makeDonationFormats } from './formats';
import { ReportsExport, YearSelect } from './monthly-reports-controls';
import { YearTotals } from './year-totals';

const STATUS_KEY = {
  submitted: 'statusSubmitted',
  overdue: 'statusOverdue',
  pending: 'statusPending',
  reopened: 'statusReopened',
} as const satisfies Record<ReportStatus, string>;
const STATUS_CLASS: Record<ReportStatus, string> = {
  submitted: 'bg-green-50 text-green-900 ring-green-700/40',
  overdue: 'bg-red-50 font-bold text-red-800 ring-red-700/50',
  pending: 'bg-secondary-light text-gray-900 ring-secondary/40',
  // Reopened by the program: to change and submit again, not late until its new due date (report-status.ts).
  reopened: 'bg-amber-50 text-amber-900 ring-amber-700/50',
};

/**
 * Monthly Reports (home): year picker, one row per month, export, Add Donation. Rendered on the server
 * (the API is called with the session's token there); only the year picker and the export are client code.
 */
export async function MonthlyReports({ initialYear }: { initialYear?: number }) {
  const t = await getTranslations('MonthlyReportsPage');
  const { branchId } = await screenSession();
  const yearId = 'reports-year';
  const today = todayCalendarDate(new Date(), appTimeZone());
  const here = initialYear ? `/?year=${initialYear}` : '/';

  // The year shown is the one asked for (else this year) unless the branch's years rule it out, which only the first
  // read says: its months and its totals are read at the same time as the years, and read again in that rare case.
  const asked = initialYear ?? today.year;
  const readYear = (y: number) => ({
    rows: settledLater(
      screenApi('/branch/{branchId}/donations/{year}/aggregate', { params: { path: { branchId, year: y } }, returnTo: here }),
    ),
    summary: settledLater(screenApi('/branch/{branchId}/year-summary/{year}', { params: { path: { branchId, year: y } }, returnTo: here })),
  });
  const yearsRead = screenApi('/donation/donationyears', { params: { query: { appSource: 'bot', branchId } }, returnTo: here });
  let reads = readYear(asked);
  let years: number[] = [];
  let rows: MonthlyReportAnswer[] | null = null;
  let failed = false;
  try {
    years = await yearsRead;
  } catch (err) {
    if (isRedirect(err)) throw err;
    (await requestLogger()).error({ err }, 'donation years failed');
    failed = true;
  }
  const options = reportYears(years, today.year);
  const year =
    initialYear !== undefined && options.includes(initialYear) ? initialYear : options.includes(today.year) ? today.year : options[0];
  if (year !== asked) reads = readYear(year);
  if (!failed) {
    try {
      rows = await reads.rows;
    } catch (err) {
      if (isRedirect(err)) throw err;
      (await requestLogger()).error({ err }, 'monthly reports failed');
      failed = true;
    }
  }

  const addHref = `/donations/add?year=${year}&from=${encodeURIComponent(`/?year=${year}`)}`;

  return (
    <section aria-labelledby={`${yearId}-title`} className="flex flex-col gap-4">
      <h2 id={`${yearId}-title`} className="sr-only">
        {t('reportsOf', { year })}
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={yearId} className="text-sm font-semibold text-gray-800">
            {t('year')}
          </label>
          <YearSelect key={year} id={yearId} year={year} options={options} />
        </div>
        <IntentButtonLink variant="primary" href={addHref}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M12 5v14M5 12h14" />
          </svg>
          {t('addDonation')}
        </IntentButtonLink>
      </div>

      {failed || !rows ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-md bg-red-50 p-4 text-red-900">
          <p>{t('loadError')}</p>
          <RetryButton>{t('retry')}</RetryButton>
        </div>
      ) : (
        <>
          {!years.length && <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('noDonations')}</p>}
          <ReportRows key={`${branchId}-${year}`} rows={rows} year={year} />
          <YearTotals year={year} summary={reads.summary} />
        </>
      )}
      {!failed && <ReportsExport year={year} />}
    </section>
  );
}

/**
 * A read started before it is known to be needed: its failure is handled where it is awaited, or nowhere when the
 * screen shows an error first, which must not count as an unhandled rejection (Node ends the process on one).
 */
function settledLater<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}

/** next/navigation's redirect() throws; let it through. */
function isRedirect(err: unknown) {
  return (
    typeof err === 'object' && err !== null && 'digest' in err && String((err as { digest: unknown }).digest).startsWith('NEXT_REDIRECT')
  );
}

async function ReportRows({ rows, year }: { rows: MonthlyReportAnswer[]; year: number }) {
  const t = await getTranslations('MonthlyReportsPage');
  const f = makeDonationFormats(await getLocale());
  const today = todayCalendarDate(new Date(), appTimeZone());
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const dayOf = (iso: string | null | undefined) => (iso ? formatCalendarDate(todayCalendarDate(new Date(iso), appTimeZone())) : null);
  const months = Array.from({ length: 12 }, (_, i) => i + 1);

  return (
    <div className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-black/5">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[5rem_1fr_1fr_8rem] gap-3 border-b border-secondary-light px-4 py-2 text-xs font-semibold tracking-wide text-gray-700 uppercase sm:grid"
      >
        <span>{t('month')}</span>
        <span>{t('frontStore')}</span>
        <span>{t('backStore')}</span>
        <span className="text-right">{t('status')}</span>
      </div>
      <ul className="divide-y divide-secondary-light">
        {months.map((month, i) => {
          const r = byMonth.get(month);
          const front = r?.frontStoreWeightInPounds ?? 0;
          const back = r?.backStoreWeightInPounds ?? 0;
          const total = front + back;
          const status = reportStatus(year, month, !!r?.submitted, today, dayOf(r?.reopenedAt));
          return (
            <li
              key={month}
              className="motion-safe:animate-row-in"
              style={{ animationDelay: `${i * 250}ms` }}
              data-testid={`report-row-${month}`}
            >
              <IntentLink
                href={`/donations/${year}/${month}`}
                className="grid grid-cols-[3.5rem_1fr_auto] items-center gap-x-3 gap-y-1 px-3 py-3 hover:bg-primary-light/60 focus-visible:bg-primary-light focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-gray-900 sm:grid-cols-[5rem_1fr_1fr_8rem] sm:px-4"
              >
                <span className="row-span-2 flex h-12 w-12 flex-col items-center justify-center rounded-full bg-primary text-sm leading-tight font-bold text-gray-900 uppercase sm:row-span-1">
                  <span className="sr-only">{f.monthLong(year, month)} </span>
                  <span aria-hidden="true">{f.monthShort(year, month)}</span>
                </span>{' '}
                <Weight
                  label={t('frontStore')}
                  pounds={t('pounds', { weight: f.pounds(front) })}
                  share={total > 0 ? f.percent(front / total) : undefined}
                />
                <span
                  className={`col-start-3 row-span-2 justify-self-end rounded-full px-3 py-1 text-sm ring-1 sm:col-start-auto sm:row-span-1 ${STATUS_CLASS[status]}`}
                  data-status={status}
                >
                  {t(STATUS_KEY[status])}
                </span>{' '}
                <Weight
                  className="col-start-2 sm:col-start-3 sm:row-start-1"
                  label={t('backStore')}
                  pounds={t('pounds', { weight: f.pounds(back) })}
                  share={total > 0 ? f.percent(back / total) : undefined}
                />
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Weight({ label, pounds, share, className = '' }: { label: string; pounds: string; share?: string; className?: string }) {
  return (
    <span className={`flex flex-col text-sm sm:flex-row sm:flex-wrap sm:items-baseline sm:gap-x-2 ${className}`}>
      <span className="text-xs text-gray-700 sm:sr-only">{label}</span>{' '}
      <span className="whitespace-nowrap">
        <span className="font-semibold text-gray-900 tabular-nums">{pounds}</span>
        {share && (
          <>
            {' '}
            <span className="text-gray-700 tabular-nums">({share})</span>
          </>
        )}
      </span>{' '}
    </span>
  );
}
