import { DonationFormScreen } from '@/components/donations/donation-form-screen';
import { safeOrigin } from '@/components/donations/origin';

/** Add donation: the origin page (and its year and month) arrives in the query string. */
export default async function AddDonationPage({ searchParams }: { searchParams: Promise<{ [key: string]: string | string[] | undefined }> }) {
  const query = await searchParams;
  const { from, year } = query;
  const fallback = typeof year === 'string' && /^\d{4}$/.test(year) ? `/?year=${year}` : '/';
  const here = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string')).toString();
  return <DonationFormScreen mode="add" origin={safeOrigin(from, fallback)} returnTo={`/donations/add${here ? `?${here}` : ''}`} />;
}
