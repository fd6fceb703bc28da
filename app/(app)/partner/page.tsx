import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { OpenMonthsNote, PartnerSummary } from '@/components/partner/partner-summary';
import { PartnerPickupsFigure } from '@/components/partner/partner-pickups';
import { PartnerFilters } from '@/components/partner/partner-filters';
import { partnerFormats } from '@/components/partner/partner-formats';
import { PartnerMonthChart } from '@/components/partner/partner-month-chart';
import { PartnerNav } from '@/components/partner/partner-nav';
import { readOrNull } from '@/components/partner/read-or-null';
import { chosenStoreOf } from '@/components/partner/store-picker-texts';
import { figureFilters, monthsFromTo, queryString } from '@/components/partner/partner-params';
import { MonthTable, ShareTable, StoreTable } from '@/components/partner/partner-tables';
import { isRedirect, LoadError } from '@/components/program/load-error';
import { DownloadButton } from '@/components/ui/download-button';
import { PartnerStoreSchedule } from '@/components/pickups/partner-store-schedule';
import { bffHref } from '@/web/api/calls';
import { todayCalendarDate } from '@/lib/domain/dates';
import type { PartnerFigures } from '@/lib/domain/partner';
import { appTimeZone } from '@/web/server/env';
import { logLoadFailure } from '@/web/server/log-load-failure';
import { screenApi, screenSession } from '@/web/server/screen-data';

/** The longest period the API answers for one view or export (three years of months). */
const MAX_MONTHS = 36;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Header');
  return { title: t('titles.partner') };
}

/**
 * The partner's home: what their stores gave, for the months the food banks have submitted, with the filters in the
 * address and the same figures as CSV and XLSX files. Rendered on the server; the browser gets the filter's busy
 * button, the store picker (it searches the partner's stores as the user types) and the downloads' pending state.
 */
export default async function PartnerFiguresPage({ searchParams }: PageProps<'/partner'>) {
  const [t, td, locale, sp, { user }] = await Promise.all([
    getTranslations('Partner.figures'),
    getTranslations('Partner.download'),
    getLocale(),
    searchParams,
    screenSession(),
  ]);
  const downloadTexts = { preparing: td('preparing'), failed: td('failed') };
  const f = partnerFormats(locale, appTimeZone());
  const filters = figureFilters(sp);
  const here = `/partner${queryString(filters)}`;
  // Measured as the API does: January of this year by default, and never past this month.
  const today = todayCalendarDate(new Date(), appTimeZone());
  const current = `${today.year}-${String(today.month).padStart(2, '0')}`;
  const span = monthsFromTo(filters.from ?? `${today.year}-01`, filters.to && filters.to < current ? filters.to : current);
  // The API refuses both (400): said here in words, with a way back to the default period.
  const badRange = span < 1 ? 'badRange' : span > MAX_MONTHS ? 'tooLong' : null;
  let figures: PartnerFigures | null = null;
  // The store of the address, named for the store picker (the page lists no stores: the picker searches them).
  const chosen = filters.storeId
    ? readOrNull(
        screenApi('/partner/stores', { params: { query: { id: filters.storeId, limit: 1 } }, returnTo: here }),
        'partner store failed',
      )
    : Promise.resolve(null);
  // The pickups of the same period and stores: a figure of its own, which may fail without taking the page down.
  const pickups = badRange
    ? Promise.resolve(null)
    : readOrNull(screenApi('/partner/pickups', { params: { query: filters }, returnTo: here }), 'partner pickups failed');
  if (!badRange) {
    try {
      figures = await screenApi('/partner/figures', { params: { query: filters }, returnTo: here });
    } catch (err) {
      if (isRedirect(err)) throw err;
      await logLoadFailure(err, 'partner figures failed');
    }
  }
  const chosenStore = chosenStoreOf(filters.storeId, await chosen);
  // The store's view (a store chosen in the filters) shows its pickup schedule, read-only.
  const schedule = filters.storeId
    ? await readOrNull(
        screenApi('/partner/schedules', { params: { query: { storeId: filters.storeId } }, returnTo: here }),
        'partner schedule failed',
      )
    : null;
  const pickupCounts = await pickups;
  const retailer = figures?.retailer.name ?? user?.partner?.retailerName ?? '';
  const scope = user?.partner?.bannerName ? `${retailer} – ${user.partner.bannerName}` : retailer;
  const exportHref = (format: 'csv' | 'xlsx') => bffHref('/partner/export', { query: { ...filters, format, lang: f.lang } });
  const empty = figures && figures.totals.pounds === 0 && !figures.byStore.length;
  return (
    <div className="flex flex-col gap-5">
      <PartnerNav current="figures" />
      <div className="flex flex-col gap-1">
        <h2 className="text-2xl font-bold text-gray-900" data-testid="partner-title">
          {t('title', { retailer: scope })}
        </h2>
        <p className="text-gray-800">{t('intro')}</p>
      </div>
      {badRange && (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-900">
          {badRange === 'tooLong' ? t('tooLong', { max: MAX_MONTHS }) : t('badRange')}{' '}
          <a href="/partner" className="font-semibold underline">
            {t('resetFilters')}
          </a>
        </p>
      )}
      {!figures && !badRange && <LoadError message={t('loadError')} retry={t('retry')} />}
      {figures && (
        <>
          <PartnerFilters figures={figures} filters={filters} f={f} chosenStore={chosenStore} />
          <div className="flex flex-wrap items-center gap-2">
            <DownloadButton href={exportHref('csv')} fileName="donations.csv" texts={downloadTexts} data-testid="export-csv">
              {t('exportCsv')}
            </DownloadButton>
            <DownloadButton href={exportHref('xlsx')} fileName="donations.xlsx" texts={downloadTexts} data-testid="export-xlsx">
              {t('exportXlsx')}
            </DownloadButton>
            <p className="text-sm text-gray-700">{t('exportNote')}</p>
          </div>
          {filters.storeId && <PartnerStoreSchedule schedule={schedule?.[0] ?? null} />}
          <OpenMonthsNote figures={figures} f={f} />
          <PartnerSummary figures={figures} f={f} />
          <PartnerPickupsFigure pickups={pickupCounts} f={f} />
          {empty ? (
            <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('empty')}</p>
          ) : (
            <>
              <section className="flex flex-col gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5">
                <PartnerMonthChart
                  title={t('chartTitle', { from: f.yearMonth(figures.from), to: f.yearMonth(figures.to) })}
                  description={t('chartDescription')}
                  months={figures.byMonth}
                  currentLabel={t('pounds')}
                  earlierLabel={t('yearEarlier')}
                  monthLabel={f.monthAbbr}
                  formatAxis={f.whole}
                />
              </section>
              <MonthTable figures={figures} f={f} />
              <StoreTable figures={figures} f={f} />
              <div className="grid gap-5 lg:grid-cols-2">
                <ShareTable figures={figures} f={f} by="banner" />
                <ShareTable figures={figures} f={f} by="category" />
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
