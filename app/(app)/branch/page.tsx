import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BranchForm, type BranchAnswer } from '@/components/account/branch-form';
import { ReminderSetting, type ReminderPreference } from '@/components/account/reminder-setting';
import { screenApiOrNull } from '@/lib/server/optional-screen-data';
import { screenSession } from '@/lib/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('BranchPage');
  return { title: t('title') };
}

/** Organisation details and the reminder setting, both read on the server: the form arrives filled in. */
export default async function BranchPage() {
  const { branchId } = await screenSession();
  const [branch, preference] = await Promise.all([
    branchId ? screenApiOrNull<BranchAnswer>(`/api/branch/${encodeURIComponent(branchId)}`, '/branch') : null,
    screenApiOrNull<ReminderPreference>('/api/user/current-user/reminders', '/branch'),
  ]);
  return (
    <>
      <BranchForm key={branchId} branchId={branchId} branch={branch} />
      <ReminderSetting preference={preference} />
    </>
  );
}
