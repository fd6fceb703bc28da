'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useDonationFormats } from '@/components/donations/use-formats';
import { QueryProvider } from '@/components/query-provider';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/components/ui/use-error-text';
import type { ApiData } from '@/lib/api/calls';
import { api } from '@/lib/query/api-client';
import { seedOptions, type Seed } from '@/lib/query/seed';
import { BffError } from '@/lib/query/get-query-client';
import { useWhen } from './use-when';

const key = (year: number, month: number) => ['program', 'reminders', year, month] as const;

type Props = { year: number; month: number; seed?: Seed<ApiData<'get', '/program/reminders'>> };

/** The reminders sent for a report month in the caller's scope (the scheduled ones and those sent by hand). */
export function RemindersPanel(props: Props) {
  return (
    <QueryProvider>
      <Reminders {...props} />
    </QueryProvider>
  );
}

function Reminders({ year, month, seed }: Props) {
  const t = useTranslations('ProgramRequests');
  const f = useDonationFormats();
  const when = useWhen();
  const headingId = useId();
  const list = useQuery({
    queryKey: key(year, month),
    queryFn: ({ signal }) => api.GET('/program/reminders', { params: { query: { year, month } }, signal }),
    ...seedOptions(seed),
  });
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5"
      data-testid="reminders"
    >
      <h2 id={headingId} className="text-lg font-bold text-gray-900">
        {t('remindersTitle', { month: f.monthLong(year, month) })}
      </h2>
      {list.isPending ? (
        <Spinner label={t('loading')} />
      ) : list.isError ? (
        <p role="alert" className="text-red-900">
          {t('loadError')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-gray-800">{t('remindersEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {list.data.map((r) => (
            <li key={r.id}>
              <span className="font-semibold">{r.branchName ?? t('digest')}</span> · {t(`kind_${r.kind}`)} · {when(r.sentAt)}
              {r.manual && ' · '}
              {r.manual && t('byHand', { by: r.sentBy })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type SendProps = { branchId: string; branchName: string; year: number; month: number };

/** Sends a branch its reminder for a month now (in the rows of the /program month view that are not submitted). */
export function SendReminderButton(props: SendProps) {
  // The browser's one QueryClient: sending refreshes the reminders panel of the same page.
  return (
    <QueryProvider>
      <SendReminder {...props} />
    </QueryProvider>
  );
}

function SendReminder({ branchId, branchName, year, month }: SendProps) {
  const t = useTranslations('ProgramRequests');
  const errorText = useErrorText();
  const { show } = useBanner();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => api.POST('/program/reminders', { body: { branchId, year, month } }),
    onSuccess: async () => {
      show('success', t('reminderSent', { branch: branchName }));
      await queryClient.invalidateQueries({ queryKey: key(year, month) });
    },
    onError: (err) => show('error', errorText(err instanceof BffError ? err.code : null, 'INTERNAL')),
  });
  return (
    <Button
      variant="secondary"
      onClick={() => send.mutate()}
      loading={send.isPending}
      aria-label={t('sendReminderLabel', { branch: branchName })}
    >
      {t('sendReminder')}
    </Button>
  );
}
