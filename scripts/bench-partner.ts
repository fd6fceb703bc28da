// npm run bench:partner - a national retailer's /partner beside /program, over HTTP, on PostgreSQL: the demo data plus
// bench:api's data set (scripts/bench-seed.ts: BENCH_BRANCHES food banks, default 500, with six stores each, all of one
// retailer: a 3,000-store chain, and BENCH_DONATIONS donations, default 1,000,000, over last year and this one, every
// past month submitted). The app as users get it (npm start on the build in BENCH_DIST, default .next-bench, made when
// missing); the demo partner `retail` is given the whole chain, the demo program administrator signs in beside it.
// BENCH_ROUNDS rounds (3), each loading /partner and then /program BENCH_VIEWS times (20) one after the other, each
// screen's views after a donation corrected (so its first view computes its answer from scratch; the later ones are
// kept answers, as most views are): the document's size (raw and gzip), the server's CPU time of the first view and
// per view (the server's process group, from /proc) and the wall time per view. Goal: /partner's document ≤ 200 kB and its server time ≤ 1.5 × /program's.
// Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/rfp_bench_partner, dropped and created anew), BENCH_PORT.
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { openDb } from '../donation-api/db/client';
import { buildApp, freshPostgres, groupCpuMs, log, root, sessionCookie, start, waitFor } from './bench-http-support';
import { seed } from './bench-seed';
import { bulkLoad, BRANCHES, DONATIONS, quantile, YEAR } from './bench-support';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rfp_bench_partner';
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const DIST = process.env.BENCH_DIST ?? '.next-bench';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 20);
const RETAILER = '11111111-1111-4111-8111-111111111111';
const GOAL_KB = 200;
const GOAL_RATIO = 1.5;

type Sample = { cpuMs: number; wallMs: number };

/** The retail partner and the program administrator of the demo data, the partner given the bench's whole chain. */
async function prepare(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const month = new Date().getUTCMonth() + 1;
  // This year's months before the current one are submitted too (the seed submits last year's).
  await c.query(
    `insert into month_submissions (branch_id, year, month, submitted, submitted_at, submitted_by)
     select id, $1::int, m, true, now(), 'bench@example.org' from branches, generate_series(1, $2::int) m on conflict do nothing`,
    [YEAR, month - 1],
  );
  const moved = await c.query(
    `update partner_access set retailer_id = $1, banner_id = null, store_ids = '{}' where user_id = (select id from users where username = 'retail')`,
    [RETAILER],
  );
  if (moved.rowCount !== 1) throw new Error('the demo partner `retail` is missing');
  const stores = await c.query<{ n: string }>('select count(*) as n from stores where retailer_id = $1', [RETAILER]);
  await c.query('vacuum analyze');
  await c.end();
  return Number(stores.rows[0]!.n);
}

async function view(url: string, cookie: string, pgid: number): Promise<Sample> {
  const cpu0 = groupCpuMs(pgid);
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { wallMs: performance.now() - t0, cpuMs: groupCpuMs(pgid) - cpu0 };
}

async function main() {
  buildApp(DIST);
  const url = await freshPostgres(PG_URL);
  const handle = await openDb({ databaseUrl: url, poolSize: 2 });
  const t0 = performance.now();
  await bulkLoad(handle.db, () => seed(handle.db));
  await handle.close();
  const base = `http://localhost:${PORT}`;
  const env = { NEXT_DIST_DIR: DIST, NEXTAUTH_URL: base, LOG_LEVEL: 'warn', DATABASE_URL: url, PORT: String(PORT), REMINDERS_CRON: 'off' };
  const stop = start(process.execPath, [path.join(root, 'scripts', 'start.mjs')], env);
  try {
    await waitFor(`${base}/login`);
    const stores = await prepare(url);
    log(`seeded in ${Math.round((performance.now() - t0) / 1000)} s: ${stores} stores of one retailer`);
    const targets = [
      {
        page: '`/partner` (3,000-store retailer, this year)',
        url: `${base}/partner`,
        cookie: await sessionCookie(base, 'retail', 'Demo-2026', '/partner'),
      },
      { page: '`/program` (month view)', url: `${base}/program`, cookie: await sessionCookie(base, 'program', 'Demo-2026', '/program') },
    ];
    const docs = new Map<string, { kB: number; gzipKB: number }>();
    for (const t of targets) {
      const res = await fetch(t.url, { headers: { cookie: t.cookie } });
      if (!res.ok) throw new Error(`${t.url}: ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      docs.set(t.page, { kB: body.length / 1000, gzipKB: zlib.gzipSync(body).length / 1000 });
      for (let i = 0; i < 3; i++) await view(t.url, t.cookie, stop.pid); // warm-up
    }
    const rows: string[] = [];
    const ratios: number[] = [];
    const coldRatios: number[] = [];
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    for (let round = 1; round <= ROUNDS; round++) {
      const cpu: number[] = [];
      const coldCpu: number[] = [];
      for (const t of targets) {
        // Both screens keep their answers between views until a write changes what they read: a donation corrected
        // and put back (its food bank's totals version moves on) makes the next view of each compute from scratch.
        await writer.query(
          `update donations set weight_in_pounds = weight_in_pounds + 1 where id = (select id from donations order by id limit 1)`,
        );
        await writer.query(
          `update donations set weight_in_pounds = weight_in_pounds - 1 where id = (select id from donations order by id limit 1)`,
        );
        const cold = await view(t.url, t.cookie, stop.pid);
        coldCpu.push(cold.cpuMs);
        const samples: Sample[] = [];
        for (let i = 0; i < VIEWS; i++) samples.push(await view(t.url, t.cookie, stop.pid));
        const cpuPerView = samples.reduce((n, s) => n + s.cpuMs, 0) / VIEWS;
        const wall = quantile(
          samples.map((s) => s.wallMs),
          0.5,
        );
        cpu.push(cpuPerView);
        const d = docs.get(t.page)!;
        rows.push(
          `| ${round} | ${t.page} | ${d.kB.toFixed(1)} kB (${d.gzipKB.toFixed(1)}) | ${cold.cpuMs.toFixed(0)} ms | ${cpuPerView.toFixed(0)} ms | ${wall.toFixed(0)} ms |`,
        );
        log(
          `round ${round}: ${t.page}: ${cold.cpuMs.toFixed(0)} ms CPU after a write, ${cpuPerView.toFixed(0)} ms a view, p50 ${wall.toFixed(0)} ms`,
        );
      }
      ratios.push(cpu[0]! / cpu[1]!);
      coldRatios.push(coldCpu[0]! / coldCpu[1]!);
      rows.push(
        `| ${round} | × /program (server CPU) | | ${(coldCpu[0]! / coldCpu[1]!).toFixed(2)} | ${(cpu[0]! / cpu[1]!).toFixed(2)} | |`,
      );
    }
    await writer.end();
    const partnerDoc = docs.get(targets[0]!.page)!;
    const ratio = quantile(ratios, 0.5);
    console.log(
      `\n${DONATIONS.toLocaleString('en-CA')} donations, ${BRANCHES} food banks, ${stores.toLocaleString('en-CA')} stores of one retailer`,
    );
    console.log(
      `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB\n`,
    );
    console.log(`| round | screen | document (gzip) | server CPU, first view after a write | server CPU a view | p50 a view |`);
    console.log('|---:|---|---:|---:|---:|---:|');
    for (const r of rows) console.log(r);
    console.log(
      `\nGoals: document ≤ ${GOAL_KB} kB: ${partnerDoc.kB <= GOAL_KB ? 'met' : 'NOT met'} (${partnerDoc.kB.toFixed(1)} kB); ` +
        `server time ≤ ${GOAL_RATIO} × /program: ${ratio <= GOAL_RATIO ? 'met' : 'NOT met'} (median of rounds ${ratio.toFixed(2)} ×; ` +
        `the first view after a write ${quantile(coldRatios, 0.5).toFixed(2)} ×)`,
    );
  } finally {
    await stop();
    const admin = new pg.Client({ connectionString: Object.assign(new URL(PG_URL), { pathname: '/postgres' }).toString() });
    await admin.connect();
    await admin.query(`drop database if exists "${new URL(PG_URL).pathname.slice(1)}" with (force)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
