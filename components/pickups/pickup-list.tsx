'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { IntentButtonLink } from '@/components/layout/intent-link';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { useErrorText } from '@/components/ui/use-error-text';
import type { BranchPickup, MissedReason } from '@/lib/domain/pickups';
import { writtenDay } from '@/lib/domain/written-dates';
import { BffError } from '@/web/query/bff';
import { api } from '@/web/query/api-client';
import { MissedDialog } from './missed-dialog';

type Group = 'late' | 'today' | 'upcoming' | 'done';
const GROUPS: Group[] = ['late', 'today', 'upcoming', 'done'];
const groupOf = (p: BranchPickup): Group =>
  p.state === 'unrecorded' || p.state === 'late' ? 'late' : p.state === 'today' ? 'today' : p.state === 'upcoming' ? 'upcoming' : 'done';
const OPEN = new Set<BranchPickup['state']>(['unrecorded', 'late', 'today']);

/**
 * A branch's pickups in four groups (late, today, this week, recorded), phone first: each open pickup has its three
 * one-tap actions. An answer changes the card at once; the API keeps a second tap from recording twice.
 */
export function PickupList({ branchId, initial }: { branchId: string; initial: BranchPickup[] }) {
  const t = useTranslations('Pickups');
  const tErr = useErrorText();
  const locale = useLocale();
  const { show } = useBanner();
  const [pickups, setPickups] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [missing, setMissing] = useState<BranchPickup | null>(null);
  const dayOf = (date: string) => writtenDay(date, locale, { weekday: true });
  const subject = (p: BranchPickup) => t('missedFor', { store: p.storeName, date: dayOf(p.date) });

  async function answer(p: BranchPickup, body: { outcome: 'no_food' } | { outcome: 'missed'; reason: MissedReason; reasonText?: string }) {
    setBusy(p.pickupId);
    try {
      const res = await api.POST('/branch/{branchId}/pickups/{pickupId}/outcome', {
        params: { path: { branchId, pickupId: p.pickupId } },
        body,
      });
      const reason = body.outcome === 'missed' ? body.reason : null;
      const reasonText = body.outcome === 'missed' ? (body.reasonText ?? null) : null;
      setPickups((list) => list.map((x) => (x.pickupId === p.pickupId ? { ...x, state: body.outcome, reason, reasonText } : x)));
      const args = { store: p.storeName, date: dayOf(p.date) };
      show('success', !res.changed ? t('alreadySaved') : body.outcome === 'no_food' ? t('savedNoFood', args) : t('savedMissed', args));
      setMissing(null);
    } catch (err) {
      show('error', err instanceof BffError ? tErr(err.code, 'INTERNAL') : t('error'));
    } finally {
      setBusy(null);
    }
  }

  const stateText = (p: BranchPickup) =>
    p.state === 'recorded'
      ? t('state.recorded', { count: p.donations })
      : p.state === 'missed'
        ? t('state.missed', { reason: p.reason === 'other' && p.reasonText ? p.reasonText : t(`reasons.${p.reason ?? 'other'}`) })
        : t(`state.${p.state}`);

  if (!pickups.length) return <p className="mt-4 rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('empty')}</p>;
  return (
    <div className="mt-4 flex flex-col gap-6">
      {GROUPS.map((g) => {
        const list = pickups.filter((p) => groupOf(p) === g);
        if (!list.length) return null;
        return (
          <section key={g} aria-labelledby={`pickups-${g}`}>
            <h2 id={`pickups-${g}`} className="text-lg font-bold text-gray-900">
              {t(g)} <span className="font-normal text-gray-700">({list.length})</span>
            </h2>
            <ul className="mt-2 flex flex-col gap-3">
              {list.map((p) => (
                <li
                  key={p.pickupId}
                  aria-labelledby={`p-${p.pickupId}`}
                  className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5"
                  data-testid="pickup"
                >
                  <h3 id={`p-${p.pickupId}`} className="font-semibold text-gray-900">
                    {p.storeName}
                  </h3>
                  <p className="text-sm text-gray-800">
                    {t('when', { date: dayOf(p.date), start: p.windowStart, end: p.windowEnd })}
                    {p.backup && <> · {t('backup')}</>}
                  </p>
                  <p className={`mt-1 text-sm font-semibold ${p.state === 'unrecorded' ? 'text-red-800' : 'text-gray-800'}`}>
                    {stateText(p)}
                  </p>
                  {OPEN.has(p.state) && (
                    <div
                      role="group"
                      aria-label={t('actionsFor', { store: p.storeName, date: dayOf(p.date) })}
                      className="mt-3 grid gap-2 sm:grid-cols-3"
                    >
                      <IntentButtonLink
                        variant="primary"
                        href={`/donations/add?${new URLSearchParams({ store: p.storeId, date: p.date, pickup: p.pickupId, from: '/pickups' })}`}
                      >
                        {t('recordDonation')}
                      </IntentButtonLink>
                      <Button
                        variant="secondary"
                        loading={busy === p.pickupId && !missing}
                        disabled={!!busy}
                        onClick={() => void answer(p, { outcome: 'no_food' })}
                      >
                        {t('noFood')}
                      </Button>
                      <Button variant="secondary" disabled={!!busy} onClick={() => setMissing(p)}>
                        {t('missed')}
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <MissedDialog
        key={missing?.pickupId ?? 'none'}
        open={!!missing}
        subject={missing ? subject(missing) : ''}
        saving={!!missing && busy === missing.pickupId}
        onClose={() => setMissing(null)}
        onSave={(reason, reasonText) =>
          missing && void answer(missing, { outcome: 'missed', reason, ...(reasonText ? { reasonText } : {}) })
        }
      />
    </div>
  );
}
