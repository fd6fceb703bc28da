'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useDonationFormats } from '@/components/donations/use-formats';
import { useNumberFormats } from '@/components/donations/use-number-formats';
import { QueryProvider } from '@/components/query-provider';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import { parseCalendarDate } from '@/lib/domain/dates';
import { WORKFLOW_TEXT_MAX } from '@/lib/domain/text-limits';
import type { MarkedDonation } from '@/lib/domain/weight-flags';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/get-query-client';
import { ListLoadError } from './list-load-error';

const KEY = ['program', 'marked-donations'] as const;

/** The open marks of unusual weights in the caller's scope; administrators confirm each or ask the branch to correct it. */
export function MarkedDonationsPanel({ admin }: { admin: boolean }) {
  return (
    <QueryProvider>
      <Marked admin={admin} />
    </QueryProvider>
  );
}

function Marked({ admin }: { admin: boolean }) {
  const t = useTranslations('ProgramMarked');
  const headingId = useId();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.GET('/program/marked-donations', { signal }) });
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5"
      data-testid="marked-donations"
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
          {list.data.map((m) => (
            <MarkedRow key={m.donationId} marked={m} admin={admin} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MarkedRow({ marked: m, admin }: { marked: MarkedDonation; admin: boolean }) {
  const t = useTranslations('ProgramMarked');
  const f = useDonationFormats();
  const n = useNumberFormats();
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const limits = useTranslations('Limits');
  const { show } = useBanner();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const d = parseCalendarDate(m.date);
  const date = d ? f.dayMonth(d.year, d.month, d.day) : m.date;
  const what = { branch: m.branchName, store: m.storeName, date };
  const resolve = useMutation({
    mutationFn: (kind: 'confirm' | 'ask') =>
      kind === 'confirm'
        ? api.POST('/program/marked-donations/{donationId}/confirm', { params: { path: { donationId: m.donationId } } })
        : api.POST('/program/marked-donations/{donationId}/ask-correction', {
            params: { path: { donationId: m.donationId } },
            body: { note: note.trim() || null },
          }),
    onSuccess: async (_data, kind) => {
      setAsking(false);
      show('success', kind === 'confirm' ? t('confirmed', what) : t('asked', what));
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => {
      const text = tooLongField(err, { note: WORKFLOW_TEXT_MAX.note })
        ? tooLong(limits('note'), WORKFLOW_TEXT_MAX.note)
        : errorText(err instanceof BffError ? err.code : null, 'INTERNAL');
      if (asking) setError(text);
      else show('error', text);
    },
  });
  return (
    <li
      className="flex flex-col gap-2 rounded-md border border-gray-200 p-3 sm:flex-row sm:items-start sm:justify-between"
      data-testid="marked-donation"
    >
      <div className="min-w-0">
        <p className="font-semibold text-gray-900">
          {m.branchName} · {m.storeName}
        </p>
        <p className="text-sm text-gray-800">
          {t('weight', { date, weight: n.pounds(m.weightInPounds) })}{' '}
          {m.usualPounds === null ? t('noUsual') : t('usual', { usual: n.pounds(Math.round(m.usualPounds)) })}
        </p>
        <p className="text-sm text-gray-700">{t('enteredBy', { by: m.enteredBy ?? '—' })}</p>
      </div>
      {admin && (
        <div className="flex shrink-0 gap-2">
          <Button onClick={() => resolve.mutate('confirm')} loading={resolve.isPending && !asking} aria-label={t('confirmLabel', what)}>
            {t('confirm')}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(true)} aria-label={t('askLabel', what)}>
            {t('ask')}
          </Button>
        </div>
      )}
      <ReasonDialog
        open={asking}
        onClose={() => setAsking(false)}
        onConfirm={() => resolve.mutate('ask')}
        title={t('askTitle', what)}
        description={t('askText')}
        label={t('noteLabel')}
        cancelLabel={t('cancel')}
        confirmLabel={t('askSend')}
        value={note}
        onChange={setNote}
        error={error}
        busy={resolve.isPending}
        maxLength={WORKFLOW_TEXT_MAX.note}
      />
    </li>
  );
}
