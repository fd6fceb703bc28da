import type { Metadata } from 'next';
import { unstable_rethrow } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { PartnerReportTable } from '@/components/program/partner-report-table';
import { Button, ButtonLink } from '@/components/ui/button';
import { CONTROL_CLASS } from '@/components/ui/field';
import { bffHref } from '@/web/api/calls';
import { calendarDaySchema, type PartnerReport } from '@/lib/domain/program-workflow';
import { screenApi } from '@/web/server/screen-data';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramPartnerReport');
  return { title: t('title') };
}

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : '');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The last full quarter, the period the program reports to retailers. */
function lastQuarter(today = new Date()) {
  const q = Math.floor(today.getUTCMonth() / 3);
  const year = q === 0 ? today.getUTCFullYear() - 1 : today.getUTCFullYear();
  const first = q === 0 ? 9 : (q - 1) * 3;
  const end = new Date(Date.UTC(year, first + 3, 0));
  return { from: `${year}-${String(first + 1).padStart(2, '0')}-01`, to: end.toISOString().slice(0, 10) };
}

/** Retail partner report: a GET form (retailer or banner, dates), the table, and CSV / XLSX downloads. */
export default async function PartnerReportPage({ searchParams }: PageProps<'/program/partner-report'>) {
  await guardScreen('program-staff');
  const [t, locale, sp] = await Promise.all([getTranslations('ProgramPartnerReport'), getLocale(), searchParams]);
  const partners = await screenApi('/program/partners', { returnTo: '/program/partner-report' });
  const period = lastQuarter();
  const from = calendarDaySchema.safeParse(one(sp.from)).success ? one(sp.from) : period.from;
  const to = calendarDaySchema.safeParse(one(sp.to)).success ? one(sp.to) : period.to;
  const [kind, id] = one(sp.partner).split(':');
  const chosen = UUID.test(id ?? '') && (kind === 'r' || kind === 'b') ? { kind, id } : null;
  const query = chosen ? { from, to, [chosen.kind === 'r' ? 'retailerId' : 'bannerId']: chosen.id } : null;
  let report: PartnerReport | null = null;
  let failed = false;
  if (query && from <= to) {
    report = await screenApi('/program/partner-report', {
      params: { query },
      returnTo: `/program/partner-report?${new URLSearchParams({ from, to, partner: one(sp.partner) })}`,
    }).catch((err: unknown) => {
      // Next's redirect (expired session) goes through; anything else is a load error on the screen.
      unstable_rethrow(err);
      failed = true;
      return null;
    });
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-gray-900">{t('title')}</h1>
      <form
        method="get"
        className="grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('partner')}
          <select name="partner" required defaultValue={one(sp.partner)} className={CONTROL_CLASS}>
            <option value="">{t('choosePartner')}</option>
            {partners.map((r) => (
              <optgroup key={r.id} label={r.name}>
                <option value={`r:${r.id}`}>{t('allBanners', { retailer: r.name })}</option>
                {r.banners.map((b) => (
                  <option key={b.id} value={`b:${b.id}`}>
                    {b.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('from')}
          <input name="from" type="date" required defaultValue={from} className={CONTROL_CLASS} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('to')}
          <input name="to" type="date" required defaultValue={to} min={from} className={CONTROL_CLASS} />
        </label>
        <Button type="submit">{t('show')}</Button>
      </form>
      {from > to && (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-900">
          {t('badRange')}
        </p>
      )}
      {failed && (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-900">
          {t('loadError')}
        </p>
      )}
      {report && query && (
        <>
          <div className="flex flex-wrap gap-2">
            <ButtonLink
              href={bffHref('/program/partner-report/export', { query: { ...query, format: 'csv', lang: locale === 'fr' ? 'fr' : 'en' } })}
              download
              prefetch={false}
            >
              {t('csv')}
            </ButtonLink>
            <ButtonLink
              href={bffHref('/program/partner-report/export', { query: { ...query, format: 'xlsx', lang: locale === 'fr' ? 'fr' : 'en' } })}
              download
              prefetch={false}
            >
              {t('xlsx')}
            </ButtonLink>
          </div>
          <PartnerReportTable report={report} locale={locale} />
        </>
      )}
    </div>
  );
}
