'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useBanner } from '@/components/ui/banner';
import { SubmitButton } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import type { BranchScheduleProposals } from '@/lib/domain/schedule-proposals';
import { SCHEDULE_PROPOSAL_TEXT_MAX } from '@/lib/domain/schedule-proposals';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { ProposalList } from './proposal-list';
import { EMPTY_SLOT, SlotFields, type SlotDraft, useSlotText } from './slot-fields';

type Kind = 'add' | 'change' | 'end';

/**
 * "Propose a change" for a branch lead on the branch's Pickups screen (docs/product.md, Pickups): add a slot at a store
 * the branch collects from, change or end one of its slots, with a note for the program; then the branch's proposals
 * and their outcome. The API checks every rule (the slot rules of the store's screen) and says why it refuses.
 */
export function ScheduleProposalForm({ branchId, initial }: { branchId: string; initial: BranchScheduleProposals }) {
  const t = useTranslations('ScheduleProposals');
  const tErr = useErrorText();
  const slotText = useSlotText();
  const { show } = useBanner();
  const [data, setData] = useState(initial);
  const [storeId, setStoreId] = useState(initial.stores[0]?.storeId ?? '');
  const [kind, setKind] = useState<Kind>('add');
  const [slotId, setSlotId] = useState('');
  const [slot, setSlot] = useState<SlotDraft>({ ...EMPTY_SLOT, branchId });
  const [endsOn, setEndsOn] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const once = useSingleFlight();
  const store = data.stores.find((s) => s.storeId === storeId);
  const chooseSlot = (id: string) => {
    setSlotId(id);
    const current = store?.slots.find((s) => s.id === id);
    // Only the slot's own fields: the API refuses any other in a proposed slot.
    if (current)
      setSlot({
        weekdays: current.weekdays,
        windowStart: current.windowStart,
        windowEnd: current.windowEnd,
        everyWeeks: current.everyWeeks,
        branchId: current.branchId,
        backupBranchId: current.backupBranchId ?? '',
        startsOn: current.startsOn,
        endsOn: current.endsOn ?? '',
      });
  };

  const body = () => {
    const proposed = {
      ...slot,
      backupBranchId: slot.backupBranchId || null,
      endsOn: slot.endsOn || null,
      everyWeeks: slot.everyWeeks as 1 | 2,
    };
    if (kind === 'add') return { kind, storeId, slot: proposed, note };
    if (kind === 'change') return { kind, slotId, slot: proposed, note };
    return { kind, slotId, endsOn, note };
  };
  const submit = () =>
    once(async () => {
      setBusy(true);
      try {
        await api.POST('/branch/{branchId}/schedule-proposals', { params: { path: { branchId } }, body: body() });
        setData(await api.GET('/branch/{branchId}/schedule-proposals', { params: { path: { branchId } } }));
        setNote('');
        show('success', t('sent'));
      } catch (err) {
        show('error', err instanceof BffError ? tErr(err.code, 'INTERNAL') : t('error'));
      } finally {
        setBusy(false);
      }
    });

  if (!data.stores.length) return null;
  return (
    <section aria-labelledby="propose-h" className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5">
      <h2 id="propose-h" className="text-lg font-bold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t('intro')}</p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <SelectField
          label={t('store')}
          required
          value={storeId}
          onChange={(e) => {
            setStoreId(e.target.value);
            setSlotId('');
          }}
          options={data.stores.map((s) => ({ value: s.storeId, label: s.storeName }))}
        />
        <SelectField
          label={t('kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind);
            if (e.target.value === 'add') setSlot({ ...EMPTY_SLOT, branchId });
          }}
          options={[
            { value: 'add', label: t('kind_add') },
            { value: 'change', label: t('kind_change'), disabled: !store?.slots.length },
            { value: 'end', label: t('kind_end'), disabled: !store?.slots.length },
          ]}
        />
        {kind !== 'add' && (
          <SelectField
            label={t('slot')}
            required
            placeholder={t('chooseSlot')}
            containerClassName="sm:col-span-2"
            value={slotId}
            onChange={(e) => chooseSlot(e.target.value)}
            options={(store?.slots ?? []).map((s) => ({ value: s.id, label: slotText(s) }))}
          />
        )}
        {kind === 'end' ? (
          <TextField label={t('lastDay')} type="date" required value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
        ) : (
          <SlotFields slot={slot} onChange={setSlot} branches={store?.branches ?? []} />
        )}
        <label className="flex flex-col gap-1 text-sm font-medium sm:col-span-2">
          {t('note')}
          <textarea
            required
            rows={3}
            maxLength={SCHEDULE_PROPOSAL_TEXT_MAX.note}
            className="rounded-md border border-gray-400 p-2 text-base"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        <div className="sm:col-span-2">
          <SubmitButton loading={busy}>{t('send')}</SubmitButton>
        </div>
      </form>
      <h3 className="mt-6 font-bold">{t('yours')}</h3>
      <ProposalList proposals={data.proposals} empty={t('none')} />
    </section>
  );
}
