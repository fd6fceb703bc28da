import { FilterForm } from '@/components/ui/filter-form';
import { getLocale, getTranslations } from 'next-intl/server';
import { YEAR_PAGE_SIZE, type YearAnswer } from '@/lib/domain/program-oversight';
import type { ReportStatus } from '@/lib/domain/report-status';
import { appTimeZone } from '@/web/server/env';
import { screenApi } from '@/web/server/screen-data';
import { logLoadFailure } from '@/web/server/log-load-failure';
import { Labelled, ProvinceSelect, YearInput } from './filter-fields';
import { FilterSubmit } from './filter-submit';
import { programFormats } from './formats';
import { isRedirect, LoadError } from './load-error';
import { Pager } from './pager';
import { pageOf, provinceParam, queryString, yearParam, type SearchParams } from './search-params';
import { MARK, STATUS_CLASS, STATUS_KEY } from './status-badge';
import { YearRow, type YearRowLabels } from './year-row';

/** /program/year: food banks × months, each cell the month's status, so who is behind shows at a glance. */
export async function OversightYear({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations('ProgramYear');
  const locale = await getLocale();
  const f = programFormats(locale, appTimeZone());
  const year = yearParam(searchParams, appTimeZone());
  const province = provinceParam(searchParams);
  const here = `/program/year${queryString({ year, province })}`;
  let data: YearAnswer | null = null;
  try {
    data = await screenApi('/program/oversight/year', { params: { query: { year, province } }, returnTo: here });
  } catch (err) {
    if (isRedirect(err)) throw err;
    await logLoadFailure(err, 'program year failed');
  }
  // One page of food banks in the document (each row is twelve months).
  const { page, pages, shown: rows } = pageOf(data?.rows ?? [], searchParams, YEAR_PAGE_SIZE);
  const pageLink = (p: number) => `/program/year${queryString({ year, province, page: p > 1 ? p : undefined })}`;
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  const statuses: ReportStatus[] = ['submitted', 'pending', 'reopened', 'overdue'];
  const labels: YearRowLabels = {
    statuses: {
      submitted: t(STATUS_KEY.submitted),
      pending: t(STATUS_KEY.pending),
      reopened: t(STATUS_KEY.reopened),
      overdue: t(STATUS_KEY.overdue),
    },
    deactivated: t('deactivated'),
    notBegun: t('notBegun'),
  };

  return (
    <section aria-labelledby="year-title" className="flex flex-col gap-4">
      <h2 id="year-title" className="text-xl font-bold">
        {t('heading', { year })}
      </h2>
      <FilterForm action="/program/year" className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5">
        <Labelled id="yr-year" label={t('year')}>
          <YearInput id="yr-year" value={year} />
        </Labelled>
        <Labelled id="yr-province" label={t('province')}>
          <ProvinceSelect id="yr-province" value={province} allLabel={t('allProvinces')} locale={locale} />
        </Labelled>
        <FilterSubmit>{t('apply')}</FilterSubmit>
      </FilterForm>
      <div aria-label={t('legend')} role="group" className="flex flex-wrap gap-3 text-sm">
        {statuses.map((s) => (
          <span key={s} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-flex h-6 w-6 items-center justify-center rounded ring-1 ${STATUS_CLASS[s]}`}>
              {MARK[s]}
            </span>
            {t(STATUS_KEY[s])}
          </span>
        ))}
      </div>
      {!data ? (
        <LoadError message={t('loadError')} retry={t('retry')} />
      ) : data.rows.length === 0 ? (
        <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-black/5" tabIndex={0} aria-labelledby="year-title">
          <table className="min-w-full border-separate border-spacing-0 text-sm">
            <caption className="sr-only">{t('heading', { year })}</caption>
            <thead className="bg-gray-50 text-gray-800">
              <tr>
                <th scope="col" className="sticky left-0 z-10 border-b border-secondary-light bg-gray-50 px-3 py-2 text-left font-semibold">
                  {t('foodBank')}
                </th>
                {months.map((m) => (
                  <th key={m} scope="col" className="border-b border-secondary-light px-1 py-2 text-center font-semibold">
                    <abbr title={f.monthLong(m)} className="no-underline">
                      {f.monthShort(m)}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const behind = r.months.filter((s) => s === 'overdue').length;
                return (
                  <YearRow
                    key={r.branchId}
                    branchId={r.branchId}
                    name={r.name}
                    summary={`${r.province ? `${r.province} · ` : ''}${t('behind', { count: behind })}`}
                    behind={behind > 0}
                    months={r.months}
                    year={year}
                    deactivatedOn={r.deactivatedOn}
                    labels={labels}
                  />
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} href={pageLink} />
    </section>
  );
}
