'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useAppSession } from '@/components/layout/use-app-session';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { LazyAppDialog as AppDialog } from '@/components/ui/lazy-dialog';
import { CONTROL_CLASS } from '@/components/ui/field';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { api } from '@/lib/query/api-client';
import { donationKeys } from '@/lib/query/donations';
import { useDonationFormats } from './use-formats';
import { frenchDe } from '@/lib/domain/french-de';

type Props = { year: number; month: number; supportEmail: string; open: boolean; onClose: () => void };

/** Submit Report (section 8): optional comments, then the month is submitted and locked. */
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
    // Section 8: a submit failure is only logged.
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
        {/* The spec's sentence above stays as it is; a submitted month can also be reopened on request (MonthReopen). */}
        {t('submitReopenNote')}
      </p>
    </AppDialog>
  );
}
