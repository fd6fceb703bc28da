'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBanner } from '@/components/ui/banner';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { BffError } from '@/web/query/bff';
import { newKey } from '@/web/offline/entries';
import { createDonation } from '@/web/query/donation-calls';
import { donationKeys, isRfp, type MonthDonation } from '@/web/query/donation-keys';

/** How long the Undo stays offered after a delete. */
export const UNDO_MS = 10_000;

/** The create body that puts a deleted donation back: same date, store, source, weight, unit and shares. */
export function restoreBody(d: MonthDonation) {
  const shares = (isRfp(d.campaignId) ? d.categories : (d.campaignCategories ?? d.categories)).map((c) => ({
    categoryId: c.categoryId,
    categoryName: c.categoryName,
    fraction: c.fraction,
  }));
  return {
    branchId: d.branchId,
    date: d.date,
    storeId: d.storeId,
    source: d.source,
    weight: d.weight,
    weightUnit: d.weightUnit,
    categories: shares,
    ...(isRfp(d.campaignId) ? {} : { campaignId: d.campaignId, campaignCategories: shares }),
  };
}

/**
 * Undo of a delete. The delete is done for real at once (nothing waits in the browser, so closing the tab never
 * loses it); Undo re-creates the donation with the same fields (a new id; "entered by" becomes whoever undid it).
 * The offer shows for a few seconds, with focus on Undo, since the deleted row's own buttons are gone.
 * One Undo makes one donation: a double click runs once (single flight), and the create carries one
 * Idempotency-Key per deleted donation, so a retry after a lost answer gets the first answer, not a second row.
 */
export function useUndoDelete(names: (d: MonthDonation) => { date: string; store: string }) {
  const t = useTranslations('MonthList');
  const tm = useTranslations('MonthPage');
  const queryClient = useQueryClient();
  const { show, close } = useBanner();
  const [offer, setOffer] = useState<{ donation: MonthDonation; key: string } | null>(null);
  const deleted = offer?.donation ?? null;
  const once = useSingleFlight();
  const undoRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!offer) return;
    undoRef.current?.focus();
    const timer = setTimeout(() => setOffer(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [offer]);

  const restore = useMutation({
    mutationFn: ({ donation: d, key }: { donation: MonthDonation; key: string }) =>
      createDonation(d.campaignId, restoreBody(d), { idempotencyKey: key }),
    onSuccess: async () => {
      setOffer(null);
      show('success', t('restored'));
      await queryClient.invalidateQueries({ queryKey: donationKeys.all });
    },
    onError: (err) => {
      setOffer(null);
      const submitted = err instanceof BffError && err.code === 'MONTH_ALREADY_SUBMITTED';
      show('error', submitted ? t('restoreFailedSubmitted') : t('restoreFailed'));
    },
  });

  const onDeleted = useCallback(
    (d: MonthDonation) => {
      close();
      setOffer({ donation: d, key: newKey() });
    },
    [close],
  );

  const element = deleted ? (
    <div
      role="status"
      data-testid="undo-delete"
      className="flex items-center gap-3 rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-2 text-sm text-green-900 shadow-sm"
    >
      <p className="flex-1">{tm('deleted')}</p>
      <button
        ref={undoRef}
        type="button"
        onClick={() => void once(() => restore.mutateAsync(offer!))}
        disabled={restore.isPending}
        aria-label={t('undoLabel', names(deleted))}
        className="min-h-11 rounded-md bg-white px-4 font-semibold text-gray-900 ring-1 ring-green-700 hover:bg-green-100 focus-visible:outline-3 focus-visible:outline-gray-900 disabled:opacity-60"
      >
        {t('undo')}
      </button>
    </div>
  ) : null;

  return { onDeleted, element };
}
