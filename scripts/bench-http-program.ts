// bench:http's program scenario (BENCH_PARTS=program): the program's own screens at national scale, on PostgreSQL.
// The demo data plus bench:api's data set (scripts/bench-seed.ts: BENCH_BRANCHES food banks, default 500, and
// BENCH_DONATIONS donations, default 1,000,000, over last year and this one), the app as users get it (npm start),
// and the demo program administrator signed in. Each screen is loaded with autocannon at each concurrency, and its
// document's size is read once (raw and gzip): the month view (last month), the year view and the totals, then the
// month view's API call beside them. The totals are kept between views until a write changes them
// (program/program-totals-cache.ts), so they are also loaded while food banks write: one new donation in a random
// food bank every BENCH_WRITE_MS (default 500), each of which makes the next view compute the totals again.
import zlib from 'node:zlib';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDb } from '../donation-api/db/client';
import { ENV_DEFAULTS } from '../donation-api/env';
import { todayCalendarDate } from '../lib/domain/dates';
import { RFP_CAMPAIGN_ID } from '../lib/domain/enums';
import { lastMonth } from '../lib/domain/program-oversight';
import { freshPostgres, log, root, sessionCookie, start, waitFor } from './bench-http-support';
import { seed } from './bench-seed';
import { bulkLoad } from './bench-support';

type ProgramRow = { page: string; level: number; rps: number; p50: number; p95: number; errors: number; kB: number; gzipKB: number };

async function signIn(base: string): Promise<{ cookie: string; token: string }> {
  const cookie = await sessionCookie(base, 'program', 'Demo-2026', '/program');
  const api = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'program', password: 'Demo-2026' }),
  });
  return { cookie, token: ((await api.json()) as { token: string }).token };
}

/**
 * Writes one donation every `everyMs` into a random food bank's store until stopped (straight into the table: its
 * triggers keep the totals and their versions as the API's writes do). Answers the stop, which answers the count.
 */
async function writeWhileLoading(url: string, everyMs: number): Promise<() => Promise<number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const stores = (
    await client.query<{ store_id: string; branch_id: string }>(
      'select store_id, branch_id from branch_stores order by branch_id limit 500',
    )
  ).rows;
  const date = new Date().toISOString().slice(0, 10);
  let written = 0;
  const timer = setInterval(() => {
    const s = stores[written % stores.length];
    written++;
    void client
      .query(
        `insert into donations (branch_id, campaign_id, store_id, date, source, weight, weight_unit, weight_in_pounds)
       values ($1, $2, $3, $4, 0, 10, 1, 10)`,
        [s!.branch_id, RFP_CAMPAIGN_ID, s!.store_id, date],
      )
      .catch((err: Error) => log(`a write failed: ${err.message}`));
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await client.end();
    return written;
  };
}

/** The program's screens at scale; answers the rows of its table. */
export async function programAtScale(opts: { port: number; dist: string; pgUrl: string; seconds: number; levels: number[] }) {
  const url = await freshPostgres(opts.pgUrl);
  const handle = await openDb({ databaseUrl: url, poolSize: 2 });
  await bulkLoad(handle.db, () => seed(handle.db));
  await handle.close();
  const base = `http://localhost:${opts.port}`;
  const env = { NEXT_DIST_DIR: opts.dist, NEXTAUTH_URL: base, LOG_LEVEL: 'warn', DATABASE_URL: url, PORT: String(opts.port) };
  const stop = start(process.execPath, [path.join(root, 'scripts', 'start.mjs')], env);
  const rows: ProgramRow[] = [];
  try {
    await waitFor(`${base}/login`);
    const { cookie, token } = await signIn(base);
    const last = lastMonth(todayCalendarDate(new Date(), process.env.APP_TIME_ZONE || ENV_DEFAULTS.APP_TIME_ZONE));
    const targets: { page: string; url: string; headers: Record<string, string> }[] = [
      { page: '`/program` (month view)', url: `${base}/program`, headers: { cookie } },
      { page: '`/program/year`', url: `${base}/program/year`, headers: { cookie } },
      { page: '`/program/totals`', url: `${base}/program/totals`, headers: { cookie } },
      {
        page: 'API `GET /api/program/oversight` (last month)',
        url: `${base}/api/program/oversight?year=${last.year}&month=${last.month}`,
        headers: { authorization: `Bearer ${token}` },
      },
    ];
    for (const t of targets) {
      const res = await fetch(t.url, { headers: t.headers });
      if (!res.ok) throw new Error(`${t.url}: ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      const kB = body.length / 1000;
      const gzipKB = zlib.gzipSync(body).length / 1000;
      for (const level of opts.levels) {
        log(`program at scale: ${t.page} at ${level}`);
        const r = await autocannon({ url: t.url, connections: level, duration: opts.seconds, headers: t.headers });
        const errors = r.errors + r.timeouts + r.non2xx;
        rows.push({ page: t.page, level, rps: r.requests.average, p50: r.latency.p50, p95: r.latency.p97_5, errors, kB, gzipKB });
      }
      if (t.page.includes('totals')) {
        const everyMs = Number(process.env.BENCH_WRITE_MS ?? 500);
        for (const level of opts.levels) {
          log(`program at scale: ${t.page} at ${level}, a donation written every ${everyMs} ms`);
          const stopWriting = await writeWhileLoading(url, everyMs);
          const r = await autocannon({ url: t.url, connections: level, duration: opts.seconds, headers: t.headers });
          const written = await stopWriting();
          const errors = r.errors + r.timeouts + r.non2xx;
          const page = `${t.page}, ${written} donations written meanwhile (one per ${everyMs} ms)`;
          rows.push({ page, level, rps: r.requests.average, p50: r.latency.p50, p95: r.latency.p97_5, errors, kB, gzipKB });
        }
      }
    }
  } finally {
    await stop();
  }
  return rows;
}

export function printProgram(rows: ProgramRow[]) {
  console.log('\n| screen | c | req/s | p50 ms | p97.5 ms | errors | document | gzip |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.page} | ${r.level} | ${r.rps.toFixed(1)} | ${r.p50} | ${r.p95} | ${r.errors} | ${r.kB.toFixed(1)} kB | ${r.gzipKB.toFixed(1)} kB |`,
    );
}
