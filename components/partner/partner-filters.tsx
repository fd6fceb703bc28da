import { FilterForm } from '@/components/ui/filter-form';
import { getTranslations } from 'next-intl/server';
import { FIELD_CLASS, Labelled } from '@/components/program/filter-fields';
import { FilterSubmit } from '@/components/program/filter-submit';
import { MonthSelect } from '@/components/program/month-select';
import { appTimeZone } from '@/lib/server/env';
import type { PartnerFigures } from '@/lib/domain/partner';
import { storeLabel, type PartnerFormats } from './partner-formats';
import type { FigureFilters } from './partner-params';

/**
 * The filters of /partner: a plain GET form, so the choice is the address (shareable, and Back returns to it) and
 * works before any script. The period shown is the answer's own when the address names none; the province, banner
 * and store lists hold only what the partner's access covers.
 */
export async function PartnerFilters({ figures, filters, f }: { figures: PartnerFigures; filters: FigureFilters; f: PartnerFormats }) {
  const t = await getTranslations('Partner.figures');
  const { provinces, banners } = figures.options;
  // A store chosen in the address but not among the listed choices (a long list is cut) stays chosen, by its name
  // when the figures name it.
  const chosen = filters.storeId && !figures.options.stores.some((s) => s.id === filters.storeId) ? filters.storeId : null;
  const named = chosen ? figures.byStore.find((s) => s.storeId === chosen) : undefined;
  const stores = chosen
    ? [{ id: chosen, name: named ? storeLabel(named) : t('chosenStore'), number: null }, ...figures.options.stores]
    : figures.options.stores;
  return (
    <FilterForm
      action="/partner"
      aria-label={t('filters')}
      className="grid grid-cols-2 gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5 sm:grid-cols-3 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
    >
      <Labelled id="pf-from" label={t('from')}>
        <MonthSelect id="pf-from" name="from" value={filters.from ?? figures.from} monthYear={f.monthYear} timeZone={appTimeZone()} />
      </Labelled>
      <Labelled id="pf-to" label={t('to')}>
        <MonthSelect id="pf-to" name="to" value={filters.to ?? figures.to} monthYear={f.monthYear} timeZone={appTimeZone()} />
      </Labelled>
      <div className="col-span-2 sm:col-span-1">
        <Labelled id="pf-province" label={t('province')}>
          <select id="pf-province" name="province" defaultValue={filters.province ?? ''} className={FIELD_CLASS}>
            <option value="">{t('allProvinces')}</option>
            {provinces.map((p) => (
              <option key={p} value={p}>
                {f.province(p)}
              </option>
            ))}
          </select>
        </Labelled>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <Labelled id="pf-banner" label={t('banner')}>
          <select id="pf-banner" name="bannerId" defaultValue={filters.bannerId ?? ''} className={FIELD_CLASS}>
            <option value="">{t('allBanners')}</option>
            {banners.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </Labelled>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <Labelled id="pf-store" label={t('store')}>
          <select
            id="pf-store"
            name="storeId"
            defaultValue={filters.storeId ?? ''}
            aria-describedby={figures.options.moreStores > 0 ? 'pf-store-more' : undefined}
            className={FIELD_CLASS}
          >
            <option value="">{t('allStores')}</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {storeLabel(s)}
              </option>
            ))}
          </select>
        </Labelled>
        {figures.options.moreStores > 0 && (
          <p id="pf-store-more" className="mt-1 text-sm text-gray-700">
            {t('moreStores', { count: figures.options.moreStores })}
          </p>
        )}
      </div>
      <div className="col-span-2 flex sm:col-span-1">
        <FilterSubmit>{t('apply')}</FilterSubmit>
      </div>
    </FilterForm>
  );
}
