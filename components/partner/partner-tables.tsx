import { getTranslations } from 'next-intl/server';
import type { PartnerFigures } from '@/lib/domain/partner';
import { storeLabel, type PartnerFormats } from './partner-formats';

// The figures of /partner as tables: by month (the chart's figures), by store, by banner and by food category. Each
// one scrolls sideways on a phone inside a focusable region, so a keyboard can scroll it too.

const CELL = 'px-3 py-2 text-right whitespace-nowrap tabular-nums';
const HEAD = 'px-3 py-2 text-right whitespace-nowrap';
const ROW_HEAD = 'px-3 py-2 text-left font-semibold';

function TableBox({ id, caption, testId, children }: { id: string; caption: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-black/5" role="region" tabIndex={0} aria-labelledby={id}>
      <table className="min-w-full text-sm" data-testid={testId}>
        <caption id={id} className="px-3 py-2 text-left text-base font-bold text-gray-900">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

function TotalRow({ label, cells }: { label: string; cells: string[] }) {
  return (
    <tfoot className="border-t-2 border-gray-400 bg-primary-light/50 font-bold">
      <tr>
        <th scope="row" className={ROW_HEAD}>
          {label}
        </th>
        {cells.map((c, i) => (
          <td key={i} className={CELL}>
            {c}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}

type Props = { figures: PartnerFigures; f: PartnerFormats };

/** Pounds by month of the period beside the same month a year earlier; its total is the answer's own total. */
export async function MonthTable({ figures, f }: Props) {
  const t = await getTranslations('Partner.figures');
  const lbs = (n: number) => t('poundsValue', { weight: f.pounds(n) });
  const earlier = figures.byMonth.reduce((s, m) => s + m.lastYearPounds, 0);
  return (
    <TableBox id="by-month" caption={t('byMonth')} testId="by-month-table">
      <thead className="border-b border-secondary-light bg-gray-50 text-gray-800">
        <tr>
          <th scope="col" className="px-3 py-2 text-left">
            {t('month')}
          </th>
          <th scope="col" className={HEAD}>
            {t('pounds')}
          </th>
          <th scope="col" className={HEAD}>
            {t('yearEarlier')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-secondary-light">
        {figures.byMonth.map((m) => (
          <tr key={m.month} data-month={m.month}>
            <th scope="row" className={`${ROW_HEAD} font-normal whitespace-nowrap`}>
              {f.yearMonth(m.month)}
            </th>
            <td className={CELL}>{lbs(m.pounds)}</td>
            <td className={CELL}>{lbs(m.lastYearPounds)}</td>
          </tr>
        ))}
      </tbody>
      <TotalRow label={t('total')} cells={[lbs(figures.totals.pounds), lbs(earlier)]} />
    </TableBox>
  );
}

export async function StoreTable({ figures, f }: Props) {
  const t = await getTranslations('Partner.figures');
  const lbs = (n: number) => t('poundsValue', { weight: f.pounds(n) });
  return (
    <TableBox
      id="by-store"
      caption={
        figures.storeCount > figures.byStore.length
          ? t('byStoreTop', { shown: figures.byStore.length, count: figures.storeCount })
          : t('byStore')
      }
      testId="by-store-table"
    >
      <thead className="border-b border-secondary-light bg-gray-50 text-gray-800">
        <tr>
          <th scope="col" className="px-3 py-2 text-left">
            {t('store')}
          </th>
          <th scope="col" className="px-3 py-2 text-left">
            {t('banner')}
          </th>
          <th scope="col" className={HEAD}>
            {t('pounds')}
          </th>
          <th scope="col" className={HEAD}>
            {t('kgCo2e')}
          </th>
          <th scope="col" className={HEAD}>
            {t('mealsColumn')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-secondary-light">
        {figures.byStore.map((s) => (
          <tr key={s.storeId}>
            <th scope="row" className={`${ROW_HEAD} font-normal`}>
              {storeLabel(s)}
            </th>
            <td className="px-3 py-2">{s.banner ?? t('noBanner')}</td>
            <td className={CELL}>{lbs(s.pounds)}</td>
            <td className={CELL}>{f.pounds(s.kgCo2e)}</td>
            <td className={CELL}>{f.whole(s.meals)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-gray-400 bg-primary-light/50 font-bold">
        <tr>
          <th scope="row" colSpan={2} className={ROW_HEAD}>
            {t('total')}
          </th>
          <td className={CELL}>{lbs(figures.totals.pounds)}</td>
          <td className={CELL}>{f.pounds(figures.totals.kgCo2e)}</td>
          <td className={CELL}>{f.whole(figures.totals.meals)}</td>
        </tr>
      </tfoot>
    </TableBox>
  );
}

/** Pounds and their share, by banner or by food category (category names in the user's language). */
export async function ShareTable({ figures, f, by }: Props & { by: 'banner' | 'category' }) {
  const t = await getTranslations('Partner.figures');
  const lbs = (n: number) => t('poundsValue', { weight: f.pounds(n) });
  const rows =
    by === 'banner'
      ? figures.byBanner.map((b) => ({ key: b.bannerId ?? '', name: b.name ?? t('noBanner'), pounds: b.pounds }))
      : figures.byCategory.map((c) => ({ key: String(c.categoryId), name: f.lang === 'fr' ? c.nameFr : c.name, pounds: c.pounds }));
  const total = rows.reduce((s, r) => s + r.pounds, 0);
  const share = (n: number) => f.percent(total > 0 ? n / total : 0);
  return (
    <TableBox id={`by-${by}`} caption={t(by === 'banner' ? 'byBanner' : 'byCategory')} testId={`by-${by}-table`}>
      <thead className="border-b border-secondary-light bg-gray-50 text-gray-800">
        <tr>
          <th scope="col" className="px-3 py-2 text-left">
            {t(by)}
          </th>
          <th scope="col" className={HEAD}>
            {t('pounds')}
          </th>
          <th scope="col" className={HEAD}>
            {t('share')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-secondary-light">
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className={`${ROW_HEAD} font-normal`}>
              {r.name}
            </th>
            <td className={CELL}>{lbs(r.pounds)}</td>
            <td className={CELL}>{share(r.pounds)}</td>
          </tr>
        ))}
      </tbody>
      <TotalRow label={t('total')} cells={[lbs(total), share(total)]} />
    </TableBox>
  );
}
