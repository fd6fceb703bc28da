'use client';

import { useTranslations } from 'next-intl';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const dayKey = (d: number) => `day${d}` as `day${(typeof DAYS)[number]}`;

export type SlotDraft = {
  weekdays: number[];
  windowStart: string;
  windowEnd: string;
  everyWeeks: number;
  branchId: string;
  backupBranchId: string;
  startsOn: string;
  endsOn: string;
};

/** A new slot's fields before anything is chosen. */
export const EMPTY_SLOT: SlotDraft = {
  weekdays: [],
  windowStart: '09:00',
  windowEnd: '11:00',
  everyWeeks: 1,
  branchId: '',
  backupBranchId: '',
  startsOn: '',
  endsOn: '',
};

type SlotLike = { weekdays: number[]; windowStart: string; windowEnd: string; everyWeeks: number };

/** A slot in words, as the store's screen writes it: "Mon, Wed, 09:00–11:00, every week". */
export function useSlotText() {
  const t = useTranslations('StoreSchedule');
  return (s: SlotLike) =>
    t('slotLine', {
      days: s.weekdays.map((d) => t(dayKey(d))).join(', '),
      start: s.windowStart,
      end: s.windowEnd,
      rhythm: s.everyWeeks === 2 ? t('biweekly') : t('weekly'),
    });
}

/** A slot's fields, with the labels of the store's screen; the branches are the store's serving ones. */
export function SlotFields({
  slot,
  onChange,
  branches,
}: {
  slot: SlotDraft;
  onChange: (s: SlotDraft) => void;
  branches: { id: string; name: string }[];
}) {
  const t = useTranslations('StoreSchedule');
  const options = branches.map((b) => ({ value: b.id, label: b.name }));
  return (
    <>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">{t('weekdays')}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {DAYS.map((d) => (
            <label key={d} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="h-5 w-5 accent-gray-900"
                checked={slot.weekdays.includes(d)}
                onChange={(e) =>
                  onChange({ ...slot, weekdays: e.target.checked ? [...slot.weekdays, d] : slot.weekdays.filter((x) => x !== d) })
                }
              />
              {t(dayKey(d))}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('windowStart')}
        type="time"
        required
        value={slot.windowStart}
        onChange={(e) => onChange({ ...slot, windowStart: e.target.value })}
      />
      <TextField
        label={t('windowEnd')}
        type="time"
        required
        value={slot.windowEnd}
        onChange={(e) => onChange({ ...slot, windowEnd: e.target.value })}
      />
      <SelectField
        label={t('rhythm')}
        value={String(slot.everyWeeks)}
        onChange={(e) => onChange({ ...slot, everyWeeks: Number(e.target.value) })}
        options={[
          { value: '1', label: t('weekly') },
          { value: '2', label: t('biweekly') },
        ]}
      />
      <SelectField
        label={t('branch')}
        required
        placeholder={t('branch')}
        value={slot.branchId}
        onChange={(e) => onChange({ ...slot, branchId: e.target.value })}
        options={options}
      />
      <SelectField
        label={t('backup')}
        placeholder={t('none')}
        value={slot.backupBranchId}
        onChange={(e) => onChange({ ...slot, backupBranchId: e.target.value })}
        options={options}
      />
      <TextField
        label={t('startsOn')}
        type="date"
        required
        value={slot.startsOn}
        onChange={(e) => onChange({ ...slot, startsOn: e.target.value })}
      />
      <TextField label={t('endsOn')} type="date" value={slot.endsOn} onChange={(e) => onChange({ ...slot, endsOn: e.target.value })} />
    </>
  );
}
