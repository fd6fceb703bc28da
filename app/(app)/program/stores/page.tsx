import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { ButtonLink } from '@/components/ui/button';
import { StoresScreen } from '@/components/places/stores-screen';
import { screenApi } from '@/web/server/screen-data';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramStores');
  return { title: t('title') };
}

/** Program administrators only (the same 404 as an unknown page for anyone else). */
async function ProgramStoresPage() {
  await guardScreen('program-admin');
  const ts = await getTranslations('ScheduleImport');
  const [branches, requests] = await Promise.all([
    screenApi('/program/branches', { returnTo: '/program/stores' }),
    screenApi('/program/store-requests', { returnTo: '/program/stores' }),
  ]);
  return (
    <>
      <StoresScreen
        branches={branches.filter((b) => !b.deactivatedAt).map((b) => ({ id: b.id, name: b.name }))}
        initialRequests={requests}
      />
      <p className="mx-auto mt-4 max-w-5xl">
        <ButtonLink href="/program/stores/schedule-import" className="self-start">
          {ts('link')}
        </ButtonLink>
      </p>
    </>
  );
}

export default withPageMessages('programStores', ProgramStoresPage);
