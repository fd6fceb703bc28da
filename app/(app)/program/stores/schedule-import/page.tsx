import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { ScheduleImportScreen } from '@/components/pickups/schedule-import-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ScheduleImport');
  return { title: t('title') };
}

/** Program staff (the program's layout checks it); a coordinator's lines are held to their provinces by the API. */
function ScheduleImportPage() {
  return <ScheduleImportScreen />;
}

export default withPageMessages('scheduleImport', ScheduleImportPage);
