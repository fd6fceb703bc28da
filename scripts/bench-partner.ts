// npm run bench:partner - a retail partner's calls at national scale, on PostgreSQL: BENCH_BRANCHES branches (500)
// with six stores each, all of one retailer (a national chain: the largest scope a partner has), BENCH_DONATIONS
// donations (1,000,000) over two years, every past month submitted. Times in process (app.request) the figures of
// /partner, filtered by province and by store, a month's lines, the CSV export and a kept statement, next to the
// floor: the running-totals query the figures read, run directly. Env: BENCH_DATABASE_URL
// (postgres://postgres@127.0.0.1:5432/rfp_bench_partner, dropped and created anew), BENCH_ITERATIONS (30).
import './load-env';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import pino from 'pino';
import { createDonationApi } from '../donation-api/app';
import { issueToken } from '../donation-api/auth/tokens';
import { configFromEnv } from '../donation-api/config';
import { openDb } from '../donation-api/db/client';
import { createMailer } from '../donation-api/mail/mailer';
import { submittedByStore } from '../donation-api/services/partner-figures';
import { categoriesOf } from '../donation-api/services/store-totals';
import { partnerStoreWhere } from '../donation-api/auth/partner-scope';
import { todayCalendarDate } from '../lib/domain/dates';
import { bulkLoad, BRANCHES, DONATIONS, log, ms, quantile, run, YEAR, type BenchRow } from './bench-support';
import { seed } from './bench-seed';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rfp_bench_partner';
const RETAILER = '11111111-1111-4111-8111-111111111111';
const rows: BenchRow[] = [];

async function time(operation: string, fn: () => Promise<unknown>, note?: string) {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(ms(t0));
  }
  const row = { target: 'postgres', operation, median: quantile(samples, 0.5), p95: quantile(samples, 0.95), n: ITERATIONS, note };
  rows.push(row);
  log(`${operation}: median ${row.median.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms`);
}

async function scratchDatabase() {
  const name = new URL(PG_URL).pathname.slice(1);
  const admin = new URL(PG_URL);
  admin.pathname = '/postgres';
  const c = new Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.query(`create database ${name}`);
  await c.end();
  return async () => {
    const d = new Client({ connectionString: admin.toString() });
    await d.connect();
    await d.query(`drop database if exists ${name} with (force)`);
    await d.end();
  };
}

async function main() {
  const drop = await scratchDatabase();
  const handle = await openDb({ databaseUrl: PG_URL, poolSize: 10 });
  (handle.db as unknown as { $client: { on: (e: string, f: () => void) => void } }).$client.on('error', () => undefined);
  const db = handle.db;
  try {
    const t0 = performance.now();
    await bulkLoad(db, () => seed(db));
    const config = { ...configFromEnv({}), smtpUrl: undefined };
    const today = todayCalendarDate(new Date(), config.timeZone);
    // This year's months before the current one are submitted too (the seed submits last year's).
    await run(
      db,
      sql`insert into month_submissions (branch_id, year, month, submitted, submitted_at, submitted_by)
        select id, ${YEAR}::int, m, true, now(), 'bench@example.org' from branches, generate_series(1, ${today.month - 1}::int) m
        on conflict do nothing`,
    );
    await run(db, sql`vacuum analyze`);
    log(`seeded in ${Math.round(ms(t0) / 1000)} s`);
    const [user] = await run(
      db,
      sql`insert into users (username, email, login_type) values ('retail', 'retail@example.org', 1) returning id`,
    );
    await run(db, sql`insert into partner_access (user_id, retailer_id) values (${user.id}::uuid, ${RETAILER}::uuid)`);
    const log0 = pino({ level: 'silent' });
    const app = createDonationApi({
      db,
      config,
      mailer: createMailer({ db, log: log0, from: config.mailFrom }),
      log: log0,
      now: () => new Date(),
    });
    const { token } = await issueToken(db, user.id as string, 12, new Date());
    const headers = { authorization: `Bearer ${token}` };
    const get = async (p: string) => {
      const res = await app.request(p, { headers });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.text();
    };
    const [store] = await run(db, sql`select id from stores where retailer_id = ${RETAILER}::uuid limit 1`);
    const prev = today.month === 1 ? `${YEAR - 1}-12` : `${YEAR}-${String(today.month - 1).padStart(2, '0')}`;
    const size = (await get('/api/partner/figures')).length;
    const grant = { retailerId: RETAILER, bannerId: null, storeIds: [] };
    const fromKey = YEAR * 100 + 1;
    const toKey = YEAR * 100 + today.month;
    const categories = await categoriesOf(db);
    await time('floor: the per-store totals the figures read (one query, SQL only)', () =>
      submittedByStore(db, { where: partnerStoreWhere(grant), branches: false }, fromKey, toKey, categories),
    );
    await time(
      'GET /api/partner/figures (this year, every store)',
      () => get('/api/partner/figures'),
      `answer ${(size / 1024).toFixed(0)} kB`,
    );
    await time('GET /api/partner/figures?province=ON', () => get('/api/partner/figures?province=ON'));
    await time('GET /api/partner/figures?storeId= (one store)', () => get(`/api/partner/figures?storeId=${store.id}`));
    await time(`GET /api/partner/lines?month=${prev}`, () => get(`/api/partner/lines?month=${prev}`));
    await time('GET /api/partner/export?format=csv (this year)', () => get('/api/partner/export?format=csv'));
    const issue = async () =>
      app.request('/api/partner/statements', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ year: YEAR, month: today.month === 1 ? 1 : today.month - 1 }),
      });
    await time('POST /api/partner/statements (the kept one: figures read and compared)', issue);
    const lines = ['| operation (PostgreSQL) | median | p95 | runs | note |', '|---|---:|---:|---:|---|'];
    for (const r of rows) lines.push(`| ${r.operation} | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.n} | ${r.note ?? ''} |`);
    console.log(`\n${DONATIONS.toLocaleString('en-CA')} donations, ${BRANCHES} branches × 6 stores of one retailer`);
    console.log(
      `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB\n`,
    );
    console.log(lines.join('\n'));
  } finally {
    await handle.close();
    await drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
