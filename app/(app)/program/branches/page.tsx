import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { BranchesScreen } from '@/components/places/branches-screen';
import { screenApi } from '@/web/server/screen-data';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramBranches');
  return { title: t('title') };
}

/** Program administrators only (the same 404 as an unknown page for anyone else). */
async function ProgramBranchesPage() {
  await guardScreen('program-admin');
  const rows = await screenApi('/program/branches', { returnTo: '/program/branches' });
  return <BranchesScreen initial={rows} />;
}

export default withPageMessages('programBranches', ProgramBranchesPage);
