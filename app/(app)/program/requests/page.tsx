import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ReminderSetting } from '@/components/account/reminder-setting';
import { withPageMessages } from '@/components/i18n/client-messages';
import { ButtonLink } from '@/components/ui/button';
import { ScheduleProposalsPanel } from '@/components/pickups/schedule-proposals-panel';
import { RemindersPanel } from '@/components/program/reminders-panel';
import { ReopenRequestsPanel } from '@/components/program/reopen-requests';
import { todayCalendarDate } from '@/lib/domain/dates';
import { screenApiOrNull } from '@/web/server/optional-screen-data';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramRequests');
  return { title: t('pageTitle') };
}

/**
 * Program staff: the open reopening requests, the proposed schedule changes (and the way to the schedule import), last
 * month's reminders, and their own reminder setting.
 */
async function ProgramRequestsPage() {
  await guardScreen('program-staff');
  const [t, ts] = await Promise.all([getTranslations('ProgramRequests'), getTranslations('ScheduleImport')]);
  const proposals = await screenApiOrNull('/program/schedule-proposals', {
    params: { query: { status: 'open' } },
    returnTo: '/program/requests',
  });
  const today = todayCalendarDate(new Date(), process.env.APP_TIME_ZONE ?? 'America/Toronto');
  const last = today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-gray-900">{t('pageTitle')}</h1>
      <ReopenRequestsPanel />
      {proposals && <ScheduleProposalsPanel initial={proposals} />}
      <ButtonLink href="/program/stores/schedule-import" className="self-start">
        {ts('link')}
      </ButtonLink>
      <RemindersPanel year={last.year} month={last.month} />
      <ReminderSetting preference={await screenApiOrNull('/user/current-user/reminders', { returnTo: '/program/requests' })} />
    </div>
  );
}

export default withPageMessages('programRequests', ProgramRequestsPage);
