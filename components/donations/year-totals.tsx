import { getLocale, getTranslations } from 'next-intl/server';
import type { YearSummary } from '@/lib/domain/summary';
import { logLoadFailure } from '@/web/server/log-load-failure';
import { makeDonationFormats } from './formats';
import { PeriodTotalsView } from './period-totals';
import { CHART_COLOURS, PoundsChart } from './pounds-chart';

/**
 * The year's totals under the monthly rows: the chart beside the previous year, its table, the mix and the impact. The
 * year's summary is read by the caller, at the same time as its other reads.
 */
export async function YearTotals({ year, summary: read }: { year: number; summary: Promise<YearSummary> }) {
  const t = await getTranslations('Totals');
  const f = makeDonationFormats(await getLocale());
  let summary: YearSummary;
  try {
    summary = await read;
  } catch (err) {
    if (typeof err === 'object' && err !== null && 'digest' in err) throw err;
    await logLoadFailure(err, 'year summary failed');
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-red-900">
        {t('loadError')}
      </p>
    );
  }
  const previous = summary.previousYear;
  const kinds = [
    { colour: CHART_COLOURS.front, label: t('legendFront', { year }) },
    { colour: CHART_COLOURS.back, label: t('legendBack', { year }) },
  ];
  const sum = (m: { frontStorePounds: number; backStorePounds: number }) => m.frontStorePounds + m.backStorePounds;

  return (
    <div className="flex flex-col gap-4" data-testid="year-totals">
      <figure className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5">
        <figcaption className="text-base font-bold text-gray-900">{t('chartTitle', { year, previous: previous.year })}</figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-800" aria-hidden="true">
          {kinds.map((k) => (
            <li key={k.label} className="flex items-center gap-1.5">
              <span className="inline-block h-3 w-3 rounded-sm" style={{ background: k.colour }} />
              {k.label}
            </li>
          ))}
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: CHART_COLOURS.frontPrevious }} />
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: CHART_COLOURS.backPrevious }} />
            {t('legendPrevious', { year: previous.year })}
          </li>
        </ul>
        <PoundsChart
          months={summary.months}
          previous={previous.months}
          monthLabel={(m) => f.monthShort(year, m)}
          formatPounds={(n) => f.pounds(n)}
          label={t('chartLabel', { year, previous: previous.year })}
        />
        <details className="text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-gray-900 underline underline-offset-2">
            {t('showTable')}
          </summary>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[28rem] text-right tabular-nums" data-testid="pounds-table">
              <caption className="sr-only">{t('tableCaption', { year, previous: previous.year })}</caption>
              <thead>
                <tr className="border-b border-secondary-light">
                  <th scope="col" className="py-1 text-left">
                    {t('month')}
                  </th>
                  <th scope="col">{t('frontOf', { year })}</th>
                  <th scope="col">{t('backOf', { year })}</th>
                  <th scope="col">{t('totalOf', { year })}</th>
                  <th scope="col">{t('totalOf', { year: previous.year })}</th>
                </tr>
              </thead>
              <tbody>
                {summary.months.map((m, i) => (
                  <tr key={m.month} className="border-b border-secondary-light/60">
                    <th scope="row" className="py-1 text-left font-normal">
                      {f.monthLong(year, m.month)}
                    </th>
                    <td>{f.pounds(m.frontStorePounds)}</td>
                    <td>{f.pounds(m.backStorePounds)}</td>
                    <td>{f.pounds(sum(m))}</td>
                    <td>{f.pounds(sum(previous.months[i]!))}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-semibold">
                  <th scope="row" className="py-1 text-left">
                    {t('yearTotal')}
                  </th>
                  <td>{f.pounds(summary.totals.frontStorePounds)}</td>
                  <td>{f.pounds(summary.totals.backStorePounds)}</td>
                  <td>{f.pounds(summary.totals.totalPounds)}</td>
                  <td>{f.pounds(previous.totals.totalPounds)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </details>
      </figure>
      <PeriodTotalsView totals={summary.totals} title={t('yearTotals', { year })} testId="year-summary" />
    </div>
  );
}
