import { FilterForm } from '@/components/ui/filter-form';
import { IntentLink } from '@/components/layout/intent-link';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatCalendarDate, todayCalendarDate } from '@/lib/domain/dates';
import { Source } from '@/lib/domain/enums';
import { oversightStatus } from '@/lib/domain/program-oversight';
import type { ApiData } from '@/web/api/calls';
import type { DonationAnswer, MonthlyReport } from '@/lib/domain/answers';
import { ApiCallError } from '@/web/server/donation-api-client';
import { appTimeZone } from '@/web/server/env';
import { screenApi, screenSession } from '@/web/server/screen-data';
import { logLoadFailure } from '@/web/server/log-load-failure';
import { Labelled, YearInput } from './filter-fields';
import { FilterSubmit } from './filter-submit';
import { programFormats } from './formats';
import { isRedirect, LoadError } from './load-error';
import { MonthHistoryPanel } from './month-history';
import { yearParam, type SearchParams } from './search-params';
import { STATUS_KEY, StatusBadge } from './status-badge';
import { frenchDe } from '@/lib/domain/french-de';

/**
 * /program/branches/[branchId]: a food bank's monthly reports of a year and one month's donations, read only. The
 * same branch calls as the food bank's own screens; the API admits program staff in scope (and 404s anyone else).
 */
export async function BranchReports({ branchId, searchParams }: { branchId: string; searchParams: SearchParams }) {
  const t = await getTranslations('ProgramBranch');
  const locale = await getLocale();
  const f = programFormats(locale, appTimeZone());
  const today = todayCalendarDate(new Date(), appTimeZone());
  const year = yearParam(searchParams, appTimeZone());
  const m = Number(typeof searchParams.month === 'string' ? searchParams.month : NaN);
  const month = Number.isInteger(m) && m >= 1 && m <= 12 ? m : undefined;
  const b = encodeURIComponent(branchId);
  const here = `/program/branches/${b}?year=${year}${month ? `&month=${month}` : ''}`;

  let branch: ApiData<'get', '/program/oversight/branches/{branchId}'>;
  try {
    branch = await screenApi('/program/oversight/branches/{branchId}', { params: { path: { branchId } }, returnTo: here });
  } catch (err) {
    if (isRedirect(err)) throw err;
    if (err instanceof ApiCallError && (err.status === 404 || err.status === 400)) notFound();
    await logLoadFailure(err, 'program branch failed');
    return <LoadError message={t('loadError')} retry={t('retry')} />;
  }
  let reports: MonthlyReport[] | null = null;
  let donations: DonationAnswer[] | null = null;
  try {
    [reports, donations] = await Promise.all([
      screenApi('/branch/{branchId}/donations/{year}/aggregate', { params: { path: { branchId, year } }, returnTo: here }),
      month
        ? screenApi('/branch/{branchId}/donations/{year}/{month}', { params: { path: { branchId, year, month } }, returnTo: here })
        : Promise.resolve(null),
    ]);
  } catch (err) {
    if (isRedirect(err)) throw err;
    await logLoadFailure(err, 'program branch reports failed');
  }
  const lbs = (n: number) => t('pounds', { weight: f.pounds(n) });
  // Program administrators may correct a donation (the API admits them and audits it); coordinators only read.
  const canCorrect = (await screenSession()).user?.program?.role === 'admin';

  return (
    <section aria-labelledby="branch-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="branch-title" className="text-xl font-bold">
          {branch.name}
          {branch.province ? <span className="ml-2 text-base font-normal text-gray-700">{branch.province}</span> : null}
        </h2>
        <p className="text-sm text-gray-800">{t('readOnly')}</p>
      </div>
      <FilterForm
        action={`/program/branches/${b}`}
        className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5"
      >
        <Labelled id="br-year" label={t('year')}>
          <YearInput id="br-year" value={year} />
        </Labelled>
        <FilterSubmit>{t('apply')}</FilterSubmit>
      </FilterForm>
      {!reports ? (
        <LoadError message={t('loadError')} retry={t('retry')} />
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-black/5">
            <table className="min-w-full text-sm">
              <caption className="sr-only">{t('reportsOf', { year })}</caption>
              <thead className="border-b border-secondary-light bg-gray-50 text-gray-800">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left">
                    {t('month')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('frontStore')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('backStore')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-left">
                    {t('status')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-secondary-light">
                {reports.map((r) => {
                  const reopenedOn = r.reopenedAt ? formatCalendarDate(todayCalendarDate(new Date(r.reopenedAt), appTimeZone())) : null;
                  const status = oversightStatus(year, r.month, r.submitted, today, reopenedOn);
                  const current = r.month === month;
                  return (
                    <tr key={r.month} data-testid={`branch-month-${r.month}`} className={current ? 'bg-primary-light/60' : undefined}>
                      <th scope="row" className="px-3 py-2 text-left font-semibold">
                        <IntentLink
                          href={`/program/branches/${b}?year=${year}&month=${r.month}`}
                          aria-current={current ? 'true' : undefined}
                          className="underline underline-offset-2"
                        >
                          {f.monthYear(year, r.month)}
                        </IntentLink>
                      </th>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{lbs(r.frontStoreWeightInPounds)}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{lbs(r.backStoreWeightInPounds)}</td>
                      <td className="px-3 py-2">{status ? <StatusBadge status={status} label={t(STATUS_KEY[status])} /> : '–'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {month && donations && (
            <section aria-labelledby="branch-donations" className="flex flex-col gap-2">
              <h3 id="branch-donations" className="text-lg font-bold">
                {t('donationsOf', { month: f.monthYear(year, month), de: frenchDe(f.monthYear(year, month)) })}
              </h3>
              {donations.length === 0 ? (
                <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('noDonations')}</p>
              ) : (
                <div
                  className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-black/5"
                  tabIndex={0}
                  aria-labelledby="branch-donations"
                >
                  <table className="min-w-full text-sm" data-testid="branch-donations">
                    <thead className="border-b border-secondary-light bg-gray-50 text-gray-800">
                      <tr>
                        {(['date', 'weight', 'store', 'source', 'categories'] as const).map((k) => (
                          <th key={k} scope="col" className={`px-3 py-2 ${k === 'weight' ? 'text-right' : 'text-left'}`}>
                            {t(k)}
                          </th>
                        ))}
                        <th scope="col" className="px-3 py-2 text-left">
                          <span className="sr-only">{t('actions')}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-secondary-light">
                      {donations.map((d) => (
                        <tr key={d.id} className="align-top">
                          <td className="px-3 py-2 whitespace-nowrap">{f.day(d.date)}</td>
                          <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{lbs(d.weightInPounds)}</td>
                          <td className="px-3 py-2">{d.store.displayName}</td>
                          <td className="px-3 py-2 whitespace-nowrap">
                            {t(d.source === Source.FrontStore ? 'sourceFront' : 'sourceBack')}
                          </td>
                          <td className="px-3 py-2">
                            {d.categories
                              .filter((c) => c.fraction > 0)
                              .map((c) => `${locale === 'fr' ? c.category.nameFr : c.category.name} ${f.percent(c.fraction)}`)
                              .join(', ')}
                          </td>
                          <td className="px-3 py-2">
                            {/* Administrators correct (history under the form); coordinators read it and its history. */}
                            <IntentLink
                              href={`/program/branches/${b}/donations/${encodeURIComponent(d.id)}?year=${year}&month=${month}`}
                              aria-label={t(canCorrect ? 'correctLabel' : 'viewLabel', { date: f.day(d.date) })}
                              className="font-semibold underline underline-offset-2"
                            >
                              {t(canCorrect ? 'correct' : 'view')}
                            </IntentLink>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          )}
          {month && (
            <MonthHistoryPanel
              branchId={branchId}
              branchName={branch.name}
              year={year}
              month={month}
              submitted={!!reports.find((r) => r.month === month)?.submitted}
              canReopen={canCorrect}
            />
          )}
        </>
      )}
    </section>
  );
}
