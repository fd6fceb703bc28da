import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { StoreScheduleEditor } from '@/components/places/store-schedule-editor';
import { ApiCallError } from '@/web/server/donation-api-client';
import { screenApi } from '@/web/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('StoreSchedule');
  return { title: t('title') };
}

/** A store's pickup schedule (docs/product.md, Pickups); a store outside a coordinator's provinces is the same 404. */
async function StoreSchedulePage({ params }: PageProps<'/program/stores/[storeId]'>) {
  const { storeId } = await params;
  const returnTo = `/program/stores/${encodeURIComponent(storeId)}`;
  const schedule = await screenApi('/program/stores/{storeId}/schedule', { params: { path: { storeId } }, returnTo }).catch(
    (err: unknown) => {
      if (err instanceof ApiCallError && (err.status === 404 || err.status === 400)) notFound();
      throw err;
    },
  );
  return <StoreScheduleEditor initial={schedule} />;
}

export default withPageMessages('storeSchedule', StoreSchedulePage);
