import { queryOptions } from '@tanstack/react-query';
import { bff } from './bff';
import { donationKeys, type DonationAnswer } from './donation-keys';

export * from './donation-keys';

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
