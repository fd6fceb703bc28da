'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { IntentLink } from '@/components/layout/intent-link';
import type { BranchPickup } from '@/lib/domain/pickups';
import { useAppSession } from '@/components/layout/use-app-session';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { LazyAppDialog as AppDialog } from '@/components/ui/lazy-dialog';
import { CONTROL_CLASS } from '@/components/ui/field';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { api } from '@/web/query/api-client';
import { donationKeys } from '@/web/query/donations';
import { useDonationFormats } from './use-formats';
import { frenchDe } from '@/lib/domain/french-de';

type Props = { year: number; month: number; supportEmail: string; open: boolean; onClose: () => void };

/** Submit Report (docs/product.md, A month's donations): optional comments, then the month is submitted and locked. */
export function SubmitReportDialog({ year, month, supportEmail, open, onClose }: Props) {
  const t = useTranslations('MonthPage');
  const tc = useTranslations('Common');
  const f = useDonationFormats();
  const queryClient = useQueryClient();
  const { branchId, user } = useAppSession();
  const { show } = useBanner();
  const commentsId = useId();
  const [comments, setComments] = useState('');
  const once = useSingleFlight();
  const mm = String(month).padStart(2, '0');
  const unrecorded = useUnrecorded(open ? branchId : null, year, month);

  const submit = useMutation({
    mutationFn: () =>
      api.POST('/branch/submit', {
        body: { branchId, year, month, comments: comments.trim() || null, userContact: user?.contactEmail ?? null },
      }),
    onSuccess: async () => {
      onClose();
      setComments('');
      show('success', t('submitSuccess', { month: mm, year }));
      await queryClient.invalidateQueries({ queryKey: donationKeys.all });
    },
    // A submit failure is only logged, with no message (docs/product.md, A month's donations).
    onError: (err) => {
      console.error('submit failed', err);
      onClose();
    },
  });

  return (
    <AppDialog
      open={open}
      onClose={() => !submit.isPending && onClose()}
      title={t('submitTitle')}
      description={t('submitQuestion', { month: f.monthLong(year, month), de: frenchDe(f.monthLong(year, month)) })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={submit.isPending}>
            {tc('cancel')}
          </Button>
          <Button onClick={() => void once(() => submit.mutateAsync())} loading={submit.isPending}>
            {t('submit')}
          </Button>
        </>
      }
    >
      {unrecorded.length > 0 && (
        <div role="note" className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          <p className="font-semibold">{t('unrecordedWarning', { count: unrecorded.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {unrecorded.map((p) => (
              <li key={p.pickupId}>{t('unrecordedLine', { store: p.storeName, date: p.date })}</li>
            ))}
          </ul>
          <IntentLink href="/pickups" className="mt-1 inline-block font-semibold underline">
            {t('unrecordedAction')}
          </IntentLink>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={commentsId} className="text-sm font-semibold text-gray-800">
          {t('comments')}
        </label>
        <textarea
          id={commentsId}
          autoFocus
          rows={4}
          maxLength={2000}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
          className={CONTROL_CLASS}
        />
      </div>
      <p className="mt-3 text-sm text-gray-800">
        {t.rich('submitNote', {
          email: supportEmail,
          strong: (chunks) => <strong className="[overflow-wrap:anywhere]">{chunks}</strong>,
        })}{' '}
        {/* The sentence above keeps its old wording; a submitted month can also be reopened on request (MonthReopen). */}
        {t('submitReopenNote')}
      </p>
    </AppDialog>
  );
}

/**
 * The month's scheduled pickups the branch collects that are unrecorded (docs/rules.md, Pickups): a warning in the
 * dialog, never a reason to refuse the submit; a failed read shows nothing.
 */
function useUnrecorded(branchId: string | null, year: number, month: number) {
  const [list, setList] = useState<BranchPickup[]>([]);
  useEffect(() => {
    if (!branchId) return undefined;
    const ctrl = new AbortController();
    const mm = String(month).padStart(2, '0');
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    api
      .GET('/branch/{branchId}/pickups', {
        params: { path: { branchId }, query: { from: `${year}-${mm}-01`, to: `${year}-${mm}-${last}` } },
        signal: ctrl.signal,
      })
      .then((all) => setList(all.filter((p) => p.state === 'unrecorded' && !p.backup)))
      .catch(() => setList([]));
    return () => ctrl.abort();
  }, [branchId, year, month]);
  return list;
}
