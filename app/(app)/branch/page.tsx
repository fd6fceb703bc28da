import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BranchForm } from '@/components/account/branch-form';
import { ReminderSetting } from '@/components/account/reminder-setting';
import { QueryProvider } from '@/components/query-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('BranchPage');
  return { title: t('title') };
}

export default function BranchPage() {
  return (
    <QueryProvider>
      <BranchForm />
      <ReminderSetting />
    </QueryProvider>
  );
}
