import type { ApiData } from '@/lib/api/calls';
import type { DonationAnswer } from './donation-keys';

/**
 * What the month page's server render read for the browser's queries (lib/server/month-seed.ts): used as their
 * initial data only for the branch it was read for (a branch switched since then asks afresh), and as old as `at`
 * says, so react-query refreshes it after its usual 30 seconds.
 */
export type MonthSeed = {
  branchId: string;
  at: number;
  donations: DonationAnswer[];
  submitted: ApiData<'get', '/branch/{branchId}/{year}/{month}/submitted'>;
  summary: ApiData<'get', '/branch/{branchId}/month-summary/{year}/{month}'>;
};

/** The seed's value for one query, with its age: nothing for another branch. */
export function seedFor<K extends 'donations' | 'submitted' | 'summary'>(seed: MonthSeed | undefined, branchId: string, key: K) {
  if (!seed || seed.branchId !== branchId) return {};
  return { initialData: seed[key], initialDataUpdatedAt: seed.at };
}
