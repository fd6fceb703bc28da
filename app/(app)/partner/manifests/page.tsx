import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { ManifestUpload } from '@/components/manifests/manifest-upload';
import { PartnerNav } from '@/components/partner/partner-nav';
import { readOrNull } from '@/components/partner/read-or-null';
import { FIELD_CLASS, Labelled } from '@/components/program/filter-fields';
import { FilterSubmit } from '@/components/program/filter-submit';
import { LoadError } from '@/components/program/load-error';
import { FilterForm } from '@/components/ui/filter-form';
import { todayCalendarDate } from '@/lib/domain/dates';
import { lastMonth } from '@/lib/domain/program-oversight';
import { appTimeZone } from '@/web/server/env';
import { screenApi } from '@/web/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Header');
  return { title: t('titles.partnerManifests') };
}

type YearMonth = { year: number; month: number };
/** How many months back a partner can choose: a year of manifests. */
const MONTHS_OFFERED = 12;
const monthKey = (m: YearMonth) => `${m.year}-${String(m.month).padStart(2, '0')}`;

/** The last whole month and the eleven before it, newest first. */
function recentMonths(last: YearMonth): YearMonth[] {
  return Array.from({ length: MONTHS_OFFERED }, (_, i) => {
    const index = last.year * 12 + (last.month - 1) - i;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  });
}

/**
 * The partner's manifests: send a file in the retailer's own columns, and a month's reconciled share by store (last
 * month unless `?month=YYYY-MM` names another of the year offered: early in a month, last month's manifest has often
 * not come yet).
 */
async function PartnerManifestsPage({ searchParams }: PageProps<'/partner/manifests'>) {
  const [t, locale, params] = await Promise.all([getTranslations('Partner.manifests'), getLocale(), searchParams]);
  const choices = recentMonths(lastMonth(todayCalendarDate(new Date(), appTimeZone())));
  const chosen = choices.find((m) => monthKey(m) === params.month) ?? choices[0]!;
  const shares = await readOrNull(
    screenApi('/partner/reconciliation', {
      params: { query: { year: chosen.year, month: chosen.month } },
      returnTo: `/partner/manifests?month=${monthKey(chosen)}`,
    }),
    'partner reconciliation failed',
  );
  const tag = locale === 'fr' ? 'fr-CA' : 'en-CA';
  const pct = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  const monthName = (m: YearMonth) =>
    new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric' }).format(new Date(m.year, m.month - 1, 1));
  const month = monthName(chosen);
  return (
    <div className="flex flex-col gap-5">
      <PartnerNav current="manifests" />
      <h2 className="text-2xl font-bold text-gray-900">{t('title')}</h2>
      <p className="text-gray-900">{t('intro')}</p>
      <ManifestUpload />
      <section className="flex flex-col gap-2 rounded-md bg-white p-4 shadow-sm" aria-labelledby="reconciled-title">
        <h3 id="reconciled-title" className="text-lg font-semibold">
          {t('reconciled', { month })}
        </h3>
        <FilterForm action="/partner/manifests" aria-label={t('monthFilter')} className="flex flex-wrap items-end gap-3">
          <Labelled id="reconciled-month" label={t('month')}>
            <select id="reconciled-month" name="month" defaultValue={monthKey(chosen)} className={FIELD_CLASS}>
              {choices.map((m) => (
                <option key={monthKey(m)} value={monthKey(m)}>
                  {monthName(m)}
                </option>
              ))}
            </select>
          </Labelled>
          <FilterSubmit>{t('show')}</FilterSubmit>
        </FilterForm>
        {!shares ? (
          <LoadError message={t('loadError')} retry={t('retry')} />
        ) : shares.rows.length === 0 ? (
          <p>{t('noLines')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="partner-reconciled">
              <thead>
                <tr>
                  <th scope="col">{t('store')}</th>
                  <th scope="col">{t('share')}</th>
                  <th scope="col">{t('matched')}</th>
                  <th scope="col">{t('differs')}</th>
                  <th scope="col">{t('oneSide')}</th>
                </tr>
              </thead>
              <tbody>
                {shares.rows.map((r) => (
                  <tr key={r.key} className="border-t border-gray-200">
                    <th scope="row" className="font-normal">
                      {r.store}
                    </th>
                    <td>{r.share === null ? '—' : pct.format(r.share)}</td>
                    <td>{r.matched}</td>
                    <td>{r.differs}</td>
                    <td>{r.manifestOnly + r.donationOnly}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export default withPageMessages('partnerManifests', PartnerManifestsPage);
