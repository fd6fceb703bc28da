// bench:http's month-end scenario (scripts/bench-http-month-end.ts): its data, its CPU meter and its HTTP calls. The
// data is the demo data plus bench:api's data set (scripts/bench-seed.ts) at `branches` food banks with its density,
// 2,000 donations per food bank over last year and this one (about 90 a month each), then three staff per food bank
// and the program's staff, written straight into the database with one password hash for all: argon2 per user would
// take minutes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { configFromEnv } from '../donation-api/config';
import { openDb, type DbHandle } from '../donation-api/db/client';
import { ensureReferenceData } from '../donation-api/db/reference-data';
import { seedDemo } from '../donation-api/demo/seed-demo';
import { hashPassword } from '../donation-api/sign-in/users';
import { LoginType, RFP_CAMPAIGN_ID } from '../lib/domain/enums';
import { freshPostgres, log, processCpuTicks } from './bench-http-support';
import { seed } from './bench-seed';
import { bulkLoad, run } from './bench-support';

/** The password of every user the month-end scenario makes. */
export const PASSWORD = 'Bench-Month-End-2026';
export const STAFF_PER_BRANCH = 3;
const DONATIONS_PER_BRANCH = 2000;

type Staff = { username: string; email: string; branchId: string; storeId: string };
export type MonthEndData = {
  /** The server's database variables. */
  env: Record<string, string>;
  /** Staff k of food bank b at k × branches + b. */
  staff: Staff[];
  program: string[];
  categoryIds: number[];
  /** PostgreSQL's database name (its backends' CPU is counted), or null for the embedded database. */
  dbName: string | null;
  /** Removes the scratch database. */
  cleanup: () => Promise<void>;
};

/** A scratch database of `target` with the scenario's data; closed again before the server opens it. */
export async function monthEndData(target: string, pgUrl: string, branches: number, programStaff: number): Promise<MonthEndData> {
  let handle: DbHandle;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (target === 'postgres') {
    const url = await freshPostgres(pgUrl);
    handle = await openDb({ databaseUrl: url, poolSize: 2 });
    env = { DATABASE_URL: url };
    cleanup = async () => {
      const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
      await admin.connect();
      await admin.query(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
      await admin.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-bench-month-end-'));
    handle = await openDb({ dataDir: path.join(dir, 'pglite') });
    await ensureReferenceData(handle.db);
    const { timeZone, bananaBoxLbs } = configFromEnv();
    await seedDemo(handle.db, { now: new Date(), timeZone, bananaBoxLbs });
    env = { DATA_DIR: dir, DATABASE_URL: '' };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  let filled = false;
  try {
    const t0 = performance.now();
    await bulkLoad(handle.db, () => seed(handle.db, { branches, donations: branches * DONATIONS_PER_BRANCH }));
    const hash = await hashPassword(PASSWORD);
    await run(
      handle.db,
      sql`
      with b as (select id, (row_number() over (order by id))::int - 1 as rn from branches where name like 'Bench Food Bank %'),
      u as (
        insert into users (username, email, password_hash, login_type, locale)
        select 'bench-staff-' || b.rn || '-' || k, 'bench-staff-' || b.rn || '-' || k || '@example.org', ${hash}, ${LoginType.Admin}, 'en'
        from b, generate_series(0, ${STAFF_PER_BRANCH - 1}::int) k
        returning id, username)
      insert into user_branches (user_id, branch_id, position)
      select u.id, b.id, 0 from u join b on split_part(u.username, '-', 3)::int = b.rn`,
    );
    await run(
      handle.db,
      sql`
      with u as (
        insert into users (username, email, password_hash, login_type, locale)
        select 'bench-program-' || g, 'bench-program-' || g || '@example.org', ${hash}, ${LoginType.Admin}, 'en'
        from generate_series(1, ${programStaff}::int) g
        returning id)
      insert into program_roles (user_id, role, granted_by) select id, 'admin', 'bench' from u`,
    );
    const staff = await run(
      handle.db,
      sql`
      select u.username, u.email, ub.branch_id as "branchId",
        (select min(bs.store_id::text) from branch_stores bs where bs.branch_id = ub.branch_id and bs.campaign_id = ${RFP_CAMPAIGN_ID}::uuid) as "storeId"
      from users u join user_branches ub on ub.user_id = u.id
      where u.username like 'bench-staff-%'
      order by split_part(u.username, '-', 4)::int, split_part(u.username, '-', 3)::int`,
    );
    const categories = await run(handle.db, sql`select id from categories order by display_order`);
    await run(handle.db, sql`analyze`);
    log(
      `month end, ${target}: ${branches} food banks, ${staff.length} staff, ${programStaff} program staff in ${Math.round((performance.now() - t0) / 1000)} s`,
    );
    filled = true;
    return {
      env,
      staff: staff as Staff[],
      program: Array.from({ length: programStaff }, (_, i) => `bench-program-${i + 1}`),
      categoryIds: categories.map((c) => Number(c.id)),
      dbName: target === 'postgres' ? new URL(pgUrl).pathname.slice(1) : null,
      cleanup,
    };
  } finally {
    await handle.close();
    if (!filled) await cleanup();
  }
}

const TICK_MS = 1000 / 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux.

/**
 * The server's CPU time: its whole process group (scripts/start.mjs and the server it spawns; the embedded database
 * runs in it), and on PostgreSQL the backends connected to its database, read from /proc every half second. The
 * pool closes idle connections, so each process's last reading is kept after it ends: what it spent since its last
 * reading (at most half a second, idle before it closed) is lost, and so are PostgreSQL's parallel workers.
 */
export function cpuMeter(pgid: number, dbName: string | null) {
  const seen = new Map<number, { kind: 'app' | 'db'; ticks: number }>();
  const backend = new Map<number, boolean>();
  const isBackend = (pid: number) => {
    if (!dbName) return false;
    if (!backend.has(pid)) {
      let cmd = '';
      try {
        cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        /* gone */
      }
      backend.set(pid, cmd.startsWith('postgres:') && cmd.includes(` ${dbName} `));
    }
    return backend.get(pid)!;
  };
  const poll = () => {
    for (const p of processCpuTicks()) {
      const kind = p.pgrp === pgid ? 'app' : isBackend(p.pid) ? 'db' : null;
      if (kind) seen.set(p.pid, { kind, ticks: p.ticks });
    }
  };
  poll();
  const timer = setInterval(poll, 500);
  return {
    /** The readings so far, to measure from. */
    mark: () => {
      poll();
      return new Map([...seen].map(([pid, s]) => [pid, s.ticks]));
    },
    /** CPU ms of the server and of its database backends since `mark`. */
    since: (mark: Map<number, number>) => {
      poll();
      const ms = { app: 0, db: 0 };
      for (const [pid, s] of seen) ms[s.kind] += (s.ticks - (mark.get(pid) ?? 0)) * TICK_MS;
      return ms;
    },
    stop: () => clearInterval(timer),
  };
}

/** One request, read to its last byte; anything but a 2xx is a failure. */
export async function call(url: string, init: RequestInit = {}): Promise<Buffer> {
  const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(60_000), ...init });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status < 200 || res.status > 299) throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname}: ${res.status}`);
  return body;
}
