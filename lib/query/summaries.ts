import { queryOptions } from '@tanstack/react-query';
import type { MonthSummary } from '@/lib/domain/summary';
import { bff } from './bff';

// Totals. Keys start with 'donations' so every donation write, which invalidates
// donationKeys.all, refreshes them too.

export const monthSummaryQuery = (branchId: string, year: number, month: number) =>
  queryOptions({
    queryKey: ['donations', 'month-summary', branchId, year, month] as const,
    queryFn: ({ signal }) => bff<MonthSummary>(`/branch/${encodeURIComponent(branchId)}/month-summary/${year}/${month}`, { signal }),
    enabled: !!branchId,
  });
