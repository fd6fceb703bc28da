'use client';

import { useTranslations } from 'next-intl';
import { CONTROL_CLASS, FieldShell, describedBy, useFieldIds } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { WeightUnit } from '@/lib/domain/enums';
import type { FieldBinding } from './use-donation-fields';

type Props = {
  weight: FieldBinding;
  unit: FieldBinding;
  weightError?: string;
  unitError?: string;
};

/** Weight (typed, decimal point or comma) and its unit, side by side even on a phone. */
export function DonationWeightFields({ weight, unit, weightError, unitError }: Props) {
  const t = useTranslations('DonationForm');
  const ids = useFieldIds();
  return (
    <div className="grid grid-cols-2 gap-3 sm:col-span-2 sm:gap-4">
      <FieldShell label={t('weight')} ids={ids} error={weightError}>
        <input
          id={ids.id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={weightError ? true : undefined}
          aria-describedby={describedBy(ids, undefined, weightError)}
          {...weight}
          className={CONTROL_CLASS}
        />
      </FieldShell>
      <SelectField
        label={t('unit')}
        options={[
          { value: String(WeightUnit.Pounds), label: t('unitPounds') },
          { value: String(WeightUnit.Kilogram), label: t('unitKilograms') },
          { value: String(WeightUnit.BananaBox), label: t('unitBananaBox') },
        ]}
        error={unitError}
        {...unit}
      />
    </div>
  );
}
