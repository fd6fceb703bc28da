import { IntentButtonLink } from '@/components/layout/intent-link';
import { getLocale, getTranslations } from 'next-intl/server';
import { RetryButton } from '@/components/ui/retry-button';
import { formatCalendarDate, todayCalendarDate, type CalendarDate } from '@/lib/domain/dates';
import { reportStatus, type ReportStatus } from '@/lib/domain/report-status';
import { reportYears } from '@/lib/domain/year-range';
import type { MonthlyReportAnswer } from '@/web/query/donations';
import { appTimeZone } from '@/web/server/env';
import { screenApi, screenSession } from '@/web/server/screen-data';
import { logLoadFailure } from '@/web/server/log-load-failure';
import { makeDonationFormats } from './formats';
import { ReportsExport, YearSelect } from './monthly-reports-controls';
import { ReportRowList, type ReportRowData } from './report-row-list';
import { YearTotals } from './year-totals';

const STATUS_KEY = {
  submitted: 'statusSubmitted',
  overdue: 'statusOverdue',
  pending: 'statusPending',
  reopened: 'statusReopened',
} as const satisfies Record<ReportStatus, string>;

/**
 * Monthly Reports (home): year picker, one row per month, export, Add Donation. Read and put into words on the server
 * (the API is called with the session's token there); the year picker, the export and the rows' layout are client code.
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
    await logLoadFailure(err, 'donation years failed');
    failed = true;
  }
  const options = reportYears(years, today.year);
  const year = initialYear !== undefined && options.includes(initialYear) ? initialYear : today.year;
  if (!failed && year !== asked) reads = readYear(year);
  if (!failed) {
    try {
      rows = await reads.rows;
    } catch (err) {
      if (isRedirect(err)) throw err;
      await logLoadFailure(err, 'monthly reports failed');
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
          <ReportRows key={`${branchId}-${year}`} rows={rows} year={year} today={today} />
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

/** The twelve months' texts in the page's language; the rows themselves are laid out by ReportRowList. */
async function ReportRows({ rows, year, today }: { rows: MonthlyReportAnswer[]; year: number; today: CalendarDate }) {
  const t = await getTranslations('MonthlyReportsPage');
  const f = makeDonationFormats(await getLocale());
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const dayOf = (iso: string | null | undefined) => (iso ? formatCalendarDate(todayCalendarDate(new Date(iso), appTimeZone())) : null);
  const data = Array.from({ length: 12 }, (_, i): ReportRowData => {
    const month = i + 1;
    const r = byMonth.get(month);
    const front = r?.frontStoreWeightInPounds ?? 0;
    const back = r?.backStoreWeightInPounds ?? 0;
    const total = front + back;
    const status = reportStatus(year, month, !!r?.submitted, today, dayOf(r?.reopenedAt));
    return {
      month,
      href: `/donations/${year}/${month}`,
      monthLong: f.monthLong(year, month),
      monthShort: f.monthShort(year, month),
      front: t('pounds', { weight: f.pounds(front) }),
      frontShare: total > 0 ? f.percent(front / total) : undefined,
      back: t('pounds', { weight: f.pounds(back) }),
      backShare: total > 0 ? f.percent(back / total) : undefined,
      status,
      statusText: t(STATUS_KEY[status]),
    };
  });
  const labels = { month: t('month'), frontStore: t('frontStore'), backStore: t('backStore'), status: t('status') };
  return <ReportRowList rows={data} labels={labels} />;
}
