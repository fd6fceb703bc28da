'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDonationFormats } from '@/components/donations/use-formats';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { useErrorText } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { frenchDe } from '@/lib/domain/french-de';
import { WORKFLOW_TEXT_MAX } from '@/lib/domain/text-limits';

type Props = { branchId: string; branchName: string; year: number; month: number };

/**
 * A program administrator reopens a submitted month directly, with a reason (the API's reopenInTx, the command
 * line's code). The reason is kept in the audit log and the month's history, and mailed to the food bank's staff;
 * the food bank can then change and submit again.
 */
export function DirectReopen({ branchId, branchName, year, month }: Props) {
  const t = useTranslations('ProgramMonthHistory');
  const f = useDonationFormats();
  // The dialog and the confirmation name the month: the reopening is of one month, told to the food bank by e-mail.
  const monthName = f.monthLong(year, month);
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const limits = useTranslations('Limits');
  const { show } = useBanner();
  const router = useRouter();
  const once = useSingleFlight();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = () => {
    if (!reason.trim()) return setError(errorText('REOPEN_REASON_REQUIRED', 'INTERNAL'));
    setError(null);
    void once(async () => {
      setBusy(true);
      try {
        await api.POST('/program/branches/{branchId}/{year}/{month}/reopen', {
          params: { path: { branchId, year, month } },
          body: { reason: reason.trim() },
        });
        setOpen(false);
        setReason('');
        show('success', t('reopenDone', { branch: branchName, month: monthName, de: frenchDe(monthName) }));
        router.refresh();
      } catch (err) {
        // The reason stays in the box: nothing typed is lost.
        const long = tooLongField(err, { reason: WORKFLOW_TEXT_MAX.reason });
        setError(
          long ? tooLong(limits('reason'), WORKFLOW_TEXT_MAX[long]) : errorText(err instanceof BffError ? err.code : null, 'INTERNAL'),
        );
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('reopenButton')}
      </Button>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={send}
        title={t('reopenTitle', { branch: branchName, month: monthName })}
        description={t('reopenText')}
        label={t('reopenReason')}
        cancelLabel={t('cancel')}
        confirmLabel={t('reopenConfirm')}
        value={reason}
        onChange={setReason}
        error={error}
        busy={busy}
        maxLength={WORKFLOW_TEXT_MAX.reason}
      />
    </>
  );
}
