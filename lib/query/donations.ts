import { queryOptions } from '@tanstack/react-query';
import type { Category } from '@/lib/domain/categories';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { bff } from './get-query-client';

// Query keys and options of the donation screens. Every branch-scoped key carries the branchId,
// so switching branch never shows the other branch's data.

export type StoreAnswer = {
  id: string;
  name: string;
  number: string | null;
  retailer: { id: string; name: string } | null;
  banner: { id: string; retailerId: string; name: string } | null;
  displayName?: string;
};

export type CategoryAnswer = Category & { nameFr?: string | null };

export type DonationAnswer = {
  id: string;
  branchId: string;
  campaignId: string;
  campaignName: string;
  date: string;
  storeId: string;
  store: StoreAnswer;
  source: number;
  weight: number;
  weightUnit: number;
  weightInPounds: number;
  categories: { categoryId: number; categoryName?: string; category?: CategoryAnswer; fraction: number }[];
  campaignCategories?: { categoryId: number; categoryName?: string; category?: CategoryAnswer; fraction: number }[];
  submitted: boolean;
  submitDate: string | null;
};

export type MonthlyReportAnswer = {
  year: number;
  month: number;
  frontStoreWeightInPounds: number;
  backStoreWeightInPounds: number;
  categories: Record<string, number>;
  submitted: boolean;
};

export const isRfp = (campaignId: string | undefined | null) => !campaignId || campaignId === RFP_CAMPAIGN_ID;

export const donationKeys = {
  all: ['donations'] as const,
  years: (branchId: string) => ['donations', 'years', branchId] as const,
  reports: (branchId: string, year: number) => ['donations', 'reports', branchId, year] as const,
  month: (branchId: string, year: number, month: number) => ['donations', 'month', branchId, year, month] as const,
  submitted: (branchId: string, year: number, month: number) => ['donations', 'submitted', branchId, year, month] as const,
  one: (id: string, campaignId: string) => ['donations', 'one', id, campaignId] as const,
  categories: ['categories'] as const,
  stores: (branchId: string, campaignId: string) => ['stores', branchId, campaignId] as const,
  campaigns: (branchId: string) => ['campaigns', branchId] as const,
};

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
