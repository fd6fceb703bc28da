import { DonationFormScreen } from '@/components/donations/donation-form-screen';
import { safeOrigin } from '@/components/donations/origin';

/** Edit donation: the second segment is the program (campaign) id; the RFP one is all zeros. */
export default async function EditDonationPage({
  params,
  searchParams,
}: {
  params: Promise<{ donationId: string; campaignId: string }>;
  searchParams: Promise<{ [key: string]: string | string[] | undefined }>;
}) {
  const [{ donationId, campaignId }, { from }] = await Promise.all([params, searchParams]);
  return <DonationFormScreen mode="edit" origin={typeof from === 'string' ? safeOrigin(from) : undefined} donationId={donationId} campaignId={campaignId} returnTo={`/donations/edit/${encodeURIComponent(donationId)}/${encodeURIComponent(campaignId)}`} />;
}
