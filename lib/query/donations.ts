import { queryOptions } from '@tanstack/react-query';
import { bff } from './bff';
import { donationKeys, isRfp, type CategoryAnswer, type DonationAnswer, type MonthlyReportAnswer, type StoreAnswer } from './donation-keys';

export * from './donation-keys';

export const donationYearsQuery = (branchId: string) =>
  queryOptions({
    queryKey: donationKeys.years(branchId),
    queryFn: ({ signal }) => bff<number[]>(`/donation/donationyears?appSource=bot&branchId=${encodeURIComponent(branchId)}`, { signal }),
    enabled: !!branchId,
  });

export const monthlyReportsQuery = (branchId: string, year: number) =>
  queryOptions({
    queryKey: donationKeys.reports(branchId, year),
    queryFn: ({ signal }) => bff<MonthlyReportAnswer[]>(`/branch/${encodeURIComponent(branchId)}/donations/${year}/aggregate`, { signal }),
    enabled: !!branchId && year > 0,
  });

/** RFP donations and the other programs' donations of a month, in date order. */
export const monthDonationsQuery = (branchId: string, year: number, month: number) =>
  queryOptions({
    queryKey: donationKeys.month(branchId, year, month),
    queryFn: async ({ signal }) => {
      const b = encodeURIComponent(branchId);
      const [rfp, campaign] = await Promise.all([
        bff<DonationAnswer[]>(`/branch/${b}/donations/${year}/${month}`, { signal }),
        bff<DonationAnswer[]>(`/branch/${b}/campaigndonations/${year}/${month}`, { signal }).catch(() => [] as DonationAnswer[]),
      ]);
      return [...rfp, ...campaign].sort((a, b2) => a.date.localeCompare(b2.date));
    },
    enabled: !!branchId,
  });

export const monthSubmittedQuery = (branchId: string, year: number, month: number) =>
  queryOptions({
    queryKey: donationKeys.submitted(branchId, year, month),
    queryFn: ({ signal }) => bff<boolean>(`/branch/${encodeURIComponent(branchId)}/${year}/${month}/submitted`, { signal }),
    enabled: !!branchId,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: donationKeys.categories,
    queryFn: ({ signal }) => bff<CategoryAnswer[]>('/category', { signal }),
    staleTime: 10 * 60_000,
  });

export const storesQuery = (branchId: string, campaignId: string) =>
  queryOptions({
    queryKey: donationKeys.stores(branchId, campaignId),
    queryFn: ({ signal }) =>
      bff<StoreAnswer[]>(isRfp(campaignId) ? `/branch/${encodeURIComponent(branchId)}/stores` : `/branch/${encodeURIComponent(branchId)}/${encodeURIComponent(campaignId)}/stores`, { signal }),
    enabled: !!branchId,
  });

export const campaignsQuery = (branchId: string) =>
  queryOptions({
    queryKey: donationKeys.campaigns(branchId),
    queryFn: ({ signal }) => bff<{ id: string; name: string }[]>(`/branch/${encodeURIComponent(branchId)}/campaigns`, { signal }),
    enabled: !!branchId,
  });

export const donationQuery = (id: string, campaignId: string) =>
  queryOptions({
    queryKey: donationKeys.one(id, campaignId),
    queryFn: ({ signal }) => bff<DonationAnswer>(isRfp(campaignId) ? `/donation/${encodeURIComponent(id)}` : `/donation/campaigndonation/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
