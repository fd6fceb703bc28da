// npm run bench:http: the real server over HTTP. Starts the built app (scripts/start.mjs) on each database,
// loads the report, a month's list, a donation create and three pages with autocannon at concurrency 1, 10 and 50,
// and prints each next to its floor: the same API served plainly by Hono (npm run api), the token check plus the
// report's SQL run in process, and a bare Next 16 page (plain, and behind a nonce-CSP proxy); the signed-in pages also
// against their reads, each API call they make measured alone (scripts/bench-http-page-reads.ts). Figures go into
// docs/benchmarks.md by hand.
//
// Env: BENCH_TARGETS (pglite,postgres), BENCH_SECONDS (6), BENCH_CONCURRENCY (1,10,50), BENCH_PORT (3299),
// BENCH_DIST_DIR (.next-bench; built when it has no BUILD_ID), BENCH_DATABASE_URL
// (postgres://postgres@127.0.0.1:5432/rfp_bench_http, dropped and created anew), BENCH_USERS (20) and BENCH_USER_PAUSE
// (1 s) for the paced mix of a food bank's people at once, BENCH_PAGE_ROUNDS (3) for the pages beside their floors
// (scripts/bench-http-pages.ts). BENCH_PARTS (load,visit): `visit` alone runs only the visit scenario
// (scripts/bench-http-visit.ts), a signed-in browser visit of `/` against the page alone; `program` (not by default: it
// seeds a million donations) the program's screens at national scale on PostgreSQL (scripts/bench-http-program.ts,
// BENCH_PROGRAM_DATABASE_URL); `month-end` (not by default) a program's staff reporting their month at several arrival
// rates, on each target (scripts/bench-http-month-end.ts); `memory` (not by default) the server's resident memory over
// 10,000 requests of a branch's mix, on each target (scripts/bench-http-memory.ts).
import './load-env';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { userForToken } from '../donation-api/auth/tokens';
import { openDb } from '../donation-api/db/client';
import { ENV_DEFAULTS } from '../donation-api/env';
import { formatCalendarDate, todayCalendarDate } from '../lib/domain/dates';
import { monthlyReports } from '../donation-api/donations/reports';
import { apiLogin, buildApp, freshPostgres, log, sessionCookie, root, start, waitFor } from './bench-http-support';
import { printProgram, programAtScale } from './bench-http-program';
import { printVisit, visitCost, type VisitCost } from './bench-http-visit';
import { monthEnd } from './bench-http-month-end';
import { memoryOverRequests, printMemory } from './bench-http-memory';
import { quantile } from './bench-support';
import { measurePageReads, pageReads } from './bench-http-page-reads';
import { errorsOf, load, pagesBesideFloors, printPageCosts, SECONDS, type Load, type Row } from './bench-http-pages';

const LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,10,50').split(',').map(Number);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
// The food bank's users: BENCH_USERS people at once, each doing one thing every BENCH_USER_PAUSE seconds.
const USERS = Number(process.env.BENCH_USERS ?? 20);
const USER_PAUSE = Number(process.env.BENCH_USER_PAUSE ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 3299);
const DIST = process.env.BENCH_DIST_DIR ?? '.next-bench';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rfp_bench_http';
const PARTS = (process.env.BENCH_PARTS ?? 'load,visit').split(',');
const visits = new Map<string, VisitCost[]>();
// Each database's page reads, measured alone (scripts/bench-http-page-reads.ts).
const reads = new Map<string, Awaited<ReturnType<typeof measurePageReads>>>();
// Today where the app checks 'not in the future' (its time zone): in the evening there, the UTC date is tomorrow.
const TODAY = todayCalendarDate(new Date(), process.env.APP_TIME_ZONE || ENV_DEFAULTS.APP_TIME_ZONE);
const YEAR = TODAY.year;
const MONTH = TODAY.month;

const rows: Row[] = [];

/** A donation create's body, one per request (each is a new donation). */
const createBody = (storeId: string | null) => () =>
  JSON.stringify({
    storeId,
    date: formatCalendarDate(TODAY),
    source: 0,
    weight: 12.5,
    weightUnit: 0,
    categories: [{ categoryId: 1, fraction: 1 }],
  });

/**
 * USERS people at once on a mix of what a branch does (Monthly Reports, a month's page and list, the report, a
 * create), each waiting USER_PAUSE seconds between actions, unlike the loads above, where every client sends its next
 * request the moment the last is answered. The percentiles are of every answer's own time, taken over twice
 * BENCH_SECONDS.
 */
async function users(
  base: string,
  auth: { token: string; branchId: string; writeBranchId: string; storeId: string | null },
  cookie: string,
) {
  const api = { authorization: `Bearer ${auth.token}` };
  const page = { cookie };
  const actions: { label: string; url: string; headers: Record<string, string>; method?: string; body?: () => string }[] = [
    { label: 'page /', url: `${base}/`, headers: page },
    { label: 'page /donations/{year}/{month}', url: `${base}/donations/${YEAR}/${MONTH}`, headers: page },
    { label: 'GET …/{year}/{month}', url: `${base}/api/branch/${auth.branchId}/donations/${YEAR}/${MONTH}`, headers: api },
    { label: 'GET …/{year}/aggregate', url: `${base}/api/branch/${auth.branchId}/donations/${YEAR}/aggregate`, headers: api },
    {
      label: 'POST …/donations',
      url: `${base}/api/branch/${auth.writeBranchId}/donations`,
      headers: { ...api, 'content-type': 'application/json' },
      method: 'POST',
      body: createBody(auth.storeId),
    },
  ];
  const seconds = SECONDS * 2;
  // One autocannon per action, all at once: USERS / 5 people each repeat that action.
  return Promise.all(
    actions.map(
      (a) =>
        new Promise<{ label: string; load: Load }>((resolve, reject) => {
          const times: number[] = [];
          const instance = autocannon(
            {
              url: a.url,
              connections: Math.max(1, Math.round(USERS / actions.length)),
              connectionRate: 1 / USER_PAUSE,
              duration: seconds,
              method: (a.method ?? 'GET') as 'GET',
              headers: a.headers,
              requests: a.body ? [{ setupRequest: (req: object) => ({ ...req, body: a.body!() }) }] : undefined,
            },
            (err, r) => {
              if (err) return reject(err);
              const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => quantile(times, q));
              resolve({ label: a.label, load: { rps: times.length / seconds, p50: p50!, p95, p99: p99!, errors: errorsOf(r) } });
            },
          );
          instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
        }),
    ),
  );
}

/** The SQL floor: the token check and the report's query, run in process with `level` callers at once. */
async function sqlFloor(dbUrl: string | undefined, dataDir: string | null, token: string, branchId: string, level: number): Promise<Load> {
  const handle = await openDb({ databaseUrl: dbUrl, dataDir, migrate: false, poolSize: Math.max(level, 1) });
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        if (!(await userForToken(handle.db, token, new Date()))) errors++;
        await monthlyReports(handle.db, branchId, YEAR);
      } catch {
        errors++;
      }
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: level }, worker));
  await handle.close();
  return { rps: times.length / SECONDS, p50: quantile(times, 0.5), p99: quantile(times, 0.99), errors };
}

async function apiCalls(
  db: string,
  base: string,
  label: string,
  auth: { token: string; branchId: string; writeBranchId: string; storeId: string | null },
  floors?: Map<number, Load>,
) {
  const headers = { authorization: `Bearer ${auth.token}` };
  const api = `${base}/api/branch/${auth.branchId}`;
  const body = createBody(auth.storeId);
  for (const level of LEVELS) {
    const f = floors?.get(level);
    const floor = f ? `SQL ${f.p50.toFixed(1)} ms, ${f.rps.toFixed(0)} req/s` : undefined;
    rows.push({
      db,
      call: `${label} GET …/donations/{year}/aggregate`,
      level,
      load: await load(`${api}/donations/${YEAR}/aggregate`, level, { headers }),
      floor,
    });
    rows.push({
      db,
      call: `${label} GET …/donations/{year}/{month}`,
      level,
      load: await load(`${api}/donations/${YEAR}/${MONTH}`, level, { headers }),
    });
    rows.push({
      db,
      call: `${label} POST …/donations`,
      level,
      load: await load(`${base}/api/branch/${auth.writeBranchId}/donations`, level, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      }),
    });
  }
}

async function benchTarget(db: string) {
  const dataDir = db === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-bench-http-')) : null;
  const env: Record<string, string> = { NEXT_DIST_DIR: DIST, NEXTAUTH_URL: `http://localhost:${PORT}`, LOG_LEVEL: 'warn' };
  if (db === 'postgres') Object.assign(env, { DATABASE_URL: await freshPostgres(PG_URL), SEED_DEMO: 'true' });
  else Object.assign(env, { DATA_DIR: dataDir!, DATABASE_URL: '' });
  const base = `http://localhost:${PORT}`;

  // 1. The app as users get it (npm start).
  let stop = start(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { ...env, PORT: String(PORT) });
  await waitFor(`${base}/login`);
  const auth = await apiLogin(base);
  const cookie = await sessionCookie(base);
  // First, on a server that has served nothing else: the loads below leave caches and a heap the visit would not find.
  if (PARTS.includes('visit')) visits.set(db, await visitCost(PORT, stop.pid, cookie));
  if (!PARTS.includes('load')) return stop();
  await apiCalls(db, base, 'app', auth);
  await pagesBesideFloors(rows, { db, base, cookie, server: stop.pid, port: PORT, levels: LEVELS, year: YEAR, month: MONTH });
  if (LEVELS.includes(1)) reads.set(db, await measurePageReads(base, auth.token, pageReads(auth.branchId, YEAR, MONTH), SECONDS, stop.pid));
  for (const u of await users(base, auth, cookie))
    rows.push({ db, call: `${USERS} users, an action each every ${USER_PAUSE} s: ${u.label}`, level: USERS, load: u.load });
  await stop();

  // 2. Floors, one at a time (the embedded database is one process's): the SQL in process, then plain Hono.
  const floors = new Map<number, Load>();
  const pglite = dataDir ? path.join(dataDir, 'pglite') : null;
  for (const level of LEVELS) floors.set(level, await sqlFloor(env.DATABASE_URL || undefined, pglite, auth.token, auth.branchId, level));
  stop = start(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'api-server.ts')], { ...env, PORT: String(PORT + 2) });
  await waitFor(`http://localhost:${PORT + 2}/api/health`);
  await apiCalls(db, `http://localhost:${PORT + 2}`, 'plain Hono', auth, floors);
  await stop();
}

async function main() {
  buildApp(DIST);
  for (const db of PARTS.some((p) => p === 'load' || p === 'visit') ? TARGETS : []) {
    log(`${db}: ${PARTS.join(', ')}`);
    await benchTarget(db);
  }
  if (PARTS.includes('program')) {
    const pgUrl = process.env.BENCH_PROGRAM_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rfp_bench_program_http';
    printProgram(await programAtScale({ port: PORT, dist: DIST, pgUrl, seconds: SECONDS, levels: LEVELS }));
  }
  if (PARTS.includes('month-end')) await monthEnd({ dist: DIST, seconds: SECONDS, targets: TARGETS });
  if (PARTS.includes('memory')) printMemory(await memoryOverRequests({ port: PORT, dist: DIST, targets: TARGETS, pgUrl: PG_URL }));
  if (PARTS.includes('load')) await loadTables();
  for (const [db, costs] of visits) printVisit(db, costs);
  console.log(`\nNode ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}.`);
}

/** The table of every load, then each page against its floor. */
async function loadTables() {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
  console.log('| database | call | concurrency | req/s | p50 ms | p95 ms | p99 ms | server CPU ms a request | errors | floor |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows)
    console.log(
      `| ${r.db} | ${r.call} | ${r.level} | ${fmt(r.load.rps)} | ${fmt(r.load.p50)} | ${fmt(r.load.p95 ?? NaN)} | ${fmt(r.load.p99)} | ${r.load.cpuMs?.toFixed(2) ?? ''} | ${r.load.errors} | ${r.floor ?? ''} |`,
    );
  console.log(`\n${SECONDS} s per run.`);
  printPageCosts(rows, reads);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
