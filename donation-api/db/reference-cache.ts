import { categories } from './schema';
import type { DbOrTx } from './client';

export type KnownCategory = { id: number; name: string };

/**
 * Reference data one API instance reads once: the food categories are written by ensureReferenceData when the API
 * starts and never at run time, and every donation write checks its shares against them (a round trip less per
 * write). The gas factors are not here: a new factor set may be added to a running database.
 *
 * The cache lives beside the deps (a context variable), not in them: the idempotency middleware swaps deps.db for
 * its transaction on every create, and the first read goes through whatever db the write uses, so that on the
 * embedded database it never waits for a transaction of its own caller.
 */
export class ReferenceCache {
  private categories: Promise<KnownCategory[]> | undefined;

  knownCategories(db: DbOrTx): Promise<KnownCategory[]> {
    if (!this.categories) {
      // Promise.resolve: drizzle runs its query again on every then(); the cache must hold one answer.
      const read = Promise.resolve(db.select({ id: categories.id, name: categories.name }).from(categories));
      this.categories = read;
      // A failed read (the database went away) is not kept: the next write reads again.
      read.catch(() => {
        if (this.categories === read) this.categories = undefined;
      });
    }
    return this.categories;
  }
}
