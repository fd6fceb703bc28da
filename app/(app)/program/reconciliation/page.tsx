import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { FilterSubmit } from '@/components/program/filter-submit';
import { monthParam, monthValue } from '@/components/program/search-params';
import { appTimeZone } from '@/web/server/env';
import { screenApi } from '@/web/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramReconciliation');
  return { title: t('title') };
}

/** /program/reconciliation: a month's reconciled share by retailer and branch, and the lines for unknown store numbers. */
export default async function ProgramReconciliationPage({ searchParams }: PageProps<'/program/reconciliation'>) {
  const [t, locale] = await Promise.all([getTranslations('ProgramReconciliation'), getLocale()]);
  const { year, month } = monthParam(await searchParams, appTimeZone());
  const data = await screenApi('/program/reconciliation', {
    params: { query: { year, month } },
    returnTo: `/program/reconciliation?month=${monthValue(year, month)}`,
  });
  const tag = locale === 'fr' ? 'fr-CA' : 'en-CA';
  const pct = (v: number | null) =>
    v === null ? '—' : new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }).format(v);
  const lb = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  return (
    <div className="flex flex-col gap-4 rounded-md bg-white p-4 shadow-sm">
      <h2 className="text-2xl font-bold text-gray-900">{t('title')}</h2>
      <form className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-base font-medium">
          {t('month')}
          <input
            type="month"
            name="month"
            defaultValue={monthValue(year, month)}
            className="min-h-11 rounded border border-gray-400 px-2"
          />
        </label>
        <FilterSubmit>{t('show')}</FilterSubmit>
      </form>
      <p>{t('total', { share: pct(data.total.share), tolerance: data.tolerancePercent })}</p>
      {data.rows.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="program-reconciliation">
            <thead>
              <tr>
                <th scope="col">{t('retailer')}</th>
                <th scope="col">{t('branch')}</th>
                <th scope="col">{t('share')}</th>
                <th scope="col">{t('matched')}</th>
                <th scope="col">{t('differs')}</th>
                <th scope="col">{t('storeOnly')}</th>
                <th scope="col">{t('branchOnly')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.key} className="border-t border-gray-200">
                  <td>{r.retailer}</td>
                  <td>{r.branch ?? t('noBranch')}</td>
                  <td>{pct(r.share)}</td>
                  <td>{r.matched}</td>
                  <td>{r.differs}</td>
                  <td>{r.manifestOnly}</td>
                  <td>{r.donationOnly}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.unmatched.length > 0 && (
        <section className="flex flex-col gap-2" aria-labelledby="unmatched-title">
          <h3 id="unmatched-title" className="text-lg font-semibold">
            {t('unmatched')}
          </h3>
          <ul className="text-sm">
            {data.unmatched.map((u) => (
              <li key={`${u.retailer}|${u.storeNumber}`}>
                {t('unmatchedLine', { retailer: u.retailer, store: u.storeNumber, lines: u.lines, pounds: lb.format(u.pounds) })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
