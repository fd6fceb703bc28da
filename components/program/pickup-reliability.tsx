import { getLocale, getTranslations } from 'next-intl/server';
import { DownloadButton } from '@/components/ui/download-button';
import { FilterForm } from '@/components/ui/filter-form';
import { PROVINCE_CODES, PROVINCE_NAMES, type ProvinceCode } from '@/lib/domain/enums';
import { FLAG_RUN, type ReliabilityAnswer, type ReliabilityRow } from '@/lib/domain/pickup-reliability';
import { MISSED_REASONS } from '@/lib/domain/pickups';
import { bffHref } from '@/web/api/calls';
import { appTimeZone } from '@/web/server/env';
import { logLoadFailure } from '@/web/server/log-load-failure';
import { screenApi } from '@/web/server/screen-data';
import { FIELD_CLASS, Labelled } from './filter-fields';
import { FilterSubmit } from './filter-submit';
import { programFormats } from './formats';
import { isRedirect, LoadError } from './load-error';
import { periodChoices, periodValue, reliabilityGroupParam, reliabilityPeriodParam, type ReliabilityPeriod } from './reliability-params';
import { Pager } from './pager';
import { pageOf, queryString, type SearchParams } from './search-params';

const TABLE = 'min-w-full text-sm [&_td]:px-3 [&_td]:py-2 [&_td]:text-right [&_td]:align-top [&_td]:whitespace-nowrap [&_td]:tabular-nums';
/** Rows a page: a program's stores run to thousands; the files hold them all. */
const PAGE_SIZE = 100;
const COLUMNS = ['scheduled', 'recorded', 'noFood', 'missed', 'unrecorded', 'pending'] as const;

/**
 * /program/reliability (docs/product.md, Pickup reliability): a month's or a quarter's scheduled pickups by food bank,
 * store, retailer or province, counts with their percentage of the scheduled, the stores flagged after FLAG_RUN in a
 * row missed or without food (said in words, not only by colour), and the same table as CSV and XLSX files.
 * Rendered on the server; the filters are a GET form, the downloads show their pending state.
 */
export async function PickupReliability({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations('Reliability');
  const locale = await getLocale();
  const lang = locale === 'fr' ? 'fr' : 'en';
  const tz = appTimeZone();
  const f = programFormats(locale, tz);
  // One decimal, as the API rounds: "12.5%" in English, "12,5 %" in French.
  const pct = new Intl.NumberFormat(f.tag, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const period = reliabilityPeriodParam(searchParams, tz);
  const groupBy = reliabilityGroupParam(searchParams);
  const here = `/program/reliability${queryString({ period: periodValue(period), group: groupBy })}`;
  const query = { year: period.year, month: period.month, quarter: period.quarter, groupBy };
  let data: ReliabilityAnswer | null = null;
  try {
    data = await screenApi('/program/reliability', { params: { query }, returnTo: here });
  } catch (err) {
    if (isRedirect(err)) throw err;
    await logLoadFailure(err, 'pickup reliability failed');
  }
  const { page, pages, shown } = pageOf(data?.rows ?? [], searchParams, PAGE_SIZE);
  const pageLink = (n: number) =>
    `/program/reliability${queryString({ period: periodValue(period), group: groupBy, page: n > 1 ? n : undefined })}`;
  const periodName = (p: ReliabilityPeriod) =>
    p.month ? f.monthYear(p.year, p.month) : t('quarterName', { quarter: String(p.quarter), year: String(p.year) });
  const provinceName = (code: string | null) =>
    code && (PROVINCE_CODES as readonly string[]).includes(code) ? PROVINCE_NAMES[code as ProvinceCode][lang] : t('noProvince');
  const rowName = (r: ReliabilityRow) =>
    groupBy === 'province' ? provinceName(r.key) : r.name || (groupBy === 'retailer' ? t('noRetailer') : '');
  const withProvince = groupBy === 'branch' || groupBy === 'store';
  const choices = periodChoices(tz, period);
  const exportHref = (format: 'csv' | 'xlsx') => bffHref('/program/reliability/export', { query: { ...query, format, lang } });
  const downloadTexts = { preparing: t('preparing'), failed: t('failed') };

  const cell = (count: number, percent: number | null) =>
    percent === null
      ? t('noPercent', { count: f.whole(count) })
      : t('countPercent', { count: f.whole(count), percent: pct.format(percent / 100) });
  const countCells = (r: Pick<ReliabilityRow, 'counts' | 'percents'>) =>
    COLUMNS.map((k) =>
      k === 'scheduled' ? (
        <td key={k}>{f.whole(r.counts.scheduled)}</td>
      ) : (
        <td key={k}>
          {cell(r.counts[k], r.percents[k])}
          {k === 'missed' && r.counts.missed > 0 && (
            <span className="block text-xs text-gray-700">
              {MISSED_REASONS.filter((reason) => r.counts.missedByReason[reason] > 0)
                .map((reason) => t('reasonCount', { reason: t(`reason.${reason}`), count: f.whole(r.counts.missedByReason[reason]) }))
                .join(' · ')}
            </span>
          )}
        </td>
      ),
    );
  const flagCell = (n: number) =>
    groupBy === 'store' ? (
      <td>
        {n > 0 ? (
          <span className="inline-flex rounded bg-red-100 px-2 py-0.5 font-semibold text-red-900">
            <span aria-hidden="true">⚑&nbsp;</span>
            {t('flaggedBadge')}
          </span>
        ) : (
          t('notFlagged')
        )}
      </td>
    ) : (
      <td className={n > 0 ? 'font-semibold text-red-900' : undefined}>{f.whole(n)}</td>
    );

  return (
    <section aria-labelledby="reliability-title" className="flex flex-col gap-4">
      <h2 id="reliability-title" className="text-xl font-bold">
        {t('heading', { period: periodName(period) })}
      </h2>
      <p className="text-gray-800">{t('intro')}</p>
      <FilterForm
        action="/program/reliability"
        aria-label={t('filters')}
        className="grid grid-cols-1 items-end gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5 sm:grid-cols-[auto_auto_auto]"
      >
        <Labelled id="rel-period" label={t('period')}>
          <select id="rel-period" name="period" defaultValue={periodValue(period)} required className={FIELD_CLASS}>
            <optgroup label={t('quarters')}>
              {choices.quarters.map((p) => (
                <option key={periodValue(p)} value={periodValue(p)}>
                  {periodName(p)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('months')}>
              {choices.months.map((p) => (
                <option key={periodValue(p)} value={periodValue(p)}>
                  {periodName(p)}
                </option>
              ))}
            </optgroup>
          </select>
        </Labelled>
        <Labelled id="rel-group" label={t('groupBy')}>
          <select id="rel-group" name="group" defaultValue={groupBy} className={FIELD_CLASS}>
            {(['branch', 'store', 'retailer', 'province'] as const).map((g) => (
              <option key={g} value={g}>
                {t(`group.${g}`)}
              </option>
            ))}
          </select>
        </Labelled>
        <FilterSubmit>{t('apply')}</FilterSubmit>
      </FilterForm>

      {!data ? (
        <LoadError message={t('loadError')} retry={t('retry')} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-gray-800">{t('counted', { today: f.day(data.today) })}</p>
            <div className="flex flex-wrap gap-2">
              <DownloadButton
                href={exportHref('csv')}
                fileName="pickup-reliability.csv"
                texts={downloadTexts}
                data-testid="reliability-csv"
              >
                {t('exportCsv')}
              </DownloadButton>
              <DownloadButton
                href={exportHref('xlsx')}
                fileName="pickup-reliability.xlsx"
                texts={downloadTexts}
                data-testid="reliability-xlsx"
              >
                {t('exportXlsx')}
              </DownloadButton>
            </div>
          </div>
          {data.total.counts.scheduled === 0 && <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('nothingScheduled')}</p>}
          {data.rows.length > 0 && (
            <div
              className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-black/5"
              tabIndex={0}
              aria-labelledby="reliability-title"
            >
              <table className={TABLE} data-testid="reliability-table">
                <caption className="sr-only">{t('heading', { period: periodName(period) })}</caption>
                <thead className="border-b border-secondary-light bg-gray-50 text-gray-800">
                  <tr>
                    <th scope="col" className="sticky left-0 bg-gray-50 px-3 py-2 text-left">
                      {t(`group.${groupBy}`)}
                    </th>
                    {withProvince && (
                      <th scope="col" className="px-3 py-2 text-left">
                        {t('province')}
                      </th>
                    )}
                    {COLUMNS.map((k) => (
                      <th key={k} scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                        {t(k)}
                      </th>
                    ))}
                    <th scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                      {t('flaggedColumn')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-secondary-light">
                  {shown.map((r) => (
                    <tr key={r.key ?? 'none'} className="bg-white">
                      <th scope="row" className="sticky left-0 bg-inherit px-3 py-2 text-left font-semibold">
                        {rowName(r)}
                      </th>
                      {withProvince && <td className="!text-left">{provinceName(r.province)}</td>}
                      {countCells(r)}
                      {flagCell(r.flaggedStores)}
                    </tr>
                  ))}
                  <tr className="bg-primary-light/50 font-bold">
                    <th scope="row" className="sticky left-0 bg-inherit px-3 py-2 text-left">
                      {t('total')}
                    </th>
                    {withProvince && <td />}
                    {countCells(data.total)}
                    <td>{f.whole(data.total.flaggedStores)}</td>
                  </tr>
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} pages={pages} href={pageLink} />
          <section
            aria-labelledby="reliability-flagged"
            className="flex flex-col gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5"
          >
            <h3 id="reliability-flagged" className="text-lg font-bold">
              {t('flaggedTitle')}
            </h3>
            <p className="text-sm text-gray-800">{t('flaggedIntro', { run: FLAG_RUN })}</p>
            {data.flagged.length === 0 ? (
              <p>{t('flaggedNone')}</p>
            ) : (
              <ul className="flex flex-col gap-1" data-testid="reliability-flagged">
                {data.flagged.map((s) => (
                  <li key={s.storeId} className="border-l-4 border-red-800 pl-2">
                    <span className="font-semibold text-red-900">{t('flaggedBadge')}</span>
                    {' — '}
                    {t('flaggedItem', { store: s.storeName, branch: s.branchName, dates: s.dates.map(f.day).join(', ') })}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
