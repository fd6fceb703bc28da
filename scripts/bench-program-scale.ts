// npm run bench:program - the program's screens against the number of donations: 500 branches (BENCH_BRANCHES)
// with BENCH_SCALE_SMALL donations in the year (default 100,000), then with BENCH_SCALE_LARGE (default 5,000,000),
// on PostgreSQL (BENCH_TARGETS=pglite,postgres adds the embedded database; loading 5 M rows there takes long). It
// times the month view (GET /api/program/oversight), the totals (GET /api/program/totals) and a retail partner's
// figures of the year (GET /api/partner/figures, the retailer of every store) as the API computes them, in process.
// All read the running totals, so the large program should cost about the same as the small one (goal: large ≤ 1.3 ×
// small).
import { sql } from 'drizzle-orm';
import type { Db } from '../donation-api/db/client';
import { ensureReferenceData } from '../donation-api/db/reference-data';
import { oversightMonth } from '../donation-api/program/program-oversight';
import { programTotals } from '../donation-api/program/program-totals';
import { partnerFigures } from '../donation-api/partners/partner-figures';
import { RFP_CAMPAIGN_ID } from '../lib/domain/enums';
import { bulkLoad, run, scratchDatabase, timeRuns } from './bench-support';

const SMALL = Number(process.env.BENCH_SCALE_SMALL ?? 100_000);
const LARGE = Number(process.env.BENCH_SCALE_LARGE ?? 5_000_000);
const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 500);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres').split(',').map((t) => t.trim());
const PG_URL = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rfp_bench_program';
const YEAR = new Date().getUTCFullYear() - 1;
const TZ = 'America/Toronto';
const ADMIN = { role: 'admin' as const, provinces: [] };
const PROVINCES = ['ON', 'QC', 'BC', 'AB', 'NS', 'MB', 'SK', 'NB', 'NL', 'PE'];

const log = (msg: string) => console.error(`[bench-program ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** BRANCHES branches (created two years ago, so they owe every month of the year), each with one store. */
async function makeBranches(db: Db): Promise<void> {
  const [r] = await run(db, sql`insert into retailers (name) values ('Loblaw Companies') returning id`);
  await run(
    db,
    sql`with b as (
      insert into branches (name, province, created_at)
      select 'Food Bank ' || g, (${`{${PROVINCES.join(',')}}`}::text[])[1 + g % 10], now() - interval '2 years' from generate_series(1, ${BRANCHES}::int) g
      returning id)
    insert into stores (name, number, retailer_id) select 'Store of ' || b.id, '1', ${r!.id}::uuid from b`,
  );
  // Each branch serves its own store and has submitted every month of the year: a partner's figures count those.
  await run(
    db,
    sql`insert into branch_stores (branch_id, store_id, campaign_id)
      select b.id, s.id, ${RFP_CAMPAIGN_ID}::uuid from branches b join stores s on s.name = 'Store of ' || b.id`,
  );
  await run(
    db,
    sql`insert into month_submissions (branch_id, year, month, submitted, submitted_at, submitted_by)
      select id, ${YEAR}::int, m, true, now(), 'bench@example.org' from branches, generate_series(1, 12) m`,
  );
}

/** Adds donations numbered from `start` to `end`, spread over every branch and every day of the year. */
async function addDonations(db: Db, start: number, end: number): Promise<void> {
  for (let from = start; from < end; from += 250_000) {
    const to = Math.min(end, from + 250_000);
    await run(
      db,
      sql`with b as (select b.id, s.id as store_id, row_number() over (order by b.id) - 1 as i
          from branches b join branch_stores bs on bs.branch_id = b.id join stores s on s.id = bs.store_id),
        added as (
          insert into donations (branch_id, campaign_id, store_id, date, source, weight, weight_unit, weight_in_pounds, ghg_kg_co2e)
          select b.id, ${RFP_CAMPAIGN_ID}::uuid, b.store_id, ${`${YEAR}-01-01`}::date + (g % 365), g % 2, 20 + g % 700, 1, 20 + g % 700, 1
          from generate_series(${from + 1}::int, ${to}::int) g join b on b.i = g % ${BRANCHES}::int
          returning id)
      insert into donation_categories (donation_id, category_id, fraction)
      select a.id, c.category_id, c.fraction from added a
      cross join lateral (values (1 + (abs(hashtext(a.id::text)) % 4), 0.6::float8), (5, 0.4::float8)) c(category_id, fraction)`,
    );
    log(`${to.toLocaleString('en-CA')} donations`);
  }
}

type Measure = { median: number; p95: number };

async function measure(db: Db): Promise<{ month: Measure; totals: Measure; partner: Measure }> {
  await run(db, sql`analyze`);
  const today = { year: YEAR + 1, month: 1, day: 15 };
  const month = await timeRuns((i) => oversightMonth(db, ADMIN, { year: YEAR, month: 1 + (i % 12) }, today, TZ), ITERATIONS);
  const totals = await timeRuns((i) => programTotals(db, ADMIN, YEAR, 1 + (i % 12), TZ), ITERATIONS);
  // The retailer of every store (a 500-store chain), its whole year computed from scratch (the screen keeps it).
  const [retailer] = await run(db, sql`select id from retailers where name = 'Loblaw Companies'`);
  const grant = { retailerId: String(retailer!.id), bannerId: null, storeIds: [] };
  const year = { from: `${YEAR}-01`, to: `${YEAR}-12`, fromKey: YEAR * 100 + 1, toKey: YEAR * 100 + 12 };
  const partner = await timeRuns(() => partnerFigures({ db, config: { timeZone: TZ } }, grant, {}, year), ITERATIONS);
  return { month, totals, partner };
}

async function main() {
  const rows: string[] = [];
  for (const target of TARGETS) {
    const { handle, cleanup } = await scratchDatabase(target, PG_URL);
    try {
      const db = handle.db;
      await ensureReferenceData(db);
      await makeBranches(db);
      await bulkLoad(db, () => addDonations(db, 0, SMALL));
      const small = await measure(db);
      await bulkLoad(db, () => addDonations(db, SMALL, LARGE));
      const large = await measure(db);
      const line = (what: string, a: Measure, b: Measure) =>
        `| ${target} | ${what} | ${a.median.toFixed(1)} / ${a.p95.toFixed(1)} ms | ${b.median.toFixed(1)} / ${b.p95.toFixed(1)} ms | ${(b.median / a.median).toFixed(2)} |`;
      rows.push(
        line('month view (`oversightMonth`)', small.month, large.month),
        line('totals (`programTotals`)', small.totals, large.totals),
        line('a partner’s figures, its 500 stores’ year (`partnerFigures`)', small.partner, large.partner),
      );
    } finally {
      await handle.close();
      await cleanup();
    }
  }
  const fmt = (n: number) => n.toLocaleString('en-CA');
  console.log(
    `\n| database | ${fmt(BRANCHES)} branches, in process | ${fmt(SMALL)} donations: median / p95 | ${fmt(LARGE)} donations | × (medians) |`,
  );
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
