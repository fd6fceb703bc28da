import { FilterForm } from '@/components/ui/filter-form';
import { getLocale, getTranslations } from 'next-intl/server';
import { PROVINCE_CODES, PROVINCE_NAMES, type ProvinceCode } from '@/lib/domain/enums';
import { LBS_PER_MEAL, MEALS_SOURCE_URL } from '@/lib/domain/impact';
import type { PeriodTotals, Totals, TotalsAnswer } from '@/lib/domain/program-totals';
import { appTimeZone } from '@/web/server/env';
import { screenApi } from '@/web/server/screen-data';
import { logLoadFailure } from '@/web/server/log-load-failure';
import { Labelled } from './filter-fields';
import { FilterSubmit } from './filter-submit';
import { programFormats } from './formats';
import { MonthSelect } from './month-select';
import { isRedirect, LoadError } from './load-error';
import { PoundsByMonthChart } from './pounds-by-month-chart';
import { monthParam, monthValue, queryString, type SearchParams } from './search-params';

// The figures' cells take their look from their table, not each its own class: the category tables hold a cell per
// province and category (several hundred), and each class was written twice into the document (the HTML and the
// page's React data).
const TABLE = 'min-w-full text-sm [&_td]:px-3 [&_td]:py-2 [&_td]:text-right [&_td]:whitespace-nowrap [&_td]:tabular-nums';

/**
 * /program/totals: the month and its year by province and for the program, by category, CO2e and meals (the branch
 * screens' impact figures, with the same source note), and the chart.
 */
export async function ProgramTotals({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations('ProgramTotals');
  const impact = await getTranslations('Totals');
  const locale = await getLocale();
  const lang = locale === 'fr' ? 'fr' : 'en';
  const f = programFormats(locale, appTimeZone());
  const { year, month } = monthParam(searchParams, appTimeZone());
  const here = `/program/totals${queryString({ month: monthValue(year, month) })}`;
  let data: TotalsAnswer | null = null;
  try {
    data = await screenApi('/program/totals', { params: { query: { year, month } }, returnTo: here });
  } catch (err) {
    if (isRedirect(err)) throw err;
    await logLoadFailure(err, 'program totals failed');
  }
  const provinceName = (code: string) =>
    (PROVINCE_CODES as readonly string[]).includes(code) ? PROVINCE_NAMES[code as ProvinceCode][lang] : t('noProvince');
  const lbs = (n: number) => t('pounds', { weight: f.pounds(n) });

  const periodTable = (id: string, caption: string, period: PeriodTotals) => {
    const row = (label: string, v: Totals, strong = false) => (
      <tr key={label} className={strong ? 'bg-primary-light/50 font-bold' : undefined}>
        <th scope="row" className="sticky left-0 bg-inherit px-3 py-2 text-left font-semibold">
          {label}
        </th>
        <td>{lbs(v.frontStoreWeightInPounds)}</td>
        <td>{lbs(v.backStoreWeightInPounds)}</td>
        <td>{lbs(v.frontStoreWeightInPounds + v.backStoreWeightInPounds)}</td>
        <td>{f.whole(v.donations)}</td>
        <td>{f.pounds(v.ghgKgCo2e)}</td>
        <td>{f.whole(v.meals)}</td>
      </tr>
    );
    return (
      <section aria-labelledby={id} className="flex flex-col gap-2">
        <h3 id={id} className="text-lg font-bold">
          {caption}
        </h3>
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-black/5" tabIndex={0} aria-labelledby={id}>
          <table className={TABLE} data-testid={`${id}-table`}>
            <thead className="border-b border-secondary-light bg-gray-50 text-gray-800">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('province')}
                </th>
                {(['frontStore', 'backStore', 'total', 'donations', 'co2e', 'meals'] as const).map((k) => (
                  <th key={k} scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                    {t(k)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-secondary-light bg-white">
              {period.provinces.map((p) => row(provinceName(p.province), p))}
              {row(t('program'), period.program, true)}
            </tbody>
          </table>
        </div>
      </section>
    );
  };

  // Pounds per category for each province and the program: one column per province, so a row compares them.
  const categoryTable = (id: string, caption: string, period: PeriodTotals) => (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-black/5" tabIndex={0} aria-labelledby={id}>
      <table className={TABLE} data-testid={`${id}-table`}>
        <caption id={id} className="px-3 py-2 text-left font-semibold text-gray-900">
          {caption}
        </caption>
        <thead className="border-b border-secondary-light bg-gray-50 text-gray-800">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              {t('category')}
            </th>
            {period.provinces.map((p) => (
              <th key={p.province} scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                {provinceName(p.province)}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right whitespace-nowrap">
              {t('program')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-secondary-light">
          {period.program.categories.map((c, i) => (
            <tr key={c.categoryId}>
              <th scope="row" className="px-3 py-2 text-left font-semibold">
                {lang === 'fr' ? c.nameFr : c.name}
              </th>
              {period.provinces.map((p) => (
                <td key={p.province}>{lbs(p.categories[i]?.pounds ?? 0)}</td>
              ))}
              <td className="font-bold">{lbs(c.pounds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <section aria-labelledby="totals-title" className="flex flex-col gap-5">
      <h2 id="totals-title" className="text-xl font-bold">
        {t('heading', { month: f.monthYear(year, month) })}
      </h2>
      <FilterForm action="/program/totals" className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5">
        <Labelled id="tt-month" label={t('month')}>
          <MonthSelect id="tt-month" name="month" value={monthValue(year, month)} monthYear={f.monthYear} timeZone={appTimeZone()} />
        </Labelled>
        <FilterSubmit>{t('apply')}</FilterSubmit>
      </FilterForm>
      {!data ? (
        <LoadError message={t('loadError')} retry={t('retry')} />
      ) : (
        <>
          {periodTable('totals-month', t('monthTotals', { month: f.monthYear(year, month) }), data.monthTotals)}
          {periodTable('totals-year', t('yearTotals', { year }), data.yearTotals)}
          <p className="text-xs text-gray-800" data-testid="impact-source">
            {impact('factorsNote', { lbs: f.pounds(LBS_PER_MEAL) })}{' '}
            <a href={MEALS_SOURCE_URL} className="underline" rel="noopener noreferrer" target="_blank">
              {impact('factorsLink')}
            </a>
          </p>
          <section aria-labelledby="totals-categories" className="flex flex-col gap-2">
            <h3 id="totals-categories" className="text-lg font-bold">
              {t('byCategory')}
            </h3>
            {categoryTable('categories-month', f.monthYear(year, month), data.monthTotals)}
            {categoryTable('categories-year', t('yearColumn'), data.yearTotals)}
          </section>
          <section className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5">
            <PoundsByMonthChart
              title={t('chartTitle', { year, previous: year - 1 })}
              description={t('chartDescription')}
              tableCaption={t('chartTable')}
              monthColumn={t('monthColumn')}
              year={year}
              previous={year - 1}
              values={data.poundsByMonth.year}
              previousValues={data.poundsByMonth.previous}
              monthLabel={(m) => f.monthShort(m)}
              monthName={(m) => f.monthLong(m)}
              format={lbs}
              formatAxis={(n) => f.whole(n)}
            />
          </section>
        </>
      )}
    </section>
  );
}
