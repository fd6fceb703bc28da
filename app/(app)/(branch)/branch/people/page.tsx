import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { BranchPeopleScreen } from '@/components/people/branch-people-screen';
import { ApiCallError } from '@/web/server/donation-api-client';
import { screenApi, screenSession } from '@/web/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('BranchPeople');
  return { title: t('title', { branch: '' }) };
}

/** The selected branch's people, for its leads only (the API answers 404 to anyone else, and so does this page). */
async function BranchPeoplePage() {
  const { user, branchId } = await screenSession();
  if (!branchId) notFound();
  const people = await screenApi('/branch/{branchId}/people', { params: { path: { branchId } }, returnTo: '/branch/people' }).catch(
    (err: unknown) => {
      if (err instanceof ApiCallError && err.status === 404) notFound();
      throw err;
    },
  );
  const branchName = user?.branches.find((b) => b.branchId === branchId)?.branchName ?? '';
  return <BranchPeopleScreen branchId={branchId} branchName={branchName} initial={people} />;
}

export default withPageMessages('branchPeople', BranchPeoplePage);
