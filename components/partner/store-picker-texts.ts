import { getTranslations } from 'next-intl/server';
import { storeOptionLabel } from './partner-params';
import type { StorePickerTexts } from './store-picker';

/** The store picker's texts, written on the server (the partner's pages send no client messages for it). */
export async function storePickerTexts(label: string, allStores: string): Promise<StorePickerTexts> {
  const t = await getTranslations('Partner.storePicker');
  return { label, allStores, noMatch: t('noMatch'), searching: t('searching'), failed: t('failed'), more: t('more'), toggle: t('toggle') };
}

/** What the picker shows for the store of the address: its name from GET /api/partner/stores?id=, or nothing. */
export const chosenStoreOf = (
  storeId: string | undefined,
  found: { stores: { id: string; name: string; number: string | null; banner: string | null }[] } | null,
) => (storeId ? { value: storeId, label: found?.stores[0] ? storeOptionLabel(found.stores[0]) : '' } : { value: '', label: '' });
