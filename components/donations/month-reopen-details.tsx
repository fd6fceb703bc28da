'use client';

import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useWhen } from '@/components/program/use-when';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { useErrorText } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import type { MonthHistory, ReopenRequest } from '@/lib/domain/program-workflow';
import { WORKFLOW_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/get-query-client';
import { useDonationFormats } from './use-formats';

type Props = {
  branchId: string;
  year: number;
  month: number;
  locked: boolean;
  history: UseQueryResult<MonthHistory>;
  historyKey: readonly unknown[];
};

/**
 * What the reopening workflow shows of a month that has some of it: the request's state and the program's answer,
 * Request reopening with its reason, and every submission of the month with its totals. Loaded only for such a month
 * (month-reopen.tsx): most visits are to an open month with none of it.
 */
export function MonthReopenDetails({ branchId, year, month, locked, history, historyKey }: Props) {
  const t = useTranslations('MonthReopen');
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const limits = useTranslations('Limits');
  const { show } = useBanner();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const once = useSingleFlight();
  const ask = useMutation({
    mutationFn: () =>
      api.POST('/branch/{branchId}/{year}/{month}/reopen-request', { params: { path: { branchId, year, month } }, body: { reason } }),
    onSuccess: async () => {
      setOpen(false);
      setReason('');
      show('success', t('requested'));
      await queryClient.invalidateQueries({ queryKey: historyKey });
    },
    // The reason stays in the box: nothing typed is lost.
    onError: (err) =>
      setError(
        tooLongField(err, { reason: WORKFLOW_TEXT_MAX.reason })
          ? tooLong(limits('reason'), WORKFLOW_TEXT_MAX.reason)
          : errorText(err instanceof BffError ? err.code : null, 'INTERNAL'),
      ),
  });

  const last = history.data?.requests.at(-1);
  const pending = last?.status === 'open';
  const submit = () => {
    if (!reason.trim()) return setError(errorText('REOPEN_REASON_REQUIRED', 'INTERNAL'));
    setError(null);
    // One request per Send, even double-clicked (the button is disabled only after React re-renders).
    void once(() => ask.mutateAsync());
  };

  return (
    <>
      {last && (locked || last.status === 'approved') && <RequestState request={last} locked={locked} />}
      {locked && !pending && (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setOpen(true)} disabled={!history.isSuccess}>
            {t('requestButton')}
          </Button>
        </div>
      )}
      {history.data && history.data.submissions.length > 0 && <Submissions history={history.data} />}
      {history.isError && <p className="text-sm text-red-800">{t('historyError')}</p>}
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={submit}
        title={t('dialogTitle')}
        description={t('dialogText')}
        label={t('reason')}
        cancelLabel={t('cancel')}
        confirmLabel={t('send')}
        value={reason}
        onChange={setReason}
        error={error}
        busy={ask.isPending}
        maxLength={WORKFLOW_TEXT_MAX.reason}
        rows={4}
      />
    </>
  );
}

function RequestState({ request: r, locked }: { request: ReopenRequest; locked: boolean }) {
  const t = useTranslations('MonthReopen');
  const when = useWhen();
  const text =
    r.status === 'open'
      ? t('stateOpen', { date: when(r.requestedAt), reason: r.reason })
      : r.status === 'declined'
        ? t('stateDeclined', { date: when(r.decidedAt ?? r.requestedAt), by: r.decidedBy ?? '', answer: r.answer ?? '' })
        : locked
          ? null
          : [
              t('stateApproved', { date: when(r.decidedAt ?? r.requestedAt), by: r.decidedBy ?? '' }),
              r.answer ? t('answer', { answer: r.answer }) : '',
            ]
              .filter(Boolean)
              .join('\n');
  if (!text) return null;
  const tone = r.status === 'declined' ? 'border-red-700 bg-red-50 text-red-900' : 'border-amber-600 bg-amber-50 text-amber-950';
  return (
    <p role="status" data-testid="reopen-state" className={`rounded-md border-l-4 px-4 py-3 text-sm whitespace-pre-line ${tone}`}>
      {text}
    </p>
  );
}

function Submissions({ history }: { history: MonthHistory }) {
  const t = useTranslations('MonthReopen');
  const f = useDonationFormats();
  const when = useWhen();
  const subs = history.submissions;
  const diff = (n: number) => (n > 0 ? `+${f.pounds(n)}` : n < 0 ? `−${f.pounds(-n)}` : '±0');
  const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
  return (
    <details className="rounded-md bg-white p-3 text-sm shadow-sm ring-1 ring-black/5" data-testid="submission-history">
      <summary className="cursor-pointer font-semibold text-gray-900">{t('historyTitle', { count: subs.length })}</summary>
      <ol className="mt-2 flex flex-col gap-2">
        {subs.map((s, i) => {
          const prev = subs[i - 1];
          return (
            <li key={s.id} className="border-t border-gray-200 pt-2 first:border-0 first:pt-0">
              <p className="font-semibold">{t('submittedBy', { date: when(s.submittedAt), by: s.submittedBy })}</p>
              <p>
                {t('totals', { front: f.pounds(s.frontLbs), back: f.pounds(s.backLbs), count: s.donationCount })}
                {prev && ' '}
                {prev &&
                  t('change', {
                    front: diff(s.frontLbs - prev.frontLbs),
                    back: diff(s.backLbs - prev.backLbs),
                    count: signed(s.donationCount - prev.donationCount),
                  })}
              </p>
              {s.comments && <p className="text-gray-700">{t('comments', { comments: s.comments })}</p>}
            </li>
          );
        })}
      </ol>
      {history.reopens.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1 border-t border-gray-200 pt-2">
          {history.reopens.map((r) => (
            <li key={r.at}>{t('reopened', { date: when(r.at), by: r.by, reason: r.reason })}</li>
          ))}
        </ul>
      )}
    </details>
  );
}
