import { FilterForm } from '@/components/ui/filter-form';
import { IntentLink } from '@/components/layout/intent-link';
import { getLocale, getTranslations } from 'next-intl/server';
import { OVERSIGHT_PAGE_SIZE, type OversightAnswer, type OversightSort } from '@/lib/domain/program-oversight';
import type { ReportStatus } from '@/lib/domain/report-status';
import { appTimeZone } from '@/web/server/env';
import { bffHref } from '@/web/api/calls';
import { screenApi } from '@/web/server/screen-data';
import { logLoadFailure } from '@/web/server/log-load-failure';
import { FIELD_CLASS, Labelled, ProvinceSelect } from './filter-fields';
import { FilterSubmit } from './filter-submit';
import { Pager } from './pager';
import { SendReminderButton } from './send-reminder-button';
import { programFormats } from './formats';
import { MonthSelect } from './month-select';
import { isRedirect, LoadError } from './load-error';
import {
  monthParam,
  monthValue,
  pageOf,
  provinceParam,
  queryString,
  searchParam,
  sortParam,
  statusParam,
  type SearchParams,
} from './search-params';
import { STATUS_KEY, StatusBadge } from './status-badge';

const COUNT_ORDER: ReportStatus[] = ['overdue', 'reopened', 'pending', 'submitted'];

/**
 * /program: every food bank in scope for a month, with counts per status, filters (month, province, status, name),
 * sortable columns and the CSV / XLSX export of the same view. Rendered on the server; the filters are a GET form.
 */
export async function OversightMonth({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations('ProgramOversight');
  const locale = await getLocale();
  const f = programFormats(locale, appTimeZone());
  const { year, month } = monthParam(searchParams, appTimeZone());
  const province = provinceParam(searchParams);
  const status = statusParam(searchParams);
  const q = searchParam(searchParams);
  const { sort, order } = sortParam(searchParams);
  const base = { month: monthValue(year, month), province, q };
  const apiQuery = { year, month, province, status, q: q || undefined, sort, order };
  const here = `/program${queryString({ ...base, status, sort, order })}`;

  let data: OversightAnswer | null = null;
  try {
    data = await screenApi('/program/oversight', { params: { query: apiQuery }, returnTo: here });
  } catch (err) {
    if (isRedirect(err)) throw err;
    await logLoadFailure(err, 'program oversight failed');
  }

  // One page of the rows in the document; the counts above it and the export cover them all. Sorting, filtering and
  // searching start again at the first page (their links carry no page).
  const { page, pages, first, shown: rows } = pageOf(data?.rows ?? [], searchParams, OVERSIGHT_PAGE_SIZE);
  const pageLink = (p: number) => `/program${queryString({ ...base, status, sort, order, page: p > 1 ? p : undefined })}`;

  const sortLink = (column: OversightSort) =>
    `/program${queryString({ ...base, status, sort: column, order: sort === column && order === 'asc' ? 'desc' : 'asc' })}`;
  const ariaSort = (column: OversightSort) => (sort === column ? (order === 'asc' ? 'ascending' : 'descending') : undefined);
  const th = (column: OversightSort, label: string, className = '') => (
    <th scope="col" aria-sort={ariaSort(column)} className={`px-3 py-2 text-left font-semibold whitespace-nowrap ${className}`}>
      <IntentLink
        href={sortLink(column)}
        className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
        title={t('sortBy', { column: label })}
      >
        {label}
        <span aria-hidden="true" className="text-xs">
          {sort === column ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </IntentLink>
    </th>
  );
  const exportHref = (format: 'csv' | 'xlsx') =>
    bffHref('/program/oversight/export', { query: { ...apiQuery, format, lang: locale === 'fr' ? 'fr' : 'en' } });

  return (
    <section aria-labelledby="oversight-title" className="flex flex-col gap-4">
      <h2 id="oversight-title" className="text-xl font-bold">
        {t('heading', { month: f.monthYear(year, month) })}
      </h2>
      <FilterForm
        action="/program"
        aria-label={t('filters')}
        className="grid grid-cols-1 items-end gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5 sm:grid-cols-2 lg:grid-cols-[auto_auto_auto_1fr_auto]"
      >
        <Labelled id="ov-month" label={t('month')}>
          <MonthSelect id="ov-month" name="month" value={monthValue(year, month)} monthYear={f.monthYear} timeZone={appTimeZone()} />
        </Labelled>
        <Labelled id="ov-province" label={t('province')}>
          <ProvinceSelect id="ov-province" value={province} allLabel={t('allProvinces')} locale={locale} />
        </Labelled>
        <Labelled id="ov-status" label={t('status')}>
          <select id="ov-status" name="status" defaultValue={status ?? ''} className={FIELD_CLASS}>
            <option value="">{t('allStatuses')}</option>
            {COUNT_ORDER.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_KEY[s])}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id="ov-q" label={t('search')}>
          <input id="ov-q" type="search" name="q" defaultValue={q} maxLength={100} autoComplete="off" className={FIELD_CLASS} />
        </Labelled>
        <input type="hidden" name="sort" value={sort} />
        <input type="hidden" name="order" value={order} />
        <FilterSubmit>{t('apply')}</FilterSubmit>
      </FilterForm>

      {!data ? (
        <LoadError message={t('loadError')} retry={t('retry')} />
      ) : (
        <>
          <ul aria-label={t('countsLabel')} className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {([undefined, ...COUNT_ORDER] as (ReportStatus | undefined)[]).map((s) => {
              const current = status === s;
              return (
                <li key={s ?? 'all'}>
                  <IntentLink
                    href={`/program${queryString({ ...base, status: s, sort, order })}`}
                    aria-current={current ? 'true' : undefined}
                    data-testid={`count-${s ?? 'all'}`}
                    className={`flex flex-col rounded-lg bg-white px-3 py-2 shadow-sm ring-1 hover:bg-primary-light/60 ${current ? 'ring-2 ring-gray-900' : 'ring-black/5'}`}
                  >
                    <span className={`text-2xl font-bold tabular-nums ${s === 'overdue' ? 'text-red-800' : 'text-gray-900'}`}>
                      {f.whole(s ? data.counts[s] : data.counts.total)}
                    </span>
                    <span className="text-sm text-gray-800">{s ? t(STATUS_KEY[s]) : t('countAll')}</span>
                  </IntentLink>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p role="status" className="text-sm text-gray-800">
              {pages > 1
                ? t('shownRange', { first: f.whole(first + 1), last: f.whole(first + rows.length), count: f.whole(data.rows.length) })
                : t('shown', { count: data.rows.length })}
            </p>
            <div className="flex flex-wrap gap-2">
              {(['csv', 'xlsx'] as const).map((format) => (
                <a
                  key={format}
                  href={exportHref(format)}
                  download
                  className="inline-flex min-h-11 items-center rounded-md bg-secondary px-4 py-2 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
                >
                  {t(format === 'csv' ? 'exportCsv' : 'exportXlsx')}
                </a>
              ))}
            </div>
          </div>
          {data.rows.length === 0 ? (
            <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('empty')}</p>
          ) : (
            <div
              className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-black/5"
              tabIndex={0}
              aria-labelledby="oversight-title"
            >
              <table className="min-w-full text-sm">
                <caption className="sr-only">{t('heading', { month: f.monthYear(year, month) })}</caption>
                <thead className="border-b border-secondary-light bg-gray-50 text-gray-800">
                  <tr>
                    {th('name', t('foodBank'), 'sticky left-0 z-10 bg-gray-50')}
                    {th('province', t('province'))}
                    {th('status', t('status'))}
                    {th('front', t('frontStore'), 'text-right')}
                    {th('back', t('backStore'), 'text-right')}
                    {th('donations', t('donations'), 'text-right')}
                    {th('lastDonation', t('lastDonation'))}
                    <th scope="col" className="px-3 py-2 text-left font-semibold">
                      {t('comments')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-secondary-light">
                  {rows.map((r) => (
                    <tr key={r.branchId} data-testid="oversight-row" className="align-top">
                      <th scope="row" className="row-head">
                        <IntentLink
                          href={`/program/branches/${r.branchId}?year=${year}&month=${month}`}
                          className="text-gray-900 underline underline-offset-2"
                        >
                          {r.name}
                        </IntentLink>
                      </th>
                      <td className="px-3 py-2">{r.province ?? ''}</td>
                      <td className="px-3 py-2">
                        <StatusBadge status={r.status} label={t(STATUS_KEY[r.status])} />
                        {r.submittedAt && (
                          <span className="mt-1 block text-xs text-gray-700">
                            {t('submittedOn', { date: f.instant(r.submittedAt), who: r.submittedBy ?? '' })}
                          </span>
                        )}
                        {r.canRemind && (
                          <div className="mt-2">
                            <SendReminderButton
                              branchId={r.branchId}
                              branchName={r.name}
                              year={year}
                              month={month}
                              remindedAt={r.remindedAt}
                            />
                          </div>
                        )}
                        {/* Rather than no button at all: the program sees why, and whom to add or enable. */}
                        {!r.canRemind && r.remindBlocked && (
                          <span className="mt-2 block text-xs text-gray-700" data-testid="remind-blocked">
                            {t(`remindBlocked_${r.remindBlocked}`)}
                          </span>
                        )}
                      </td>
                      <td className="num-cell">{t('pounds', { weight: f.pounds(r.frontStoreWeightInPounds) })}</td>
                      <td className="num-cell">{t('pounds', { weight: f.pounds(r.backStoreWeightInPounds) })}</td>
                      <td className="num-cell">{f.whole(r.donations)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{r.lastDonation ? f.day(r.lastDonation) : t('none')}</td>
                      <td className="min-w-48 px-3 py-2 whitespace-pre-line text-gray-800">{r.comments ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} pages={pages} href={pageLink} />
        </>
      )}
    </section>
  );
}
