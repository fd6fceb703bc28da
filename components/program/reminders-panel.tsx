'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useDonationFormats } from '@/components/donations/use-formats';
import { QueryProvider } from '@/components/query-provider';
import { Spinner } from '@/components/ui/spinner';
import type { ApiData } from '@/web/api/calls';
import { api } from '@/web/query/api-client';
import { seedOptions, type Seed } from '@/web/query/seed';
import { useWhen } from './use-when';

export const remindersKey = (year: number, month: number) => ['program', 'reminders', year, month] as const;

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
    queryKey: remindersKey(year, month),
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
