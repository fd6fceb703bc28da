'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useDonationFormats } from '@/components/donations/use-formats';
import { QueryProvider } from '@/components/query-provider';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import type { ProgramReopenRequest } from '@/lib/domain/program-workflow';
import { WORKFLOW_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';
import { seedOptions, type Seed } from '@/web/query/seed';
import { BffError } from '@/web/query/get-query-client';
import { useWhen } from './use-when';
import { frenchDe } from '@/lib/domain/french-de';
import { ListLoadError } from './list-load-error';

const KEY = ['program', 'reopen-requests', 'open'] as const;

/**
 * The open reopening requests of the branches in the caller's scope, each approved (the month opens) or declined
 * with an answer. Self-contained (its own query provider), so the /program page can drop it in.
 */
export function ReopenRequestsPanel({ seed }: { seed?: Seed<ProgramReopenRequest[]> }) {
  return (
    <QueryProvider>
      <Requests seed={seed} />
    </QueryProvider>
  );
}

function Requests({ seed }: { seed?: Seed<ProgramReopenRequest[]> }) {
  const t = useTranslations('ProgramRequests');
  const headingId = useId();
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.GET('/program/reopen-requests', { params: { query: { status: 'open' } }, signal }),
    ...seedOptions(seed),
  });
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5"
      data-testid="reopen-requests"
    >
      <h2 id={headingId} className="text-lg font-bold text-gray-900">
        {t('title')}
        {list.data && list.data.length > 0 && <span className="ml-2 rounded-full bg-primary px-2 text-sm">{list.data.length}</span>}
      </h2>
      {list.isPending ? (
        <Spinner label={t('loading')} />
      ) : list.isError ? (
        <ListLoadError message={t('loadError')} retry={t('retry')} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-gray-800">{t('empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.data.map((r) => (
            <RequestRow key={r.id} request={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestRow({ request: r }: { request: ProgramReopenRequest }) {
  const t = useTranslations('ProgramRequests');
  const f = useDonationFormats();
  const when = useWhen();
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const limits = useTranslations('Limits');
  const { show } = useBanner();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<'approve' | 'decline' | null>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const month = f.monthLong(r.year, r.month);
  const decide = useMutation({
    mutationFn: (d: 'approve' | 'decline') =>
      api.POST(`/program/reopen-requests/{id}/${d}`, { params: { path: { id: r.id } }, body: { answer: answer.trim() || null } }),
    onSuccess: async (_data, d) => {
      setDecision(null);
      show(
        'success',
        d === 'approve'
          ? t('approved', { branch: r.branchName, month, de: frenchDe(month) })
          : t('declined', { branch: r.branchName, month, de: frenchDe(month) }),
      );
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) =>
      setError(
        tooLongField(err, { answer: WORKFLOW_TEXT_MAX.answer })
          ? tooLong(limits('answer'), WORKFLOW_TEXT_MAX.answer)
          : errorText(err instanceof BffError ? err.code : null, 'INTERNAL'),
      ),
  });
  const confirm = () => {
    if (decision === 'decline' && !answer.trim()) return setError(errorText('REOPEN_ANSWER_REQUIRED', 'INTERNAL'));
    setError(null);
    if (decision) decide.mutate(decision);
  };
  return (
    <li
      className="flex flex-col gap-2 rounded-md border border-gray-200 p-3 sm:flex-row sm:items-start sm:justify-between"
      data-testid="reopen-request"
    >
      <div className="min-w-0">
        <p className="font-semibold text-gray-900">
          {r.branchName} · {month}
        </p>
        <p className="text-sm text-gray-700">{t('askedBy', { by: r.requestedBy, date: when(r.requestedAt) })}</p>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-gray-900">{t('reason', { reason: r.reason })}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button onClick={() => setDecision('approve')} aria-label={t('approveLabel', { branch: r.branchName, month, de: frenchDe(month) })}>
          {t('approve')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => setDecision('decline')}
          aria-label={t('declineLabel', { branch: r.branchName, month, de: frenchDe(month) })}
        >
          {t('decline')}
        </Button>
      </div>
      <ReasonDialog
        open={decision !== null}
        onClose={() => setDecision(null)}
        onConfirm={confirm}
        title={
          decision === 'approve'
            ? t('approveTitle', { branch: r.branchName, month, de: frenchDe(month) })
            : t('declineTitle', { branch: r.branchName, month, de: frenchDe(month) })
        }
        description={decision === 'approve' ? t('approveText') : t('declineText')}
        label={decision === 'decline' ? t('answerRequired') : t('answerOptional')}
        cancelLabel={t('cancel')}
        confirmLabel={decision === 'approve' ? t('approve') : t('decline')}
        value={answer}
        onChange={setAnswer}
        error={error}
        busy={decide.isPending}
        maxLength={WORKFLOW_TEXT_MAX.answer}
        required={decision === 'decline'}
      />
    </li>
  );
}
