'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useBanner } from '@/components/ui/banner';
import { api } from '@/lib/query/api-client';

const KEY = ['user', 'reminders'] as const;

/** The user's choice to receive the monthly reminder e-mails (issue 8); saved as soon as it changes. */
export function ReminderSetting() {
  const t = useTranslations('ReminderSetting');
  const id = useId();
  const { show } = useBanner();
  const queryClient = useQueryClient();
  const pref = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.GET('/user/current-user/reminders', { signal }) });
  const save = useMutation({
    mutationFn: (optOut: boolean) => api.PUT('/user/current-user/reminders', { body: { optOut } }),
    onSuccess: (data) => {
      queryClient.setQueryData(KEY, data);
      show('success', data.optOut ? t('off') : t('on'));
    },
    onError: () => show('error', t('error')),
  });
  return (
    <section className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-base font-bold text-gray-900">
        {t('title')}
      </h2>
      <div className="mt-2 flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 h-5 w-5 accent-gray-900"
          checked={pref.data ? !pref.data.optOut : true}
          disabled={!pref.isSuccess || save.isPending}
          aria-busy={save.isPending || undefined}
          onChange={(e) => save.mutate(!e.target.checked)}
        />
        <label htmlFor={id} className="text-sm text-gray-900">
          {t('label')}
        </label>
      </div>
    </section>
  );
}
