// npm run bench:pickups - pickups at national scale on PostgreSQL: BENCH_BRANCHES branches (500), BENCH_STORES stores
// (1,500), one slot a store on three weekdays, a year of pickups with what was recorded for most of them
// (scripts/bench-pickups-seed.ts). In process, three rounds (BENCH_ROUNDS) of:
// 1. the daily digest (runPickupDigest) of every branch, the outbox mailer without SMTP (the mails are only queued);
//    goal at most 30 s;
// 2. the program's reliability (GET /api/program/reliability as a program administrator) of the last whole month and
//    the last whole quarter, by branch and by store, BENCH_CLIENTS (10) callers at once, each BENCH_CALLS (3) calls;
//    goal p50 at most 300 ms. The view keeps its answer until a write changes what it counts (pickups/reliability-cache.ts),
//    so each round starts right after a write (a store's row updated, which moves the version as any write does): its
//    first calls compute anew, together; and one call alone right after a write is timed too (the cold view);
// 3. a branch's pickups (GET /api/branch/{branchId}/pickups, the /pickups screen's read, its default dates) next to
//    the month page's list (GET /api/branch/{branchId}/donations/{year}/{month}, the last whole month), one after the
//    other, BENCH_SIDE_CALLS (40) pairs over 20 branches; goal: pickups' median at most 1.5 × the month's.
// Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/rfp_bench_pickups, dropped and created anew),
// BENCH_PARTS (digest,reliability,branch: the measures to run).
import './load-env';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createDonationApi } from '../donation-api/app';
import { issueToken } from '../donation-api/auth/tokens';
import { configFromEnv } from '../donation-api/config';
import type { Db } from '../donation-api/db/client';
import { createMailer } from '../donation-api/mail/mailer';
import { runPickupDigest } from '../donation-api/pickups/pickup-digest';
import { todayFrom } from '../lib/domain/pickups';
import { benchUsers, seedPickups } from './bench-pickups-seed';
import { log, quantile, run, scratchDatabase } from './bench-support';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rfp_bench_pickups';
const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 500);
const STORES = Number(process.env.BENCH_STORES ?? 1500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const CALLS = Number(process.env.BENCH_CALLS ?? 3);
const SIDE_CALLS = Number(process.env.BENCH_SIDE_CALLS ?? 40);
const PARTS = (process.env.BENCH_PARTS ?? 'digest,reliability,branch').split(',').map((p) => p.trim());
const SIDE_BRANCHES = 20;
const GOALS = { digestMs: 30_000, reliabilityP50: 300, ratio: 1.5 };

const NOW = new Date();
const fmt = (n: number) => n.toLocaleString('en-CA');
const msText = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(0)} ms`);
const verdict = (ok: boolean, over: string) => (ok ? '**met**' : `**not met** (${over})`);

type Get = (path: string, headers: Record<string, string>) => Promise<string>;

/** The last whole month and the last whole quarter before today's. */
function periods(today: string) {
  const [y, m] = today.split('-').map(Number);
  const month = m === 1 ? { year: y! - 1, month: 12 } : { year: y, month: m! - 1 };
  const q = Math.floor((m! - 1) / 3) + 1;
  const quarter = q === 1 ? { year: y! - 1, quarter: 4 } : { year: y, quarter: q - 1 };
  return { month, quarter };
}

async function digestRounds(db: Db, deps: Parameters<typeof runPickupDigest>[0]) {
  const lines = [
    '| round | time | branches mailed | unrecorded pickups listed | mails queued | goal ≤ 30 s |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (let r = 1; r <= ROUNDS; r++) {
    // Each round sends today's digests anew: the previous round's claims and queued mails are removed first.
    await run(db, sql`delete from pickup_digests_sent`);
    await run(db, sql`delete from sent_mail where kind = 'pickup-digest'`);
    const t0 = performance.now();
    const result = await runPickupDigest(deps, NOW, 'bench');
    const took = performance.now() - t0;
    const { n } = (await run(db, sql`select count(*)::int as n from sent_mail where kind = 'pickup-digest'`))[0]!;
    log(`digest round ${r}: ${msText(took)}, ${result.branches} branches, ${result.pickups} pickups, ${n} mails`);
    const over = `${(took / GOALS.digestMs).toFixed(2)} × the goal`;
    lines.push(
      `| ${r} | ${msText(took)} | ${fmt(result.branches)} | ${fmt(result.pickups)} | ${fmt(Number(n))} | ${verdict(took <= GOALS.digestMs, over)} |`,
    );
  }
  return lines;
}

async function reliabilityRounds(get: Get, headers: Record<string, string>, today: string, write: () => Promise<unknown>) {
  const { month, quarter } = periods(today);
  const queries = [
    { label: `month ${month.year}-${String(month.month).padStart(2, '0')}`, q: `year=${month.year}&month=${month.month}` },
    { label: `quarter ${quarter.year} Q${quarter.quarter}`, q: `year=${quarter.year}&quarter=${quarter.quarter}` },
  ].flatMap((p) =>
    ['branch', 'store'].map((g) => ({ label: `${p.label}, by ${g}`, path: `/api/program/reliability?${p.q}&groupBy=${g}` })),
  );
  const lines = [
    `| query | round | one call alone after a write | calls | p50 | p95 | answer | goal p50 ≤ 300 ms at ${CLIENTS} clients |`,
    '|---|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const { label, path } of queries) {
    const answer = JSON.parse(await get(path, headers)) as {
      rows: unknown[];
      total: { counts: { scheduled: number } };
      flagged: unknown[];
    };
    const size = `${fmt(answer.rows.length)} rows, ${fmt(answer.total.counts.scheduled)} pickups, ${fmt(answer.flagged.length)} flagged`;
    for (let r = 1; r <= ROUNDS; r++) {
      await write();
      const t0 = performance.now();
      await get(path, headers);
      const cold = performance.now() - t0;
      await write();
      const samples: number[] = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let k = 0; k < CALLS; k++) {
            const t0 = performance.now();
            await get(path, headers);
            samples.push(performance.now() - t0);
          }
        }),
      );
      const p50 = quantile(samples, 0.5);
      const p95 = quantile(samples, 0.95);
      log(`reliability ${label} round ${r}: p50 ${msText(p50)}, p95 ${msText(p95)}`);
      const over = `${(p50 / GOALS.reliabilityP50).toFixed(1)} × the goal`;
      lines.push(
        `| ${label} | ${r} | ${msText(cold)} | ${samples.length} | ${msText(p50)} | ${msText(p95)} | ${r === 1 ? size : ''} | ${verdict(p50 <= GOALS.reliabilityP50, over)} |`,
      );
    }
  }
  return lines;
}

async function branchRounds(get: Get, headers: Record<string, string>, branchIds: string[], today: string) {
  const { month } = periods(today);
  const monthPath = (b: string) => `/api/branch/${b}/donations/${month.year}/${month.month}`;
  const pickupsPath = (b: string) => `/api/branch/${b}/pickups`;
  const sizes = { donations: 0, pickups: 0 };
  for (const b of branchIds) {
    sizes.donations += (JSON.parse(await get(monthPath(b), headers)) as unknown[]).length;
    sizes.pickups += (JSON.parse(await get(pickupsPath(b), headers)) as unknown[]).length;
  }
  const lines = [
    `| round | pairs | month's list: median / p95 | pickups: median / p95 | pickups ÷ month (medians) | goal ≤ ${GOALS.ratio} × |`,
    '|---|---:|---:|---:|---:|---|',
  ];
  for (let r = 1; r <= ROUNDS; r++) {
    const times = { month: [] as number[], pickups: [] as number[] };
    for (let i = 0; i < SIDE_CALLS; i++) {
      const b = branchIds[i % branchIds.length];
      // Every other pair in the other order, so that neither call always runs with the other's warm cache.
      const pair = i % 2 ? (['pickups', 'month'] as const) : (['month', 'pickups'] as const);
      for (const which of pair) {
        const t0 = performance.now();
        await get(which === 'month' ? monthPath(b!) : pickupsPath(b!), headers);
        times[which].push(performance.now() - t0);
      }
    }
    const m = { median: quantile(times.month, 0.5), p95: quantile(times.month, 0.95) };
    const p = { median: quantile(times.pickups, 0.5), p95: quantile(times.pickups, 0.95) };
    const ratio = p.median / m.median;
    log(`branch round ${r}: month ${m.median.toFixed(1)} ms, pickups ${p.median.toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
    const over = `${(ratio / GOALS.ratio).toFixed(2)} × the goal`;
    lines.push(
      `| ${r} | ${SIDE_CALLS} | ${m.median.toFixed(1)} / ${m.p95.toFixed(1)} ms | ${p.median.toFixed(1)} / ${p.p95.toFixed(1)} ms | ${ratio.toFixed(2)} | ${verdict(ratio <= GOALS.ratio, over)} |`,
    );
  }
  const n = branchIds.length;
  const note = `Per call, on average: ${(sizes.donations / n).toFixed(0)} donations in the month's list (${month.year}-${month.month}), ${(sizes.pickups / n).toFixed(0)} pickups (the screen's default dates: 13 days back, 6 ahead).`;
  return [...lines, '', note];
}

async function main() {
  const config = { ...configFromEnv({}), smtpUrl: undefined };
  const today = todayFrom(NOW, config.timeZone);
  const { handle, cleanup } = await scratchDatabase('postgres', PG_URL, 10);
  const db = handle.db;
  try {
    const t0 = performance.now();
    const seeded = await seedPickups(db, { branches: BRANCHES, stores: STORES, today });
    const users = await benchUsers(db, SIDE_BRANCHES);
    const seedLine = `Seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${fmt(BRANCHES)} branches, ${fmt(seeded.slots)} slots, ${fmt(seeded.pickups)} past pickups (${fmt(seeded.donations)} with a donation, ${fmt(seeded.outcomes)} no food or missed, ${fmt(seeded.unrecorded)} with nothing), today ${today}.`;
    log(seedLine);
    const quiet = pino({ level: 'silent' });
    const mailer = createMailer({ db, log: quiet, from: config.mailFrom });
    const app = createDonationApi({ db, config, mailer, log: quiet, now: () => NOW });
    const bearer = async (userId: string) => ({ authorization: `Bearer ${(await issueToken(db, userId, 12, NOW)).token}` });
    const get: Get = async (path, headers) => {
      const res = await app.request(path, { headers });
      // Read as text, as a browser's fetch would receive it; parsed only where the answer's size is reported.
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
      return text;
    };
    // A write as the app makes them, to a table the reliability reads: its version moves on at the commit.
    const touchAStore = () => db.execute(sql`update stores set name = name where id = (select id from stores order by id limit 1)`);
    // Each table as soon as it is measured, so that a failure later keeps the earlier ones.
    const print = (title: string, lines: string[]) =>
      console.log(['', `### ${title} (load average ${os.loadavg()[0]!.toFixed(1)})`, '', ...lines].join('\n'));
    console.log(
      `\nNode ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB\n\n${seedLine}`,
    );
    if (PARTS.includes('digest')) print('The daily digest of every branch', await digestRounds(db, { db, mailer, log: quiet, config }));
    if (PARTS.includes('reliability'))
      print('The program’s reliability', await reliabilityRounds(get, await bearer(users.adminId), today, touchAStore));
    if (PARTS.includes('branch'))
      print('A branch’s pickups next to its month', await branchRounds(get, await bearer(users.branchUserId), users.branchIds, today));
  } finally {
    await handle.close();
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
