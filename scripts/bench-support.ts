// Shared by the benchmark scripts.
import { sql } from 'drizzle-orm';
import type { Db } from '../donation-api/db/client';

export const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 1_000_000);
export const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 500);
export const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 250_000);
export const STORES_PER_BRANCH = 6;
export const now = new Date();
export const YEAR = now.getUTCFullYear();
export const PREV = YEAR - 1;

export const ms = (t0: number) => performance.now() - t0;

/** The nearest-rank quantile (0..1) of some timings; NaN when there are none. */
export function quantile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
}

/** A line of bench:api's table. */
export type BenchRow = { target: string; operation: string; median: number; p95: number; n: number; note?: string };
export function log(msg: string) {
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
}

export async function run(db: Db, q: ReturnType<typeof sql>) {
  return ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/**
 * A bulk load with the running-total triggers off, then one rebuild of the totals: what an operator's import of
 * millions of rows should do too (row triggers would add one upsert per row).
 */
export async function bulkLoad(db: Db, load: () => Promise<void>) {
  await run(db, sql`alter table donations disable trigger user`);
  await run(db, sql`alter table donation_categories disable trigger user`);
  try {
    await load();
  } finally {
    await run(db, sql`alter table donations enable trigger user`);
    await run(db, sql`alter table donation_categories enable trigger user`);
  }
  await run(db, sql`select rebuild_month_totals()`);
}
