/**
 * Data a page's server render read for one of the browser's queries, and when: the query's first data, so the page
 * arrives with it instead of a spinner that waits for the JavaScript and one more call. react-query refreshes it
 * after its usual 30 seconds, counted from `at`.
 */
export type Seed<T> = { data: T; at: number };

/** A seed from a server read that may have failed (null): nothing then, and the browser asks itself. */
export const seedOf = <T>(data: T | null, at = Date.now()): Seed<T> | undefined => (data === null ? undefined : { data, at });

/** useQuery options that start from the seed, when there is one. */
export function seedOptions<T>(seed: Seed<T> | undefined) {
  return seed ? { initialData: seed.data, initialDataUpdatedAt: seed.at } : {};
}
