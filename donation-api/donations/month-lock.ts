import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { queryRows } from '../db/sql-rows';
import { ApiError } from '../errors';

export type MonthKey = { branchId: string; year: number; month: number };

export function monthOf(branchId: string, date: string): MonthKey {
  return { branchId, year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function sameMonth(a: MonthKey, b: MonthKey) {
  return a.branchId === b.branchId && a.year === b.year && a.month === b.month;
}

function compare(a: MonthKey, b: MonthKey) {
  return a.branchId < b.branchId ? -1 : a.branchId > b.branchId ? 1 : a.year - b.year || a.month - b.month;
}

/**
 * Locks the month_submissions rows of the given months for the rest of the transaction and tells,
 * per month, whether it is submitted. The row is created if missing (insert … on conflict do update) so
 * there is always something to lock, even for a month nobody has touched; rows are locked in one fixed
 * order (branch, year, month) so two writers touching the same two months cannot deadlock.
 */
export async function lockMonths(tx: Tx, keys: MonthKey[]): Promise<{ key: MonthKey; submitted: boolean }[]> {
  const unique = keys.filter((k, i) => keys.findIndex((o) => sameMonth(o, k)) === i).sort(compare);
  const out: { key: MonthKey; submitted: boolean }[] = [];
  for (const key of unique) {
    // One statement: a new month's row is inserted (and so locked); an existing one is locked by the no-op update
    // of the conflict, which also waits for a concurrent creator of the same row. (A separate insert-then-select
    // took two round trips on every donation write.)
    const res = await queryRows<{ submitted: boolean }>(
      tx,
      sql`insert into month_submissions (branch_id, year, month) values (${key.branchId}, ${key.year}, ${key.month})
        on conflict (branch_id, year, month) do update set submitted = month_submissions.submitted returning submitted`,
    );
    out.push({ key, submitted: Boolean(res[0]?.submitted) });
  }
  return out;
}

/** Locks the months a donation write touches and refuses the write when any of them is submitted. */
export async function lockOpenMonths(tx: Tx, keys: MonthKey[]): Promise<void> {
  const locked = await lockMonths(tx, keys);
  if (locked.some((m) => m.submitted)) throw new ApiError(400, 'MONTH_ALREADY_SUBMITTED');
}
