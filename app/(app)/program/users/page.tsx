import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { UsersScreen } from '@/components/people/users-screen';
import { screenApi } from '@/web/server/screen-data';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramUsers');
  return { title: t('title') };
}

/** Program administrators only: coordinators and branch staff get the same 404 as an unknown page. */
async function ProgramUsersPage() {
  await guardScreen('program-admin');
  // The retailers on file with their banners: what a retail partner's invitation may be scoped to.
  const [branches, retailers] = await Promise.all([
    screenApi('/program/branches', { returnTo: '/program/users' }),
    screenApi('/program/partners', { returnTo: '/program/users' }),
  ]);
  return <UsersScreen branches={branches.filter((b) => !b.deactivatedAt).map((b) => ({ id: b.id, name: b.name }))} retailers={retailers} />;
}

export default withPageMessages('programUsers', ProgramUsersPage);
