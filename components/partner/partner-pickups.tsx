import { getTranslations } from 'next-intl/server';
import type { PartnerPickups } from '@/lib/domain/pickup-reliability';
import type { PartnerFormats } from './partner-formats';

/**
 * The partner's pickups over the figures' period (docs/rules.md, Pickup reliability): how many of the scheduled pickups
 * at their stores were collected and how many had no food. Nothing when the read failed: the figures stand alone.
 */
export async function PartnerPickupsFigure({ pickups, f }: { pickups: PartnerPickups | null; f: PartnerFormats }) {
  if (!pickups) return null;
  const t = await getTranslations('Reliability');
  return (
    <section aria-labelledby="partner-pickups" className="flex flex-col gap-1 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5">
      <h3 id="partner-pickups" className="text-sm text-gray-700">
        {t('partnerTitle')}
      </h3>
      {pickups.scheduled === 0 ? (
        <p className="text-gray-800">{t('partnerNone')}</p>
      ) : (
        <>
          <p className="text-2xl font-bold text-gray-900 tabular-nums" data-testid="partner-pickups">
            {t('partnerValue', { collected: f.whole(pickups.collected), noFood: f.whole(pickups.noFood) })}
          </p>
          <p className="text-sm text-gray-800">{t('partnerNote', { scheduled: pickups.scheduled })}</p>
        </>
      )}
    </section>
  );
}
