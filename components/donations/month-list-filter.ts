import type { MonthDonation } from '@/web/query/donation-keys';

// Filtering and sorting of a month's list, on the rows already loaded (a month holds at most a few hundred).

export type MonthSort = 'date-asc' | 'date-desc' | 'weight-desc' | 'weight-asc';
export type MonthFilter = { storeId: string; source: string; campaignId: string; sort: MonthSort };
export const NO_FILTER: MonthFilter = { storeId: '', source: '', campaignId: '', sort: 'date-asc' };

export function isFiltered(f: MonthFilter) {
  return !!(f.storeId || f.source || f.campaignId);
}

export function filterAndSort(rows: readonly MonthDonation[], f: MonthFilter): MonthDonation[] {
  const kept = rows.filter(
    (d) =>
      (!f.storeId || d.storeId === f.storeId) &&
      (!f.source || String(d.source) === f.source) &&
      (!f.campaignId || d.campaignId === f.campaignId),
  );
  const byDate = (a: MonthDonation, b: MonthDonation) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt);
  const order: Record<MonthSort, (a: MonthDonation, b: MonthDonation) => number> = {
    'date-asc': byDate,
    'date-desc': (a, b) => byDate(b, a),
    'weight-desc': (a, b) => b.weightInPounds - a.weightInPounds || byDate(a, b),
    'weight-asc': (a, b) => a.weightInPounds - b.weightInPounds || byDate(a, b),
  };
  return [...kept].sort(order[f.sort]);
}

/** The stores and programs present in the month, for the filter choices. */
export function filterChoices(rows: readonly MonthDonation[]) {
  const stores = new Map<string, string>();
  const programs = new Map<string, string>();
  for (const d of rows) {
    stores.set(d.storeId, d.store?.displayName || d.store?.name || d.storeId);
    programs.set(d.campaignId, d.campaignName || 'RFP');
  }
  const sorted = (m: Map<string, string>) => [...m].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  return { stores: sorted(stores), programs: sorted(programs) };
}
