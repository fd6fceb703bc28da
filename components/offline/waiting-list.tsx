'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useState } from 'react';
import { useAppSession } from '@/components/layout/use-app-session';
import { Button, ButtonLink } from '@/components/ui/button';
import { useErrorText } from '@/components/ui/use-error-text';
import { WeightUnit } from '@/lib/domain/enums';
import { CHANGE_EVENT, PENDING_HINT, inPeriod, type OutboxEntry } from '@/web/offline/entries';
import { invalidateBrowserQueries } from '@/web/query/browser-client';
import { donationKeys } from '@/web/query/donation-keys';

/** A date of an entry (YYYY-MM-DD) in words; French writes the first of a month '1er'. */
function entryDate(iso: string, locale: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const text = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y!, m! - 1, d, 12));
  return locale === 'fr' && d === 1 ? text.replace(/^1 /, '1er ') : text;
}

function pendingOnDevice(): boolean {
  try {
    return !!localStorage.getItem(PENDING_HINT);
  } catch {
    return true;
  }
}

/**
 * Donations added on this device that the server has not taken yet (month page: that month; Monthly Reports: all
 * of the branch), with a refusal shown on its entry and a way to fix it in the form or discard it. Renders nothing, and
 * loads no IndexedDB code, when nothing is waiting (WaitingListSlot loads this module only then). Without a year: every entry of the selected branch.
 */
export function WaitingList({ year, month, origin }: { year?: number; month?: number; origin: string }) {
  const t = useTranslations('Offline');
  const tForm = useTranslations('DonationForm');
  const tErr = useErrorText();
  const locale = useLocale();
  const { user, branchId } = useAppSession();
  const userId = user?.id ?? '';
  const headingId = useId();
  const router = useRouter();
  const [items, setItems] = useState<OutboxEntry[]>([]);
  const [online, setOnline] = useState(true);
  const [sending, setSending] = useState(false);
  const [signIn, setSignIn] = useState(false);

  const load = useCallback(async () => {
    if (!userId || !pendingOnDevice()) return setItems([]);
    const { listOutbox } = await import('@/web/offline/store');
    const all = await listOutbox(userId);
    setItems(all.filter((e) => e.branchId === branchId && (year === undefined || inPeriod(e, year, month))));
  }, [userId, branchId, year, month]);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    const reload = () => void load().catch((err) => console.warn('outbox read failed', err));
    reload();
    window.addEventListener(CHANGE_EVENT, reload);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener(CHANGE_EVENT, reload);
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [load]);

  if (items.length === 0) return null;

  const unit = (u: number) =>
    u === WeightUnit.Kilogram ? tForm('unitKilograms') : u === WeightUnit.BananaBox ? tForm('unitBananaBox') : tForm('unitPounds');
  const waiting = items.filter((e) => e.status === 'waiting').length;

  const sendNow = async () => {
    setSending(true);
    try {
      const { syncOutbox } = await import('@/web/offline/outbox');
      const r = await syncOutbox(userId);
      setSignIn(r.signIn);
      if (r.sent) {
        await invalidateBrowserQueries(donationKeys.all);
        router.refresh();
      }
    } finally {
      setSending(false);
    }
  };

  const discard = async (e: OutboxEntry, names: { date: string; store: string }) => {
    if (!window.confirm(t('discardQuestion', names))) return;
    const { deleteOutbox } = await import('@/web/offline/store');
    await deleteOutbox(e.id);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-3 shadow-sm sm:p-4"
      data-testid="waiting-list"
    >
      <h2 id={headingId} className="text-lg font-bold text-gray-900">
        {t('waitingTitle', { count: items.length })}
      </h2>
      <p className="text-sm text-gray-800">{online ? t('waitingHint') : t('offlineNote')}</p>
      {signIn && <p className="text-sm font-semibold text-red-800">{t('waitingSignIn')}</p>}
      <ul className="flex flex-col gap-2">
        {items.map((e) => {
          const names = { date: entryDate(e.body.date, locale), store: e.storeName };
          const reason = e.error ? tErr(e.error.code, 'BAD_REQUEST') : '';
          return (
            <li
              key={e.id}
              className="flex flex-col gap-2 rounded-md bg-white p-3 ring-1 ring-black/5 sm:flex-row sm:items-center sm:gap-3"
              data-testid="waiting-row"
            >
              <div className="min-w-0 flex-1">
                <p className="font-bold text-gray-900 tabular-nums">
                  {t('entryWeight', {
                    weight: e.body.weight.toLocaleString(locale === 'fr' ? 'fr-CA' : 'en-CA'),
                    unit: unit(e.body.weightUnit ?? WeightUnit.Pounds),
                  })}
                </p>
                <p className="text-sm break-words text-gray-900">
                  {names.date} · {names.store}
                </p>
                <p
                  className={`text-sm font-semibold ${e.status === 'refused' ? 'text-red-800' : 'text-amber-900'}`}
                  data-testid="waiting-status"
                >
                  {e.status === 'refused' ? t('statusRefused', { reason: reason || t('refusedUnknown') }) : t('statusWaiting')}
                </p>
              </div>
              {e.status === 'refused' && (
                <div className="flex gap-2">
                  <ButtonLink
                    variant="primary"
                    href={`/donations/add?outbox=${encodeURIComponent(e.id)}&from=${encodeURIComponent(origin)}`}
                    aria-label={t('fixLabel', names)}
                  >
                    {t('fix')}
                  </ButtonLink>
                  <Button variant="secondary" aria-label={t('discardLabel', names)} onClick={() => void discard(e, names)}>
                    {t('discard')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {/* Offered offline too: navigator.onLine can be wrong (a Wi-Fi without internet, a missed 'online' event), and
          a try without a network only leaves the entries waiting. */}
      {waiting > 0 && (
        <Button variant="secondary" className="self-start" loading={sending} onClick={() => void sendNow()}>
          {t('sendNow')}
        </Button>
      )}
    </section>
  );
}
