// The data set of npm run bench:api, made with set-based SQL (scripts/bench-api.ts times the calls on it).
import { sql } from 'drizzle-orm';
import type { Db } from '../donation-api/db/client';
import { ensureReferenceData } from '../donation-api/db/reference-data';
import { RFP_CAMPAIGN_ID } from '../lib/domain/enums';
import { BRANCHES, DONATIONS, EXPORT_ROWS, log, ms, now, PREV, run, STORES_PER_BRANCH, YEAR } from './bench-support';

/**
 * Set-based seed: branches (members since the first day of the data, so they owe every month of it), stores, a bench
 * user, donations over two years, two categories each. BENCH_BRANCHES and BENCH_DONATIONS unless given.
 */
export async function seed(db: Db, { branches = BRANCHES, donations = DONATIONS }: { branches?: number; donations?: number } = {}) {
  await ensureReferenceData(db);
  let t0 = performance.now();
  await run(
    db,
    sql`insert into retailers (id, name) values ('11111111-1111-4111-8111-111111111111', 'Loblaw Companies') on conflict do nothing`,
  );
  await run(
    db,
    sql`insert into banners (id, retailer_id, name) values ('22222222-2222-4222-8222-222222222222', '11111111-1111-4111-8111-111111111111', 'No Frills') on conflict do nothing`,
  );
  await run(
    db,
    sql`
    insert into branches (name, email, phone_number, province, city, address1, postal_code, created_at)
    select 'Bench Food Bank ' || g, 'bank' || g || '@example.org', '416-555-0100', (array['ON', 'QC', 'BC', 'AB', 'NS'])[1 + g % 5], 'Toronto', g || ' Main St', 'M5V 1A1',
      ${`${PREV}-01-01`}::timestamptz
    from generate_series(1, ${branches}::int) g`,
  );
  // The bench's own branches only: a database may hold others (bench:http's program part seeds the demo data first).
  await run(
    db,
    sql`create table bench_branch as select id, (row_number() over (order by id))::int - 1 as rn from branches where name like 'Bench Food Bank %'`,
  );
  await run(
    db,
    sql`
    create table bench_store as
    select b.id as branch_id, b.rn, k, gen_random_uuid() as store_id from bench_branch b, generate_series(0, ${STORES_PER_BRANCH - 1}::int) k`,
  );
  await run(
    db,
    sql`
    insert into stores (id, name, number, retailer_id, banner_id)
    select store_id, 'Store ' || rn || '-' || k, (1000 + k)::text, '11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222' from bench_store`,
  );
  await run(
    db,
    sql`insert into branch_stores (branch_id, store_id, campaign_id) select branch_id, store_id, ${RFP_CAMPAIGN_ID}::uuid from bench_store`,
  );
  await run(db, sql`create index on bench_store (rn, k)`);
  log(`branches and stores in ${Math.round(ms(t0))} ms`);

  // Donations in chunks, so neither database builds one huge statement result.
  t0 = performance.now();
  const days = Math.floor((Date.UTC(YEAR, now.getUTCMonth(), now.getUTCDate()) - Date.UTC(PREV, 0, 1)) / 86400000) + 1;
  const chunk = 100_000;
  for (let start = 0; start < donations; start += chunk) {
    const end = Math.min(donations, start + chunk) - 1;
    await run(
      db,
      sql`
      insert into donations (id, branch_id, campaign_id, store_id, date, source, weight, weight_unit, weight_in_pounds, ghg_kg_co2e, ghg_factor_version, created_by, updated_by)
      select gen_random_uuid(), s.branch_id, ${RFP_CAMPAIGN_ID}::uuid, s.store_id,
        ${`${PREV}-01-01`}::date + ((g * 7919) % ${days}::int)::int, (g % 3 = 0)::int, w, 1, w, w * 0.6, 1, 'bench@example.org', 'bench@example.org'
      from generate_series(${start}::bigint, ${end}::bigint) g
      cross join lateral (select (20 + (g * 37) % 800)::float8 as w) weight
      join bench_store s on s.rn = (g % ${branches}::int)::int and s.k = ((g / ${branches}::int) % ${STORES_PER_BRANCH}::int)::int`,
    );
    log(`donations ${end + 1}/${donations} (${Math.round(ms(t0) / 1000)} s)`);
  }
  t0 = performance.now();
  await run(
    db,
    sql`
    insert into donation_categories (donation_id, category_id, fraction)
    select id, c.category_id, c.fraction from donations d
    cross join lateral (values (1 + (abs(hashtext(d.id::text)) % 4), 0.6::float8), (5 + (abs(hashtext(d.id::text)) % 3), 0.4::float8)) c(category_id, fraction)
    where d.created_by = 'bench@example.org'`,
  );
  log(`donation categories in ${Math.round(ms(t0) / 1000)} s`);
  await run(
    db,
    sql`
    insert into month_submissions (branch_id, year, month, submitted, submitted_at, submitted_by)
    select id, ${PREV}::int, m, true, now(), 'bench@example.org' from bench_branch, generate_series(1, 12) m`,
  );
  await run(db, sql`drop table bench_store`);
  await run(db, sql`drop table bench_branch`);
  // vacuum, not only analyze: a settled table (as autovacuum leaves it) lets the program month view scan its index only.
  await run(db, sql`vacuum analyze`);
}

/** One more branch with EXPORT_ROWS donations in the current year: the export must stream them. */
export async function seedExportBranch(db: Db): Promise<string> {
  const [b] = await run(db, sql`insert into branches (name) values ('Big Export Food Bank, "Main"') returning id`);
  const [st] = await run(
    db,
    sql`insert into stores (name, number, retailer_id, banner_id) values ('Queen St W', '3021', '11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222') returning id`,
  );
  await run(db, sql`insert into branch_stores (branch_id, store_id, campaign_id) values (${b!.id}, ${st!.id}, ${RFP_CAMPAIGN_ID}::uuid)`);
  await run(
    db,
    sql`
    insert into donations (branch_id, campaign_id, store_id, date, source, weight, weight_unit, weight_in_pounds)
    select ${b!.id}::uuid, ${RFP_CAMPAIGN_ID}::uuid, ${st!.id}::uuid, ${`${YEAR}-01-01`}::date + (g % 300), g % 2, 100, 1, 100 from generate_series(1, ${EXPORT_ROWS}::int) g`,
  );
  await run(
    db,
    sql`
    insert into donation_categories (donation_id, category_id, fraction)
    select id, c.category_id, c.fraction from donations d cross join lateral (values (1, 0.5::float8), (5, 0.5::float8)) c(category_id, fraction)
    where d.branch_id = ${b!.id}::uuid`,
  );
  await run(db, sql`analyze donations`);
  return b!.id as string;
}
