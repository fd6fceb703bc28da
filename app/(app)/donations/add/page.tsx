import { DonationFormScreen } from '@/components/donations/donation-form';
import { safeOrigin } from '@/components/donations/origin';

/** Add donation: the origin page (and its year and month) arrives in the query string. */
export default async function AddDonationPage({ searchParams }: { searchParams: Promise<{ [key: string]: string | string[] | undefined }> }) {
  const { from, year } = await searchParams;
  const fallback = typeof year === 'string' && /^\d{4}$/.test(year) ? `/?year=${year}` : '/';
  return <DonationFormScreen mode="add" origin={safeOrigin(from, fallback)} />;
}
