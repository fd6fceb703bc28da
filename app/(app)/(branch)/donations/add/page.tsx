import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DonationFormScreen } from '@/components/donations/donation-form-screen';
import { safeOrigin } from '@/components/donations/origin';
import { withPageMessages } from '@/components/i18n/client-messages';
import { parseCalendarDate, todayCalendarDate } from '@/lib/domain/dates';
import { WeightUnit } from '@/lib/domain/enums';
import { parsePickupId } from '@/lib/domain/pickups';
import { isUuid } from '@/lib/domain/uuid';
import { proposedDate } from '@/lib/domain/proposed-date';
import { appTimeZone } from '@/web/server/env';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Header');
  return { title: t('titles.addDonation') };
}

/**
 * The add form opened from elsewhere, in the query string: from the pickups screen, its store, date (YYYY-MM-DD) and
 * pickup; from a store's own record (the reconciliation), its store, date, weight and unit (lb or kg). Anything
 * malformed is left out and the form opens as usual.
 */
function prefillOf(query: Record<string, string | string[] | undefined>) {
  const { store, date, weight, unit, pickup } = query;
  const day = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? parseCalendarDate(date) : null;
  const storeId = typeof store === 'string' && isUuid(store) ? store.toLowerCase() : undefined;
  const pickupId = typeof pickup === 'string' && parsePickupId(pickup) ? pickup : undefined;
  const weighed = storeId && typeof weight === 'string' && /^\d{1,6}(\.\d{1,2})?$/.test(weight);
  const recorded = weighed ? { weight, weightUnit: unit === 'kg' ? WeightUnit.Kilogram : WeightUnit.Pounds } : {};
  return { day, prefill: { storeId, pickupId, ...recorded } };
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
  const { day, prefill } = prefillOf(query);
  const proposed = day ?? (m ? proposedDate(y, m, todayCalendarDate(new Date(), appTimeZone())) : undefined);
  return (
    <DonationFormScreen
      mode="add"
      origin={safeOrigin(from, fallback)}
      returnTo={`/donations/add${here ? `?${here}` : ''}`}
      proposed={proposed}
      prefill={prefill}
    />
  );
}

export default withPageMessages('donationForm', AddDonationPage);
