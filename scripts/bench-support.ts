// Shared by the benchmark scripts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { openDb, type Db, type DbHandle } from '../donation-api/db/client';

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

/** Median and p95 (ms) of n runs of fn, after five warm-up runs; fn gets the run's number. */
export async function timeRuns(fn: (i: number) => Promise<unknown>, n: number): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 5; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  return { median: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
}

/**
 * A scratch database, migrated: the embedded one in a new temporary folder ('pglite'), or PostgreSQL's database
 * of pgUrl dropped and created anew; cleanup removes it. poolSize: PostgreSQL's connections (the server's default is 10).
 */
export async function scratchDatabase(
  target: string,
  pgUrl: string,
  poolSize = 2,
): Promise<{ handle: DbHandle; cleanup: () => Promise<void> }> {
  if (target === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-bench-'));
    return { handle: await openDb({ dataDir: dir }), cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = new URL(pgUrl).pathname.slice(1);
  const admin = new URL(pgUrl);
  admin.pathname = '/postgres';
  const sqlAdmin = async (q: string) => {
    const c = new Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await sqlAdmin(`drop database if exists ${name} with (force)`);
  await sqlAdmin(`create database ${name}`);
  const handle = await openDb({ databaseUrl: pgUrl, poolSize });
  // A dropped database's idle connections error when cleanup drops it: expected, not a failure.
  (handle.db as unknown as { $client: { on: (e: string, f: () => void) => void } }).$client.on('error', () => undefined);
  return { handle, cleanup: () => sqlAdmin(`drop database if exists ${name} with (force)`) };
}
