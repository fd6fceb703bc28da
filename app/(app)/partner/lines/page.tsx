import type { Metadata } from 'next';
import { withPageMessages } from '@/components/i18n/client-messages';
import { FilterForm } from '@/components/ui/filter-form';
import { getLocale, getTranslations } from 'next-intl/server';
import { partnerFormats, storeLabel } from '@/components/partner/partner-formats';
import { PartnerLinesTable } from '@/components/partner/partner-lines-table';
import { PartnerNav } from '@/components/partner/partner-nav';
import { readOrNull } from '@/components/partner/read-or-null';
import { queryString, uuidOf, yearMonthOf } from '@/components/partner/partner-params';
import { PartnerQueries } from '@/components/partner/partner-queries';
import { FIELD_CLASS, Labelled } from '@/components/program/filter-fields';
import { StorePicker } from '@/components/partner/store-picker';
import { chosenStoreOf, storePickerTexts } from '@/components/partner/store-picker-texts';
import { FilterSubmit } from '@/components/program/filter-submit';
import { LoadError } from '@/components/program/load-error';
import { todayCalendarDate } from '@/lib/domain/dates';
import { appTimeZone } from '@/web/server/env';
import { screenApi } from '@/web/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Header');
  return { title: t('titles.partnerLines') };
}

/**
 * A submitted month's donation lines (?month=YYYY-MM&storeId=), each of which the partner may query, and the
 * queries they sent with their answers. The months offered are those with submitted pounds since January of last year.
 */
async function PartnerLinesPage({ searchParams }: PageProps<'/partner/lines'>) {
  const [t, locale, sp] = await Promise.all([getTranslations('Partner.lines'), getLocale(), searchParams]);
  const f = partnerFormats(locale, appTimeZone());
  const today = todayCalendarDate(new Date(), appTimeZone());
  const asked = { month: yearMonthOf(sp.month), storeId: uuidOf(sp.storeId) };
  const here = `/partner/lines${queryString(asked)}`;
  const period = { from: `${today.year - 1}-01`, to: `${today.year}-${String(today.month).padStart(2, '0')}` };
  const [figures, queries, chosen] = await Promise.all([
    readOrNull(screenApi('/partner/figures', { params: { query: period }, returnTo: here }), 'partner months failed'),
    readOrNull(screenApi('/partner/queries', { returnTo: here }), 'partner queries failed'),
    // The store of the address, named for the store picker (which searches the partner's stores as the user types).
    asked.storeId
      ? readOrNull(
          screenApi('/partner/stores', { params: { query: { id: asked.storeId, limit: 1 } }, returnTo: here }),
          'partner store failed',
        )
      : null,
  ]);
  const months = (figures?.byMonth ?? [])
    .filter((m) => m.pounds > 0)
    .map((m) => m.month)
    .reverse();
  if (asked.month && !months.includes(asked.month)) months.unshift(asked.month);
  const month = asked.month ?? months[0];
  const lines = month
    ? await readOrNull(
        screenApi('/partner/lines', { params: { query: { month, storeId: asked.storeId } }, returnTo: here }),
        'partner lines failed',
      )
    : null;
  const rows = (lines?.lines ?? []).map((l) => ({
    id: l.id,
    date: f.day(l.date),
    day: f.dayOfMonth(l.date),
    iso: l.date,
    store: storeLabel({ name: l.storeName, number: l.storeNumber }),
    branch: l.branchName,
    pounds: t('poundsValue', { weight: f.pounds(l.pounds) }),
    status: l.queryStatus,
  }));
  return (
    <div className="flex flex-col gap-5">
      <PartnerNav current="lines" />
      <div className="flex flex-col gap-1">
        <h2 className="text-2xl font-bold text-gray-900">{t('title')}</h2>
        <p className="text-gray-800">{t('intro')}</p>
      </div>
      {!figures ? (
        <LoadError message={t('loadError')} retry={t('retry')} />
      ) : !month ? (
        <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('noMonths')}</p>
      ) : (
        <>
          <FilterForm
            action="/partner/lines"
            aria-label={t('filters')}
            className="grid grid-cols-1 gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
          >
            <Labelled id="pl-month" label={t('month')}>
              <select id="pl-month" name="month" defaultValue={month} className={FIELD_CLASS}>
                {months.map((m) => (
                  <option key={m} value={m}>
                    {f.yearMonth(m)}
                  </option>
                ))}
              </select>
            </Labelled>
            <StorePicker
              id="pl-store"
              name="storeId"
              initial={chosenStoreOf(asked.storeId, chosen)}
              texts={await storePickerTexts(t('store'), t('allStores'))}
              locale={f.lang}
            />
            <div>
              <FilterSubmit>{t('show')}</FilterSubmit>
            </div>
          </FilterForm>
          {!lines ? (
            <LoadError message={t('loadError')} retry={t('retry')} />
          ) : rows.length === 0 ? (
            <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('empty', { month: f.yearMonth(month) })}</p>
          ) : (
            <>
              {lines.truncated && (
                <p role="note" className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-amber-950">
                  {t('truncated', { count: rows.length })}
                </p>
              )}
              <PartnerLinesTable rows={rows} caption={t('caption', { month: f.yearMonth(month), count: rows.length })} />
            </>
          )}
        </>
      )}
      {queries ? <PartnerQueries queries={queries.queries} f={f} /> : <LoadError message={t('queriesLoadError')} retry={t('retry')} />}
    </div>
  );
}

export default withPageMessages('partnerLines', PartnerLinesPage);
