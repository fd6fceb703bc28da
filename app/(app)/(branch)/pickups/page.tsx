import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { PickupList } from '@/components/pickups/pickup-list';
import { ScheduleProposalForm } from '@/components/pickups/schedule-proposal-form';
import { ApiCallError } from '@/web/server/donation-api-client';
import { screenApi, screenSession } from '@/web/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Pickups');
  return { title: t('title') };
}

/** The branch's scheduled pickups (docs/product.md, Pickups), read on the server with the session's token. */
async function PickupsPage() {
  const t = await getTranslations('Pickups');
  const { branchId } = await screenSession();
  const [pickups, proposals] = await Promise.all([
    screenApi('/branch/{branchId}/pickups', { params: { path: { branchId } }, returnTo: '/pickups' }),
    // Only a lead of the branch gets an answer (anyone else the API's 404): then "Propose a change" is shown.
    screenApi('/branch/{branchId}/schedule-proposals', { params: { path: { branchId } }, returnTo: '/pickups' }).catch((err: unknown) => {
      if (err instanceof ApiCallError) return null;
      throw err;
    }),
  ]);
  return (
    // The header's h1 is the screen's title ("Pickups"); the page adds what it holds.
    <section aria-label={t('title')} className="mx-auto max-w-2xl">
      <p className="text-sm text-gray-700">{t('intro')}</p>
      <PickupList key={branchId} branchId={branchId} initial={pickups} />
      {proposals && <ScheduleProposalForm key={`p-${branchId}`} branchId={branchId} initial={proposals} />}
    </section>
  );
}

export default withPageMessages('pickups', PickupsPage);
