import type { Metadata } from 'next';
import { unstable_rethrow } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DonationFormScreen } from '@/components/donations/donation-form-screen';
import { DonationHistory } from '@/components/donations/donation-history';
import { safeOrigin } from '@/components/donations/origin';
import { withPageMessages } from '@/components/i18n/client-messages';
import { screenApi } from '@/web/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Header');
  return { title: t('titles.editDonation') };
}

/** Edit donation: the second segment is the program (campaign) id; the RFP one is all zeros. */
async function EditDonationPage({ params, searchParams }: PageProps<'/donations/edit/[donationId]/[campaignId]'>) {
  const [{ donationId, campaignId }, { from }] = await Promise.all([params, searchParams]);
  const returnTo = `/donations/edit/${encodeURIComponent(donationId)}/${encodeURIComponent(campaignId)}`;
  // The history is a help, not the screen: when it cannot be read (unknown id, not the caller's) it is left out.
  // A session that ended is not such a case: Next's redirect to the sign-in page goes on.
  const history = /^[0-9a-f-]{36}$/i.test(donationId)
    ? await screenApi('/donation/{id}/history', { params: { path: { id: donationId } }, returnTo }).catch((err: unknown) => {
        unstable_rethrow(err);
        return null;
      })
    : null;
  return (
    <>
      <DonationFormScreen
        mode="edit"
        origin={typeof from === 'string' ? safeOrigin(from) : undefined}
        donationId={donationId}
        campaignId={campaignId}
        returnTo={returnTo}
      />
      {history && history.entries.length > 0 && <DonationHistory history={history} />}
    </>
  );
}

export default withPageMessages('donationForm', EditDonationPage);
