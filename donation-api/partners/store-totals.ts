// Reads of the per-store running totals (store_month_totals) for submitted months only, shared by a partner's
// figures, exports and statements. The category split is an array indexed by category id: its sums come out as
// columns c<id>, one per category of the reference data.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/sql-rows';

export type CategoryRef = { id: number; name: string; nameFr: string };

export const categoriesOf = (db: DbOrTx) =>
  queryRows<CategoryRef>(db, sql`select id, name, name_fr as "nameFr" from categories order by display_order`);

/** The name of a category's column in the sums below: c<id> (ids are the reference data's integers). */
export function categoryColumn(c: CategoryRef): string {
  if (!Number.isInteger(c.id)) throw new Error(`category id ${String(c.id)}`);
  return `c${c.id}`;
}

/** `coalesce(sum(t.category_pounds[k]), 0) as c<k>` for every category. */
export function categorySums(categories: CategoryRef[]): SQL {
  return sql.raw(categories.map((c) => `coalesce(sum(t.category_pounds[${c.id}]), 0)::float8 as ${categoryColumn(c)}`).join(', '));
}

/** The category columns of a row as a map from category id to pounds. */
export function categoryPounds(row: Record<string, unknown>, categories: CategoryRef[]): Record<string, number> {
  return Object.fromEntries(categories.map((c) => [String(c.id), Number(row[categoryColumn(c)] ?? 0)]));
}

/** Which stores (`s`) to read, and whether the condition (or the select) needs their branches (`b`) too. */
export type StoreScope = { where: SQL; branches: boolean };

/** The same split as a list, the shape mealsOf (lib/domain/impact.ts) reads. */
export function categoryEntries(pounds: Record<string, number>): { categoryId: number; pounds: number }[] {
  return Object.entries(pounds).map(([id, lbs]) => ({ categoryId: Number(id), pounds: lbs }));
}

/**
 * FROM and WHERE over the totals of submitted months between two YYYYMM keys, for the scope's stores. The branches
 * are joined only when asked: on a national retailer's year that join was about a third of the read. The plain year
 * range beside the key range lets the planner estimate the rows it reads.
 */
export function submittedTotalsFrom(scope: StoreScope, fromKey: number, toKey: number): SQL {
  const branches = scope.branches ? sql`join branches b on b.id = t.branch_id` : sql``;
  return sql`from store_month_totals t join stores s on s.id = t.store_id ${branches}
    join month_submissions ms on ms.branch_id = t.branch_id and ms.year = t.year and ms.month = t.month and ms.submitted
    where ${scope.where} and t.year between ${Math.floor(fromKey / 100)} and ${Math.floor(toKey / 100)}
      and (t.year * 100 + t.month) between ${fromKey} and ${toKey}`;
}
