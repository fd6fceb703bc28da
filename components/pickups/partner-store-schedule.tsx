import { getTranslations } from 'next-intl/server';
import type { StoreSchedule } from '@/lib/domain/pickups';

/**
 * The pickup schedule of the store a partner chose on its figures screen (docs/product.md, Pickups), read-only and
 * written on the server: the slots as the store's screen words them, and the pauses. The API answers only the
 * partner's own stores (GET /api/partner/schedules?storeId=).
 */
export async function PartnerStoreSchedule({ schedule }: { schedule: StoreSchedule | null }) {
  const [t, ts] = await Promise.all([getTranslations('ScheduleProposals'), getTranslations('StoreSchedule')]);
  const day = (d: number) => ts(`day${d}` as 'day1');
  return (
    <section aria-labelledby="partner-schedule-h" className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5">
      <h3 id="partner-schedule-h" className="text-lg font-bold">
        {t('partnerTitle')}
      </h3>
      <p className="text-sm text-gray-700">{t('partnerIntro')}</p>
      {!schedule?.slots.length ? (
        <p className="text-gray-800">{t('partnerNone')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {schedule.slots.map((s) => (
            <li key={s.id} className="border-b border-gray-200 pb-2">
              <span className="block font-semibold">
                {ts('slotLine', {
                  days: s.weekdays.map(day).join(', '),
                  start: s.windowStart,
                  end: s.windowEnd,
                  rhythm: s.everyWeeks === 2 ? ts('biweekly') : ts('weekly'),
                })}
              </span>
              <span className="block text-sm">{ts('collector', { branch: s.branchName })}</span>
              {s.backupBranchName && <span className="block text-sm">{ts('backupLine', { branch: s.backupBranchName })}</span>}
              <span className="block text-sm">
                {ts('fromTo', { from: s.startsOn, to: s.endsOn ?? '', hasEnd: s.endsOn ? 'yes' : 'no' })}
              </span>
            </li>
          ))}
          {schedule.pauses.map((p) => (
            <li key={p.id} className="text-sm">
              {ts('pauseLine', { from: p.startsOn, to: p.endsOn, reason: p.reason })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
