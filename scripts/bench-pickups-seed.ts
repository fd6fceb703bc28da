// The data of npm run bench:pickups (scripts/bench-pickups.ts), set-based: BRANCHES branches in ten provinces, STORES
// stores of one retailer (each served by one branch, every fourth backed up by the next branch), one slot a store on
// three weekdays (Mon-Wed-Fri or Tue-Thu-Sat) started a year and a week before today, and what was recorded for every
// pickup before today: 85 % a donation (linked), 5 % no food, 3 % missed, 7 % nothing (unrecorded). Each branch has
// a member with an e-mail (English or French) who receives its digest.
import { sql } from 'drizzle-orm';
import type { Db } from '../donation-api/db/client';
import { ensureReferenceData } from '../donation-api/db/reference-data';
import { addDays } from '../lib/domain/pickups';
import { RFP_CAMPAIGN_ID } from '../lib/domain/enums';
import { bulkLoad, run } from './bench-support';

const PROVINCES = ['ON', 'QC', 'BC', 'AB', 'NS', 'MB', 'SK', 'NB', 'NL', 'PE'];
/** The days of history before today: a year and a week, so that every month and quarter of the last year is whole. */
const HISTORY_DAYS = 371;

const branchId = (n: string) => sql.raw(`('00000000-0000-4000-8000-' || lpad((${n})::text, 12, '0'))::uuid`);
const storeId = (n: string) => sql.raw(`('00000000-0000-4000-9000-' || lpad((${n})::text, 12, '0'))::uuid`);

export type PickupsSeed = { slots: number; pickups: number; donations: number; outcomes: number; unrecorded: number };

export async function seedPickups(db: Db, o: { branches: number; stores: number; today: string }): Promise<PickupsSeed> {
  await ensureReferenceData(db);
  const { branches, stores } = o;
  const [retailer] = await run(db, sql`insert into retailers (name) values ('National Grocer') returning id`);
  await run(
    db,
    sql`insert into branches (id, name, province, created_at)
      select ${branchId('g')}, 'Food Bank ' || lpad(g::text, 3, '0'), (${`{${PROVINCES.join(',')}}`}::text[])[1 + g % 10],
        now() - interval '2 years'
      from generate_series(1, ${branches}::int) g`,
  );
  await run(
    db,
    sql`insert into stores (id, name, number, retailer_id)
      select ${storeId('g')}, 'Store ' || g, g::text, ${retailer!.id}::uuid from generate_series(1, ${stores}::int) g`,
  );
  await run(
    db,
    sql`insert into branch_stores (branch_id, store_id, campaign_id)
      select ${branchId(`1 + (g - 1) % ${branches}`)}, ${storeId('g')}, ${RFP_CAMPAIGN_ID}::uuid from generate_series(1, ${stores}::int) g`,
  );
  await run(
    db,
    sql`insert into pickup_slots (store_id, branch_id, backup_branch_id, weekdays, window_start, window_end, every_weeks, starts_on)
      select ${storeId('g')}, ${branchId(`1 + (g - 1) % ${branches}`)},
        case when g % 4 = 0 then ${branchId(`1 + g % ${branches}`)} end,
        case when g % 2 = 0 then '{1,3,5}'::smallint[] else '{2,4,6}'::smallint[] end,
        case when g % 3 = 0 then '13:00' else '09:00' end, case when g % 3 = 0 then '15:00' else '11:30' end,
        1, ${addDays(o.today, -HISTORY_DAYS)}::date
      from generate_series(1, ${stores}::int) g`,
  );
  // Every pickup before today, with a bucket 0..99 from its key that says what was recorded for it. A table of its
  // own, not a temporary one: the pool's next statement may run on another connection.
  await run(
    db,
    sql`create unlogged table bench_pickups as
      select ps.id as slot_id, ps.store_id, ps.branch_id, d::date as pickup_date, gen_random_uuid() as donation_id,
        abs(hashtext(ps.id::text || d::date::text)) % 100 as k
      from pickup_slots ps
      cross join generate_series(ps.starts_on::timestamp, ${addDays(o.today, -1)}::timestamp, interval '1 day') d
      where extract(isodow from d)::smallint = any(ps.weekdays)`,
  );
  await bulkLoad(db, async () => {
    await run(
      db,
      sql`insert into donations (id, branch_id, campaign_id, store_id, date, source, weight, weight_unit, weight_in_pounds, ghg_kg_co2e)
        select donation_id, branch_id, ${RFP_CAMPAIGN_ID}::uuid, store_id, pickup_date, 0, 40 + k * 7, 1, 40 + k * 7, 1
        from bench_pickups where k < 85`,
    );
    await run(
      db,
      sql`insert into donation_categories (donation_id, category_id, fraction)
        select donation_id, c.category_id, c.fraction from bench_pickups
        cross join lateral (values (1 + k % 4, 0.6::float8), (5, 0.4::float8)) c(category_id, fraction) where k < 85`,
    );
  });
  await run(
    db,
    sql`insert into pickup_donations (donation_id, slot_id, pickup_date) select donation_id, slot_id, pickup_date from bench_pickups where k < 85`,
  );
  await run(
    db,
    sql`insert into pickup_outcomes (slot_id, pickup_date, branch_id, outcome, reason)
      select slot_id, pickup_date, branch_id, case when k < 90 then 'no_food' else 'missed' end,
        case when k < 90 then null else (array['truck', 'staff', 'weather'])[k - 89] end
      from bench_pickups where k between 85 and 92`,
  );
  // A member of each branch who receives its reminders and digests, every other one in French.
  await run(
    db,
    sql`with u as (
        insert into users (username, email, login_type, locale)
        select 'member-' || g, 'member-' || g || '@example.org', 1, case when g % 2 = 0 then 'fr' else 'en' end
        from generate_series(1, ${branches}::int) g returning id, username)
      insert into user_branches (user_id, branch_id, position)
      select id, ${branchId(`substr(username, 8)::int`)}, 0 from u`,
  );
  const [counts] = await run(
    db,
    sql`select (select count(*) from pickup_slots)::int as slots, count(*)::int as pickups,
      count(*) filter (where k < 85)::int as donations, count(*) filter (where k between 85 and 92)::int as outcomes,
      count(*) filter (where k > 92)::int as unrecorded from bench_pickups`,
  );
  await run(db, sql`drop table bench_pickups`);
  await run(db, sql`analyze`);
  return counts as PickupsSeed;
}

/** The members of the first `n` branches' token user (opted out of reminders, so it adds no mail) and a program admin. */
export async function benchUsers(db: Db, n: number) {
  const [branchUser] = await run(
    db,
    sql`insert into users (username, email, login_type, reminders_opt_out) values ('bench', 'bench@example.org', 1, true) returning id`,
  );
  await run(
    db,
    sql`insert into user_branches (user_id, branch_id, position)
      select ${branchUser!.id}::uuid, ${branchId('g')}, g - 1 from generate_series(1, ${n}::int) g`,
  );
  const [admin] = await run(
    db,
    sql`insert into users (username, email, login_type) values ('bench-admin', 'bench-admin@example.org', 1) returning id`,
  );
  await run(db, sql`insert into program_roles (user_id, role) values (${admin!.id}::uuid, 'admin')`);
  const branchIds = (await run(db, sql`select id from branches order by name limit ${n}::int`)).map((r) => r.id as string);
  return { branchUserId: branchUser!.id as string, adminId: admin!.id as string, branchIds };
}
