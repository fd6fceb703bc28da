import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { donationKeys, mergeMonthDonations, type MonthDonation } from './donation-keys';

export * from './donation-keys';

/** RFP donations and the other programs' donations of a month, in date order. */
export const monthDonationsQuery = (branchId: string, year: number, month: number) =>
  queryOptions({
    queryKey: donationKeys.month(branchId, year, month),
    queryFn: async ({ signal }) => {
      const params = { path: { branchId, year, month } };
      const [rfp, campaign] = await Promise.all([
        api.GET('/branch/{branchId}/donations/{year}/{month}', { params, signal }),
        api.GET('/branch/{branchId}/campaigndonations/{year}/{month}', { params, signal }).catch(() => [] as MonthDonation[]),
      ]);
      return mergeMonthDonations(rfp, campaign);
    },
    enabled: !!branchId,
  });

export const monthSubmittedQuery = (branchId: string, year: number, month: number) =>
  queryOptions({
    queryKey: donationKeys.submitted(branchId, year, month),
    queryFn: ({ signal }) =>
      api.GET('/branch/{branchId}/{year}/{month}/submitted', { params: { path: { branchId, year, month } }, signal }),
    enabled: !!branchId,
  });
