import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

// Totals. Keys start with 'donations' so every donation write, which invalidates
// donationKeys.all, refreshes them too.

export const monthSummaryQuery = (branchId: string, year: number, month: number) =>
  queryOptions({
    queryKey: ['donations', 'month-summary', branchId, year, month] as const,
    queryFn: ({ signal }) =>
      api.GET('/branch/{branchId}/month-summary/{year}/{month}', { params: { path: { branchId, year, month } }, signal }),
    enabled: !!branchId,
  });
