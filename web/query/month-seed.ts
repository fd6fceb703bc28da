import type { ApiData } from '@/web/api/calls';
import type { MonthDonation } from './donation-keys';
import { seedOptions } from './seed';

/**
 * What the month page's server render read for the browser's queries (web/server/month-seed.ts): seeds (./seed.ts)
 * only for the branch it was read for (a branch switched since then asks afresh).
 */
export type MonthSeed = {
  branchId: string;
  at: number;
  donations: MonthDonation[];
  submitted: ApiData<'get', '/branch/{branchId}/{year}/{month}/submitted'>;
  summary: ApiData<'get', '/branch/{branchId}/month-summary/{year}/{month}'>;
};

/** The seed's value for one query, with its age: nothing for another branch. */
export function seedFor<K extends 'donations' | 'submitted' | 'summary'>(seed: MonthSeed | undefined, branchId: string, key: K) {
  return seedOptions(seed && seed.branchId === branchId ? { data: seed[key], at: seed.at } : undefined);
}
