import { FilterForm } from '@/components/ui/filter-form';
import { getTranslations } from 'next-intl/server';
import { FIELD_CLASS, Labelled } from '@/components/program/filter-fields';
import { FilterSubmit } from '@/components/program/filter-submit';
import { MonthSelect } from '@/components/program/month-select';
import { appTimeZone } from '@/web/server/env';
import type { PartnerFigures } from '@/lib/domain/partner';
import type { PartnerFormats } from './partner-formats';
import type { FigureFilters } from './partner-params';
import { StorePicker } from './store-picker';
import { storePickerTexts } from './store-picker-texts';

/**
 * The filters of /partner: a plain GET form, so the choice is the address (shareable, and Back returns to it) and
 * works before any script (the store picker, which searches the server as the user types, needs it). The period
 * shown is the answer's own when the address names none; the province and banner lists and the stores the picker
 * finds hold only what the partner's access covers.
 */
export async function PartnerFilters({
  figures,
  filters,
  f,
  chosenStore,
}: {
  figures: PartnerFigures;
  filters: FigureFilters;
  f: PartnerFormats;
  /** The store of the address, named ('' and '' for every store). */
  chosenStore: { value: string; label: string };
}) {
  const t = await getTranslations('Partner.figures');
  const { provinces, banners } = figures.options;
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
        <StorePicker
          id="pf-store"
          name="storeId"
          initial={chosenStore}
          texts={await storePickerTexts(t('store'), t('allStores'))}
          locale={f.lang}
        />
      </div>
      <div className="col-span-2 flex sm:col-span-1">
        <FilterSubmit>{t('apply')}</FilterSubmit>
      </div>
    </FilterForm>
  );
}
