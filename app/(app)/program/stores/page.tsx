import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { StoresScreen } from '@/components/places/stores-screen';
import { screenApi, screenSession } from '@/lib/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramStores');
  return { title: t('title') };
}

/** Program administrators only (the same 404 as an unknown page for anyone else). */
async function ProgramStoresPage() {
  const { user } = await screenSession();
  if (user?.program?.role !== 'admin') notFound();
  const [branches, requests] = await Promise.all([
    screenApi('/program/branches', { returnTo: '/program/stores' }),
    screenApi('/program/store-requests', { returnTo: '/program/stores' }),
  ]);
  return (
    <StoresScreen branches={branches.filter((b) => !b.deactivatedAt).map((b) => ({ id: b.id, name: b.name }))} initialRequests={requests} />
  );
}

export default withPageMessages('programStores', ProgramStoresPage);
