'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { QueryProvider } from '@/components/query-provider';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { useErrorText } from '@/components/ui/use-error-text';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/get-query-client';
import { remindersKey } from './reminders-panel';
import { useWhen } from './use-when';

type SendProps = { branchId: string; branchName: string; year: number; month: number; remindedAt: string | null };

/**
 * Sends a branch its reminder for a month now (rows of the /program month view that can be reminded). The API sends
 * it at most once a day per branch, month and kind: the button says when it was sent, and a second try says it was
 * already sent instead of sending again.
 */
export function SendReminderButton(props: SendProps) {
  // The browser's one QueryClient: sending refreshes the reminders panel of the same page.
  return (
    <QueryProvider>
      <SendReminder {...props} />
    </QueryProvider>
  );
}

/** The day (in the app's time zone) and the time of a moment, to tell "today at 10:42" from an earlier day. */
function useDayAndTime() {
  const locale = useLocale() === 'fr' ? 'fr-CA' : 'en-CA';
  const timeZone = useTimeZone();
  return useMemo(() => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    const time = new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'short' });
    return (iso: string) => ({ day: day.format(new Date(iso)), time: time.format(new Date(iso)) });
  }, [locale, timeZone]);
}

function SendReminder({ branchId, branchName, year, month, remindedAt }: SendProps) {
  const t = useTranslations('ProgramRequests');
  const errorText = useErrorText();
  const { show } = useBanner();
  const queryClient = useQueryClient();
  const when = useWhen();
  const dayAndTime = useDayAndTime();
  const [lastSent, setLastSent] = useState(remindedAt);
  // The reminder this button sent itself: a later "already sent" about that same reminder is still its success.
  const sentHere = useRef<string | null>(null);
  // A double click fires two clicks before the button renders as busy: the second is ignored, so the first click's
  // "Reminder sent" is not replaced by "already sent today" (which would hide that this click sent it).
  const once = useSingleFlight();
  const send = useMutation({
    mutationFn: () => api.POST('/program/reminders', { body: { branchId, year, month } }),
    onSuccess: async (answer) => {
      setLastSent(answer.sentAt);
      const { time } = dayAndTime(answer.sentAt);
      if (answer.sentNow) sentHere.current = answer.sentAt;
      if (answer.sentNow || sentHere.current === answer.sentAt) show('success', t('reminderSent', { branch: branchName }));
      else show('info', t('reminderAlreadySent', { time }));
      await queryClient.invalidateQueries({ queryKey: remindersKey(year, month) });
    },
    onError: (err) => show('error', errorText(err instanceof BffError ? err.code : null, 'INTERNAL')),
  });
  const last = lastSent ? dayAndTime(lastSent) : null;
  const today = dayAndTime(new Date().toISOString()).day;
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        onClick={() => void once(() => send.mutateAsync())}
        loading={send.isPending}
        aria-label={t('sendReminderLabel', { branch: branchName })}
      >
        {t('sendReminder')}
      </Button>
      {lastSent && last && (
        <span className="text-xs text-gray-700" data-testid="reminder-sent-at">
          {last.day === today ? t('reminderSentToday', { time: last.time }) : t('reminderSentOn', { when: when(lastSent) })}
        </span>
      )}
    </div>
  );
}
