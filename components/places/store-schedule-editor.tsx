'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { EMPTY_SLOT, SlotFields, useSlotText } from '@/components/pickups/slot-fields';
import { PICKUP_TEXT_MAX, type StoreSchedule } from '@/lib/domain/pickups';
import { writtenDay } from '@/lib/domain/written-dates';
import { BffError } from '@/web/query/bff';
import { api } from '@/web/query/api-client';

/**
 * A store's pickup slots and pauses for program staff (docs/product.md, Pickups): each listed with its delete button,
 * and one form for a new slot and one for a new pause. The API checks every rule; its refusal is shown as it says it.
 */
export function StoreScheduleEditor({ initial }: { initial: StoreSchedule }) {
  const t = useTranslations('StoreSchedule');
  const locale = useLocale();
  const day = (date: string) => writtenDay(date, locale, { year: true });
  const tErr = useErrorText();
  const { show } = useBanner();
  const [schedule, setSchedule] = useState(initial);
  const [slot, setSlot] = useState(EMPTY_SLOT);
  const [pause, setPause] = useState({ startsOn: '', endsOn: '', reason: '' });
  const [busy, setBusy] = useState(false);
  const slotLine = useSlotText();

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      setSchedule(await api.GET('/program/stores/{storeId}/schedule', { params: { path: { storeId: schedule.storeId } } }));
      show('success', done);
      return true;
    } catch (err) {
      show('error', err instanceof BffError ? tErr(err.code, 'INTERNAL') : t('error'));
      return false;
    } finally {
      setBusy(false);
    }
  }
  const path = { params: { path: { storeId: schedule.storeId } } };
  const addSlot = async () => {
    const body = {
      branchId: slot.branchId,
      backupBranchId: slot.backupBranchId || null,
      weekdays: slot.weekdays,
      windowStart: slot.windowStart,
      windowEnd: slot.windowEnd,
      everyWeeks: slot.everyWeeks as 1 | 2,
      startsOn: slot.startsOn,
      endsOn: slot.endsOn || null,
    };
    if (await run(() => api.POST('/program/stores/{storeId}/pickup-slots', { ...path, body }), t('saved'))) setSlot(EMPTY_SLOT);
  };
  const addPause = async () => {
    if (await run(() => api.POST('/program/stores/{storeId}/pickup-pauses', { ...path, body: pause }), t('saved')))
      setPause({ startsOn: '', endsOn: '', reason: '' });
  };
  const card = 'mt-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5';

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-xl font-bold text-gray-900">{t('title')}</h1>
      <p className="mt-1 font-semibold text-gray-800">{schedule.storeName}</p>

      <section aria-labelledby="slots-h" className={card}>
        <h2 id="slots-h" className="text-lg font-bold">
          {t('slots')}
        </h2>
        {!schedule.slots.length && <p className="mt-2 text-gray-800">{t('noSlots')}</p>}
        <ul className="mt-2 flex flex-col gap-2">
          {schedule.slots.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-2 border-b border-gray-200 pb-2">
              <span className="grow">
                <span className="block font-semibold">{slotLine(s)}</span>
                <span className="block text-sm">{t('collector', { branch: s.branchName })}</span>
                {s.backupBranchName && <span className="block text-sm">{t('backupLine', { branch: s.backupBranchName })}</span>}
                <span className="block text-sm">
                  {t('fromTo', { from: day(s.startsOn), to: s.endsOn ? day(s.endsOn) : '', hasEnd: s.endsOn ? 'yes' : 'no' })}
                </span>
              </span>
              <Button
                variant="ghost"
                disabled={busy}
                aria-label={t('deleteSlot', { line: slotLine(s) })}
                onClick={() =>
                  void run(() => api.DELETE('/program/pickup-slots/{slotId}', { params: { path: { slotId: s.id } } }), t('deleted'))
                }
              >
                {t('delete')}
              </Button>
            </li>
          ))}
        </ul>
        <form
          className="mt-4 grid gap-3 sm:grid-cols-2"
          aria-labelledby="add-slot-h"
          onSubmit={(e) => {
            e.preventDefault();
            void addSlot();
          }}
        >
          <h3 id="add-slot-h" className="font-bold sm:col-span-2">
            {t('addSlot')}
          </h3>
          <SlotFields slot={slot} onChange={setSlot} branches={schedule.branches} />
          <div className="sm:col-span-2">
            <Button type="submit" loading={busy}>
              {t('save')}
            </Button>
          </div>
        </form>
      </section>

      <section aria-labelledby="pauses-h" className={card}>
        <h2 id="pauses-h" className="text-lg font-bold">
          {t('pauses')}
        </h2>
        {!schedule.pauses.length && <p className="mt-2 text-gray-800">{t('noPauses')}</p>}
        <ul className="mt-2 flex flex-col gap-2">
          {schedule.pauses.map((p) => {
            const line = t('pauseLine', { from: day(p.startsOn), to: day(p.endsOn), reason: p.reason });
            return (
              <li key={p.id} className="flex flex-wrap items-center gap-2">
                <span className="grow">{line}</span>
                <Button
                  variant="ghost"
                  disabled={busy}
                  aria-label={t('deletePause', { line })}
                  onClick={() =>
                    void run(() => api.DELETE('/program/pickup-pauses/{pauseId}', { params: { path: { pauseId: p.id } } }), t('deleted'))
                  }
                >
                  {t('delete')}
                </Button>
              </li>
            );
          })}
        </ul>
        <form
          className="mt-4 grid gap-3 sm:grid-cols-2"
          aria-labelledby="add-pause-h"
          onSubmit={(e) => {
            e.preventDefault();
            void addPause();
          }}
        >
          <h3 id="add-pause-h" className="font-bold sm:col-span-2">
            {t('addPause')}
          </h3>
          <TextField
            label={t('startsOn')}
            type="date"
            required
            value={pause.startsOn}
            onChange={(e) => setPause({ ...pause, startsOn: e.target.value })}
          />
          <TextField
            label={t('pauseEndsOn')}
            type="date"
            required
            value={pause.endsOn}
            onChange={(e) => setPause({ ...pause, endsOn: e.target.value })}
          />
          <TextField
            label={t('pauseReason')}
            required
            maxLength={PICKUP_TEXT_MAX.pauseReason}
            containerClassName="sm:col-span-2"
            value={pause.reason}
            onChange={(e) => setPause({ ...pause, reason: e.target.value })}
          />
          <div className="sm:col-span-2">
            <Button type="submit" loading={busy}>
              {t('addPause')}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
