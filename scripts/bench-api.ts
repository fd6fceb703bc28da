// npm run bench:api - the donation API on a large data set, on PGlite and on PostgreSQL.
// Seeds BENCH_DONATIONS donations (default 1,000,000) over BENCH_BRANCHES branches (default 500) with
// set-based SQL, then times through the API (app.request, in process) the monthly report, a month's
// list, a donation create and the program's month view over every branch, next to the report and
// month-view statements run directly; then streams the CSV export of a
// large branch-year while sampling memory. Env: BENCH_TARGETS=pglite,postgres, BENCH_DATABASE_URL,
// BENCH_ITERATIONS (default 100), BENCH_EXPORT_ROWS (default 250,000).
import './load-env';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import pino from 'pino';
import { createDonationApi } from '../donation-api/app';
import { issueToken } from '../donation-api/auth/tokens';
import { configFromEnv } from '../donation-api/config';
import { openDb, type Db, type DbHandle } from '../donation-api/db/client';
import { createMailer } from '../donation-api/mail/mailer';
import { oversightMonthSql } from '../donation-api/program/program-oversight';
import { monthlyReportSql } from '../donation-api/donations/reports';
import { formatCalendarDate, todayCalendarDate } from '../lib/domain/dates';
import { BRANCHES, bulkLoad, DONATIONS, log, ms, PREV, quantile, run, YEAR, type BenchRow } from './bench-support';
import { seed, seedExportBranch } from './bench-seed';
import { copyFloor } from './bench-copy-floor';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((t) => t.trim());
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rfp_bench';
const MEMBER_BRANCHES = 20;

const results: BenchRow[] = [];

async function time(target: string, operation: string, n: number, fn: (i: number) => Promise<void>, note?: string) {
  for (let i = 0; i < Math.min(5, n); i++) await fn(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(ms(t0));
  }
  const row = { target, operation, median: quantile(samples, 0.5), p95: quantile(samples, 0.95), n, note };
  results.push(row);
  log(`${target} ${operation}: median ${row.median.toFixed(2)} ms, p95 ${row.p95.toFixed(2)} ms`);
}

async function bench(target: 'pglite' | 'postgres') {
  let handle: DbHandle;
  let cleanup = async () => {};
  const t0 = performance.now();
  if (target === 'postgres') {
    const url = new URL(PG_URL);
    const name = url.pathname.slice(1);
    const admin = new URL(PG_URL);
    admin.pathname = '/postgres';
    const c = new Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
    await c.end();
    process.stderr.write(`bench:api: using the scratch PostgreSQL database ${name} on ${url.host} (BENCH_DATABASE_URL)\n`);
    handle = await openDb({ databaseUrl: PG_URL, poolSize: 10 });
    // A connection still closing when the scratch database is dropped gets a termination notice.
    (handle.db as unknown as { $client: { on: (e: string, f: () => void) => void } }).$client.on('error', () => undefined);
    cleanup = async () => {
      const d = new Client({ connectionString: admin.toString() });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-bench-'));
    process.stderr.write(`bench:api: using a scratch embedded PGlite database in ${dir}\n`);
    handle = await openDb({ dataDir: dir });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const db = handle.db;
  try {
    let exportBranch = '';
    await bulkLoad(db, async () => {
      await seed(db);
      exportBranch = await seedExportBranch(db);
    });
    const seedSeconds = ms(t0) / 1000;
    log(`${target}: seeded in ${seedSeconds.toFixed(0)} s`);
    results.push({
      target,
      operation: `seed ${DONATIONS.toLocaleString('en-CA')} donations / ${BRANCHES} branches`,
      median: seedSeconds * 1000,
      p95: NaN,
      n: 1,
    });

    const log0 = pino({ level: 'silent' });
    const config = { ...configFromEnv({}), smtpUrl: undefined };
    const app = createDonationApi({
      db,
      config,
      mailer: createMailer({ db, log: log0, from: config.mailFrom }),
      log: log0,
      now: () => new Date(),
    });
    const branchIds = (
      await run(db, sql`select id from branches where name like 'Bench Food Bank %' order by name limit ${MEMBER_BRANCHES}::int`)
    ).map((r) => r.id as string);
    const [user] = await run(
      db,
      sql`insert into users (username, email, login_type) values ('bench', 'bench@example.org', 1) returning id`,
    );
    await run(
      db,
      sql`insert into user_branches (user_id, branch_id, position) select ${user!.id}::uuid, id, 0 from branches where id in (${sql.join(
        branchIds.concat(exportBranch).map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const { token } = await issueToken(db, user!.id as string, 12, new Date());
    const headers = { authorization: `Bearer ${token}` };
    const get = async (p: string) => {
      const res = await app.request(p, { headers });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const { n: perBranchYear } = (
      await run(
        db,
        sql`select (count(*) / ${BRANCHES}::int)::int as n from donations where date >= ${`${PREV}-01-01`}::date and date < ${`${YEAR}-01-01`}::date`,
      )
    )[0]!;

    await time(
      target,
      'monthly report, direct SQL',
      ITERATIONS,
      async (i) => {
        await run(db, monthlyReportSql(branchIds[i % branchIds.length]!, PREV));
      },
      `~${perBranchYear} donations per branch-year`,
    );
    await time(target, 'monthly report, API (GET …/donations/{year}/aggregate)', ITERATIONS, (i) =>
      get(`/api/branch/${branchIds[i % branchIds.length]}/donations/${PREV}/aggregate`),
    );
    await time(target, "month's list, API (GET …/donations/{year}/{month})", ITERATIONS, (i) =>
      get(`/api/branch/${branchIds[i % branchIds.length]}/donations/${PREV}/${1 + (i % 12)}`),
    );
    // Today where the API checks 'not in the future' (its time zone), not in UTC: late in the evening the UTC date
    // is already tomorrow there.
    const today = formatCalendarDate(todayCalendarDate(new Date(), config.timeZone));
    await time(target, 'donation create, API (POST …/donations)', ITERATIONS, async (i) => {
      const branchId = branchIds[i % branchIds.length];
      const [store] = await storeCache(db, branchId!);
      const res = await app.request(`/api/branch/${branchId}/donations`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          branchId,
          date: today,
          storeId: store,
          source: 0,
          weight: 12.5,
          weightUnit: 0,
          categories: [
            { categoryId: 1, fraction: 0.4 },
            { categoryId: 5, fraction: 0.6 },
          ],
        }),
      });
      if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });

    // The program's month view: every branch of a month, as a program administrator, as a coordinator of
    // one province of the five, and the statement alone.
    const programToken = async (username: string, role: string, provinces: string[]) => {
      const [u] = await run(
        db,
        sql`insert into users (username, email, login_type) values (${username}, ${`${username}@example.org`}, 1) returning id`,
      );
      await run(
        db,
        sql`insert into program_roles (user_id, role, provinces) values (${u!.id}::uuid, ${role}, ${`{${provinces.join(',')}}`}::text[])`,
      );
      return (await issueToken(db, u!.id as string, 12, new Date())).token;
    };
    const adminHeaders = { authorization: `Bearer ${await programToken('bench-admin', 'admin', [])}` };
    const coordHeaders = { authorization: `Bearer ${await programToken('bench-coord', 'coordinator', ['QC'])}` };
    const getAs = async (p: string, h: Record<string, string>) => {
      const res = await app.request(p, { headers: h });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const { n: perMonth } = (
      await run(
        db,
        sql`select (count(*) / 12)::int as n from donations where date >= ${`${PREV}-01-01`}::date and date < ${`${YEAR}-01-01`}::date`,
      )
    )[0]!;
    await time(
      target,
      'program month view, direct SQL (one statement)',
      ITERATIONS,
      async (i) => {
        await run(db, oversightMonthSql({ role: 'admin', provinces: [] }, PREV, 1 + (i % 12)));
      },
      `${BRANCHES} branches, ~${perMonth} donations a month`,
    );
    await time(target, 'program month view, API (GET /api/program/oversight), administrator', ITERATIONS, (i) =>
      getAs(`/api/program/oversight?year=${PREV}&month=${1 + (i % 12)}`, adminHeaders),
    );
    await time(
      target,
      'program month view, API, coordinator of one province',
      ITERATIONS,
      (i) => getAs(`/api/program/oversight?year=${PREV}&month=${1 + (i % 12)}`, coordHeaders),
      `${BRANCHES / 5} branches in scope`,
    );

    // The export read chunk by chunk while memory is sampled: an ordinary branch-year, then a huge one.
    // Streaming shows as a memory peak that does not grow with the size of the file. Run three times, as the COPY
    // floor is, and the median kept: the first run in a process also pays for warming up the code.
    const exportRuns = async (branchId: string, year: number, label: string, runs: number) => {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push(await exportOnce(branchId, year, label));
      const row = results.at(-1)!;
      row.median = quantile(times, 0.5);
      row.n = runs;
      log(`${target} export ${label}: median of ${runs} ${row.median.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`);
      if (runs > 1) results.splice(results.length - runs, runs - 1);
    };
    const exportOnce = async (branchId: string, year: number, label: string) => {
      for (let i = 0; i < 2; i++) global.gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      const sample = () => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      };
      const timer = setInterval(sample, 5);
      const e0 = performance.now();
      const res = await app.request(`/api/donation/export?branchId=${branchId}&year=${year}`, { headers });
      const reader = res.body!.getReader();
      let bytes = 0;
      let lines = -1; // the header
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lines++;
        sample();
      }
      clearInterval(timer);
      const exportMs = ms(e0);
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      results.push({
        target,
        operation: `CSV export, ${label}: ${lines.toLocaleString('en-CA')} rows, ${mb(bytes)} MB`,
        median: exportMs,
        p95: NaN,
        n: 1,
        note: `RSS ${mb(before.rss)} → peak ${mb(peakRss)} MB (+${mb(peakRss - before.rss)}); heap ${mb(before.heapUsed)} → peak ${mb(peakHeap)} MB (+${mb(peakHeap - before.heapUsed)})`,
      });
      log(`${target} export ${label}: ${exportMs.toFixed(0)} ms, ${mb(bytes)} MB; ${results.at(-1)!.note}`);
      return exportMs;
    };
    await exportRuns(branchIds[0]!, PREV, 'a branch-year', 1);
    await exportRuns(exportBranch, YEAR, 'one huge branch-year', 3);
    if (target === 'postgres') copyFloor(results, PG_URL, exportBranch, YEAR);
  } finally {
    await handle.close();
    await cleanup();
  }
}

const storeOf = new Map<string, string[]>();
async function storeCache(db: Db, branchId: string) {
  if (!storeOf.has(branchId))
    storeOf.set(
      branchId,
      (await run(db, sql`select store_id from branch_stores where branch_id = ${branchId}::uuid order by store_id`)).map(
        (r) => r.store_id as string,
      ),
    );
  return storeOf.get(branchId)!;
}

function printTable() {
  const fmt = (v: number) => (Number.isNaN(v) ? '' : v >= 10000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(2)} ms`);
  const lines = ['| database | operation | median | p95 | runs | note |', '|---|---|---:|---:|---:|---|'];
  for (const r of results) lines.push(`| ${r.target} | ${r.operation} | ${fmt(r.median)} | ${fmt(r.p95)} | ${r.n} | ${r.note ?? ''} |`);
  for (const target of TARGETS) {
    const direct = results.find((r) => r.target === target && r.operation.startsWith('monthly report, direct'));
    const api = results.find((r) => r.target === target && r.operation.startsWith('monthly report, API'));
    if (direct && api)
      lines.push(
        `| ${target} | API overhead on the monthly report (median) | ${(((api.median - direct.median) / direct.median) * 100).toFixed(0)} % | | | API median − direct median, over direct |`,
      );
  }
  console.log(
    `\nNode ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB\n`,
  );
  console.log(lines.join('\n'));
}

async function main() {
  for (const target of TARGETS) {
    if (target !== 'pglite' && target !== 'postgres') throw new Error(`unknown target ${target}`);
    await bench(target);
  }
  printTable();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
