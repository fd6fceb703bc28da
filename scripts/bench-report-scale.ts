// Part of npm run bench:api - the monthly report's cost against the size of the branch-year it reports on: one branch
// with BENCH_SCALE_SMALL donations in the year (default 100,000), one with BENCH_SCALE_LARGE (default 5,000,000), on each
// target. The report reads the running month totals, so both should cost about the same (goal: large ≤ 1.3 × small);
// the same report computed from the donations is timed beside it for contrast.
import { sql } from 'drizzle-orm';
import type { Db } from '../donation-api/db/client';
import { ensureReferenceData } from '../donation-api/db/reference-data';
import { monthlyReportFromDonationsSql, monthlyReportSql } from '../donation-api/donations/reports';
import { RFP_CAMPAIGN_ID } from '../lib/domain/enums';
import { bulkLoad, run, scratchDatabase, timeRuns } from './bench-support';

const SMALL = Number(process.env.BENCH_SCALE_SMALL ?? 100_000);
const LARGE = Number(process.env.BENCH_SCALE_LARGE ?? 5_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((t) => t.trim());
const PG_URL = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rfp_bench_scale';
const YEAR = new Date().getUTCFullYear() - 1;

const log = (msg: string) => console.error(`[bench-scale ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function branchWith(db: Db, name: string, donations: number): Promise<string> {
  const [b] = await run(db, sql`insert into branches (name, province) values (${name}, 'ON') returning id`);
  const [r] = await run(db, sql`insert into retailers (name) values ('Loblaw Companies') returning id`);
  const [st] = await run(db, sql`insert into stores (name, number, retailer_id) values ('Queen St W', '1', ${r!.id}::uuid) returning id`);
  for (let start = 0; start < donations; start += 250_000) {
    const end = Math.min(donations, start + 250_000);
    await run(
      db,
      sql`insert into donations (branch_id, campaign_id, store_id, date, source, weight, weight_unit, weight_in_pounds, ghg_kg_co2e)
      select ${b!.id}::uuid, ${RFP_CAMPAIGN_ID}::uuid, ${st!.id}::uuid, ${`${YEAR}-01-01`}::date + (g % 365), g % 2, 20 + g % 700, 1, 20 + g % 700, 1
      from generate_series(${start + 1}::int, ${end}::int) g`,
    );
    log(`${name}: ${end.toLocaleString('en-CA')} donations`);
  }
  await run(
    db,
    sql`insert into donation_categories (donation_id, category_id, fraction)
    select id, c.category_id, c.fraction from donations d cross join lateral (values (1 + (abs(hashtext(d.id::text)) % 4), 0.6::float8), (5, 0.4::float8)) c(category_id, fraction)
    where d.branch_id = ${b!.id}::uuid`,
  );
  return b!.id as string;
}

async function main() {
  const rows: string[] = [];
  for (const target of TARGETS) {
    const { handle, cleanup } = await scratchDatabase(target, PG_URL);
    try {
      const db = handle.db;
      await ensureReferenceData(db);
      let small = '';
      let large = '';
      await bulkLoad(db, async () => {
        small = await branchWith(db, 'Small Food Bank', SMALL);
        large = await branchWith(db, 'Large Food Bank', LARGE);
      });
      await run(db, sql`analyze`);
      const fast = [(await timeRuns(() => run(db, monthlyReportSql(small, YEAR)), ITERATIONS)).median];
      fast.push((await timeRuns(() => run(db, monthlyReportSql(large, YEAR)), ITERATIONS)).median);
      const n = Math.max(3, Math.round(ITERATIONS / 20));
      const slow = [(await timeRuns(() => run(db, monthlyReportFromDonationsSql(small, YEAR)), n)).median];
      slow.push((await timeRuns(() => run(db, monthlyReportFromDonationsSql(large, YEAR)), n)).median);
      rows.push(
        `| ${target} | report from the running totals | ${fast[0]!.toFixed(2)} ms | ${fast[1]!.toFixed(2)} ms | ${(fast[1]! / fast[0]!).toFixed(2)} |`,
        `| ${target} | the same report from the donations | ${slow[0]!.toFixed(1)} ms | ${slow[1]!.toFixed(1)} ms | ${(slow[1]! / slow[0]!).toFixed(1)} |`,
      );
    } finally {
      await handle.close();
      await cleanup();
    }
  }
  const fmt = (n: number) => n.toLocaleString('en-CA');
  console.log(`\n| database | monthly report of one branch-year | ${fmt(SMALL)} donations | ${fmt(LARGE)} donations | × |`);
  console.log('|---|---|---:|---:|---:|');
  for (const r of rows) console.log(r);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
