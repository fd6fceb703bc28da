'use client';

import { useTranslations } from 'next-intl';
import { ComboboxField, type ComboboxFieldOption } from '@/components/ui/combobox-field';
import { SelectField } from '@/components/ui/select-field';
import { Source } from '@/lib/domain/enums';
import type { FieldBinding } from './use-donation-fields';
import { useSourceLabel } from './source-label';

type Props = {
  campaignId: string;
  programName: string;
  stores: ComboboxFieldOption[];
  /** The store is required on add; an edited donation keeps its store. */
  storeRequired: boolean;
  store: FieldBinding;
  source: FieldBinding;
  storeError?: string;
  sourceError?: string;
  locale: string;
};

/** Where the donation comes from: its program (fixed), the store (type to filter), back or front of the store. */
export function DonationStoreFields({
  campaignId,
  programName,
  stores,
  storeRequired,
  store,
  source,
  storeError,
  sourceError,
  locale,
}: Props) {
  const t = useTranslations('DonationForm');
  const sourceLabel = useSourceLabel();
  return (
    <>
      <SelectField
        label={t('program')}
        disabled
        value={campaignId}
        options={[{ value: campaignId, label: programName }]}
        onChange={() => undefined}
      />
      <ComboboxField
        label={t('store')}
        placeholder={t('selectStore')}
        noMatch={t('noStoreMatch')}
        toggleLabel={t('showStores')}
        options={stores}
        required={storeRequired}
        error={storeError}
        className="sm:col-span-2"
        locale={locale}
        name={store.name}
        inputRef={store.ref}
        value={store.value}
        onChange={(value) => store.onChange({ target: { value } })}
      />
      <SelectField
        label={t('source')}
        options={[
          { value: String(Source.BackStore), label: sourceLabel(Source.BackStore) },
          { value: String(Source.FrontStore), label: sourceLabel(Source.FrontStore) },
        ]}
        error={sourceError}
        containerClassName="sm:col-span-2"
        {...source}
      />
    </>
  );
}
