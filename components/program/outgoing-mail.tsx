'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useId } from 'react';
import { QueryProvider } from '@/components/query-provider';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/components/ui/use-error-text';
import type { OutgoingMail } from '@/lib/domain/outgoing-mail';
import { zonedMomentFormatter } from '@/lib/domain/zoned-time';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/get-query-client';
import { ListLoadError } from './list-load-error';

const KEY = ['program', 'mail'] as const;

/** Mail waiting in the outbox or not delivered (administrators), each failed or dead one with a re-send button. */
export function OutgoingMailPanel() {
  return (
    <QueryProvider>
      <MailList />
    </QueryProvider>
  );
}

function MailList() {
  const t = useTranslations('ProgramMail');
  const headingId = useId();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.GET('/program/mail', { signal }) });
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5"
      data-testid="outgoing-mail"
    >
      <h2 id={headingId} className="text-lg font-bold text-gray-900">
        {t('listTitle')}
        {list.data && list.data.mails.length > 0 && (
          <span className="ml-2 rounded-full bg-primary px-2 text-sm">{list.data.mails.length}</span>
        )}
      </h2>
      {list.isPending ? (
        <Spinner label={t('loading')} />
      ) : list.isError ? (
        <ListLoadError message={t('loadError')} retry={t('retry')} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {!list.data.transport && (
            <p role="status" className="rounded-md bg-yellow-50 p-3 text-gray-900">
              {t('noTransport')}
            </p>
          )}
          {list.data.mails.length === 0 ? (
            <p className="text-gray-800">{t('empty')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {list.data.mails.map((m) => (
                <MailRow key={m.id} mail={m} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function MailRow({ mail: m }: { mail: OutgoingMail }) {
  const t = useTranslations('ProgramMail');
  const locale = useLocale();
  const when = zonedMomentFormatter(locale, useTimeZone() ?? 'America/Toronto');
  const errorText = useErrorText();
  const { show } = useBanner();
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => api.POST('/program/mail/{mailId}/resend', { params: { path: { mailId: m.id } } }),
    onSuccess: async (r) => {
      show(
        r.status === 'sent' ? 'success' : 'error',
        t(r.status === 'sent' ? 'resent' : r.status === 'outbox' ? 'requeued' : 'resendDead', { to: m.to }),
      );
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => show('error', errorText(err instanceof BffError ? err.code : null, 'INTERNAL')),
  });
  return (
    <li
      className="flex flex-col gap-2 rounded-md border border-gray-200 p-3 sm:flex-row sm:items-start sm:justify-between"
      data-testid="mail-row"
    >
      <div className="min-w-0 break-words">
        <p className="font-semibold text-gray-900">{m.subject}</p>
        <p className="text-sm text-gray-800">{t('to', { to: m.to })}</p>
        <p className="text-sm text-gray-800">
          <span className="font-semibold">{t(`status_${m.status}`)}</span>
          {' · '}
          {t('attempts', { count: m.attempts })}
          {' · '}
          {t('queuedAt', { when: when(m.createdAt) })}
          {m.nextAttemptAt && m.status === 'outbox' ? ` · ${t('nextAttempt', { when: when(m.nextAttemptAt) })}` : ''}
        </p>
        {m.error && <p className="text-sm text-red-900">{t('lastError', { error: m.error })}</p>}
        {m.status !== 'outbox' && !m.resendable && <p className="text-sm text-gray-700">{t('notResendable')}</p>}
      </div>
      {m.status !== 'outbox' && m.resendable && (
        <Button
          className="shrink-0"
          onClick={() => resend.mutate()}
          loading={resend.isPending}
          aria-label={t('resendLabel', { to: m.to, subject: m.subject })}
        >
          {t('resend')}
        </Button>
      )}
    </li>
  );
}
