import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DonationFormScreen } from '@/components/donations/donation-form-screen';
import { safeOrigin } from '@/components/donations/origin';
import { withPageMessages } from '@/components/i18n/client-messages';
import { todayCalendarDate } from '@/lib/domain/dates';
import { proposedDate } from '@/lib/domain/proposed-date';
import { appTimeZone } from '@/lib/server/env';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Header');
  return { title: t('titles.addDonation') };
}

/** Add donation: the origin page (and its year and month) arrives in the query string. */
async function AddDonationPage({ searchParams }: PageProps<'/donations/add'>) {
  const query = await searchParams;
  const { from, year, month } = query;
  const fallback = typeof year === 'string' && /^\d{4}$/.test(year) ? `/?year=${year}` : '/';
  const here = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string')).toString();
  // Opened from a month's page: a date in that month (today in the current month).
  const y = typeof year === 'string' && /^\d{4}$/.test(year) ? Number(year) : undefined;
  const m = typeof month === 'string' && /^\d{1,2}$/.test(month) ? Number(month) : undefined;
  const proposed = m ? proposedDate(y, m, todayCalendarDate(new Date(), appTimeZone())) : undefined;
  return (
    <DonationFormScreen
      mode="add"
      origin={safeOrigin(from, fallback)}
      returnTo={`/donations/add${here ? `?${here}` : ''}`}
      proposed={proposed}
    />
  );
}

export default withPageMessages('donationForm', AddDonationPage);
