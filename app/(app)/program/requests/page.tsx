import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ReminderSetting } from '@/components/account/reminder-setting';
import { withPageMessages } from '@/components/i18n/client-messages';
import { RemindersPanel } from '@/components/program/reminders-panel';
import { ReopenRequestsPanel } from '@/components/program/reopen-requests';
import { todayCalendarDate } from '@/lib/domain/dates';
import { screenApiOrNull } from '@/lib/server/optional-screen-data';
import { getSessionJwt } from '@/lib/server/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramRequests');
  return { title: t('pageTitle') };
}

/** Program staff: the open reopening requests, last month's reminders, and their own reminder setting. */
async function ProgramRequestsPage() {
  const user = (await getSessionJwt())?.user;
  if (!user?.program) notFound();
  const t = await getTranslations('ProgramRequests');
  const today = todayCalendarDate(new Date(), process.env.APP_TIME_ZONE ?? 'America/Toronto');
  const last = today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-gray-900">{t('pageTitle')}</h1>
      <ReopenRequestsPanel />
      <RemindersPanel year={last.year} month={last.month} />
      <ReminderSetting preference={await screenApiOrNull('/user/current-user/reminders', { returnTo: '/program/requests' })} />
    </div>
  );
}

export default withPageMessages('programRequests', ProgramRequestsPage);
