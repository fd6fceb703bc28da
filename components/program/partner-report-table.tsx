import { useTranslations } from 'next-intl';
import type { PartnerReport } from '@/lib/domain/program-workflow';

/** Pounds by store and month, with the source, the category split and kg CO2e; scrolls sideways on a phone. */
export function PartnerReportTable({ report, locale }: { report: PartnerReport; locale: string }) {
  const t = useTranslations('ProgramPartnerReport');
  const tag = locale === 'fr' ? 'fr-CA' : 'en-CA';
  const n = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  const month = new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const cats = report.categories.filter((c) => report.rows.some((r) => (r.categoryLbs[String(c.id)] ?? 0) > 0));
  if (!report.rows.length) return <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('empty')}</p>;
  const total = (f: (r: PartnerReport['rows'][number]) => number) => n.format(report.rows.reduce((s, r) => s + f(r), 0));
  return (
    <div
      className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-black/5"
      role="region"
      aria-label={t('tableLabel', { partner: report.partner })}
      tabIndex={0}
    >
      <table className="min-w-full text-sm">
        <caption className="p-3 text-left font-semibold">
          {t('caption', { partner: report.partner, from: report.from, to: report.to })}
        </caption>
        <thead className="bg-secondary-light text-left">
          <tr>
            <th scope="col" className="p-2">
              {t('store')}
            </th>
            <th scope="col" className="p-2">
              {t('month')}
            </th>
            <th scope="col" className="p-2 text-right">
              {t('front')}
            </th>
            <th scope="col" className="p-2 text-right">
              {t('back')}
            </th>
            <th scope="col" className="p-2 text-right">
              {t('total')}
            </th>
            {cats.map((c) => (
              <th key={c.id} scope="col" className="p-2 text-right">
                {locale === 'fr' ? c.nameFr : c.name}
              </th>
            ))}
            <th scope="col" className="p-2 text-right">
              {t('co2e')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((r) => (
            <tr key={`${r.storeName}-${r.storeNumber}-${r.banner}-${r.month}`} className="border-t border-gray-200">
              <th scope="row" className="p-2 text-left font-normal">
                {[r.banner, r.storeName, r.storeNumber && `#${r.storeNumber}`].filter(Boolean).join(' · ')}
              </th>
              <td className="p-2 whitespace-nowrap">{month.format(new Date(`${r.month}-01T00:00:00Z`))}</td>
              <td className="p-2 text-right tabular-nums">{n.format(r.frontLbs)}</td>
              <td className="p-2 text-right tabular-nums">{n.format(r.backLbs)}</td>
              <td className="p-2 text-right font-semibold tabular-nums">{n.format(r.totalLbs)}</td>
              {cats.map((c) => (
                <td key={c.id} className="p-2 text-right tabular-nums">
                  {n.format(r.categoryLbs[String(c.id)] ?? 0)}
                </td>
              ))}
              <td className="p-2 text-right tabular-nums">{n.format(r.kgCo2e)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-gray-400 font-semibold">
          <tr>
            <th scope="row" colSpan={2} className="p-2 text-left">
              {t('totalRow')}
            </th>
            <td className="p-2 text-right tabular-nums">{total((r) => r.frontLbs)}</td>
            <td className="p-2 text-right tabular-nums">{total((r) => r.backLbs)}</td>
            <td className="p-2 text-right tabular-nums">{total((r) => r.totalLbs)}</td>
            {cats.map((c) => (
              <td key={c.id} className="p-2 text-right tabular-nums">
                {total((r) => r.categoryLbs[String(c.id)] ?? 0)}
              </td>
            ))}
            <td className="p-2 text-right tabular-nums">{total((r) => r.kgCo2e)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
