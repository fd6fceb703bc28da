import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { ManifestUpload } from '@/components/manifests/manifest-upload';
import { PartnerNav } from '@/components/partner/partner-nav';
import { readOrNull } from '@/components/partner/read-or-null';
import { LoadError } from '@/components/program/load-error';
import { todayCalendarDate } from '@/lib/domain/dates';
import { lastMonth } from '@/lib/domain/program-oversight';
import { appTimeZone } from '@/web/server/env';
import { screenApi } from '@/web/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Header');
  return { title: t('titles.partnerManifests') };
}

/** The partner's manifests: send a file in the retailer's own columns, and last month's reconciled share by store. */
async function PartnerManifestsPage() {
  const [t, locale] = await Promise.all([getTranslations('Partner.manifests'), getLocale()]);
  const last = lastMonth(todayCalendarDate(new Date(), appTimeZone()));
  const shares = await readOrNull(
    screenApi('/partner/reconciliation', { params: { query: { year: last.year, month: last.month } }, returnTo: '/partner/manifests' }),
    'partner reconciliation failed',
  );
  const tag = locale === 'fr' ? 'fr-CA' : 'en-CA';
  const pct = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  const month = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric' }).format(new Date(last.year, last.month - 1, 1));
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
