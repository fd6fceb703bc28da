import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BranchForm } from '@/components/account/branch-form';
import { ReminderSetting } from '@/components/account/reminder-setting';
import { withPageMessages } from '@/components/i18n/client-messages';
import { screenApiOrNull } from '@/web/server/optional-screen-data';
import { screenSession } from '@/web/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('BranchPage');
  return { title: t('title') };
}

/** Organisation details and the reminder setting, both read on the server: the form arrives filled in. */
async function BranchPage() {
  const { branchId } = await screenSession();
  const [branch, preference] = await Promise.all([
    branchId ? screenApiOrNull('/branch/{branchId}', { params: { path: { branchId } }, returnTo: '/branch' }) : null,
    screenApiOrNull('/user/current-user/reminders', { returnTo: '/branch' }),
  ]);
  return (
    <>
      <BranchForm key={branchId} branchId={branchId} branch={branch} />
      <ReminderSetting preference={preference} />
    </>
  );
}

export default withPageMessages('branch', BranchPage);
