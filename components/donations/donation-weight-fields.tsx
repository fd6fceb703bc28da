'use client';

import { useTranslations } from 'next-intl';
import { CONTROL_CLASS, FieldShell, describedBy, useFieldIds } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { WeightUnit } from '@/lib/domain/enums';
import type { FieldBinding } from './use-donation-fields';
import { useNumberFormats } from './use-number-formats';

type Props = {
  weight: FieldBinding;
  unit: FieldBinding;
  weightError?: string;
  unitError?: string;
  /** The unit was set by Repeat last donation, not chosen: say so beside the weight. */
  unitChanged?: boolean;
  /** The typed weight in pounds, shown beside it when another unit is chosen. */
  pounds?: number;
};

/** Weight (typed, decimal point or comma) and its unit, side by side even on a phone. */
export function DonationWeightFields({ weight, unit, weightError, unitError, unitChanged = false, pounds = Number.NaN }: Props) {
  const t = useTranslations('DonationForm');
  const tf = useTranslations('FasterEntry');
  const f = useNumberFormats();
  const ids = useFieldIds();
  const unitValue = Number(unit.value);
  const noteId = `${ids.id}-unit-note`;
  const poundsId = `${ids.id}-pounds`;
  const showPounds = unitValue !== WeightUnit.Pounds && Number.isFinite(pounds) && pounds > 0;
  return (
    <div className="grid grid-cols-2 gap-3 sm:col-span-2 sm:gap-4">
      <FieldShell label={t('weight')} ids={ids} error={weightError}>
        <input
          id={ids.id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={weightError ? true : undefined}
          aria-describedby={describedBy(
            ids,
            undefined,
            weightError,
            [unitChanged ? noteId : '', showPounds ? poundsId : ''].filter(Boolean).join(' ') || undefined,
          )}
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
      {/* Always in the page and never display:none, so the note is announced when it appears (a live region added or
          shown with its text is not); empty, its margin takes back the grid's gap. */}
      <p id={noteId} role="status" className="col-span-2 empty:-mt-3 sm:empty:-mt-4" data-testid="unit-changed">
        {unitChanged && (
          <span className="block rounded-md border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950">
            {tf('unitChanged', { unit: unitValue })}
          </span>
        )}
      </p>
      {showPounds && (
        <p id={poundsId} className="col-span-2 text-sm text-gray-800" data-testid="weight-in-pounds">
          {tf('inPounds', { pounds: f.pounds(pounds) })}
        </p>
      )}
    </div>
  );
}
