import { sql } from 'drizzle-orm';
import { formatCalendarDate } from '@/lib/domain/dates';
import { foodPoundsOf, mealsFromPounds } from '@/lib/domain/impact';
import type { MonthPounds, MonthSummary, PeriodTotals, StoreUsage, YearSummary } from '@/lib/domain/summary';
import type { DbOrTx } from '../db/client';
import { notFound } from '../errors';
import { queryRows } from '../db/sql-rows';

// Totals for the month page, the monthly reports, the printable report and the store shortcuts. Every
// program counts, as in the monthly report rows; figures are computed in SQL, one branch at a time.

type Range = { from: string; to: string };

function yearRange(year: number): Range {
  return { from: `${year}-01-01`, to: `${year + 1}-01-01` };
}

export function monthRangeOf(year: number, month: number): Range {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { from: formatCalendarDate({ year, month, day: 1 }), to: formatCalendarDate({ ...next, day: 1 }) };
}

const num = (v: unknown) => Number(v ?? 0);

/** Count, pounds (front, back, food), gas figure, meals and the category mix of a branch's donations in [from, to). */
export async function periodTotals(db: DbOrTx, branchId: string, range: Range): Promise<PeriodTotals> {
  const inRange = sql`d.branch_id = ${branchId}::uuid and d.date >= ${range.from}::date and d.date < ${range.to}::date`;
  const [[t], cats] = await Promise.all([
    queryRows<{ n: number; total: number; front: number; back: number; ghg: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(d.weight_in_pounds), 0)::float8 as total,
        coalesce(sum(case when d.source = 1 then d.weight_in_pounds else 0 end), 0)::float8 as front,
        coalesce(sum(case when d.source = 0 then d.weight_in_pounds else 0 end), 0)::float8 as back,
        coalesce(sum(d.ghg_kg_co2e), 0)::float8 as ghg
      from donations d where ${inRange}`,
    ),
    queryRows<{ id: number; name: string; name_fr: string; display_order: number; lbs: number; shares: number }>(
      db,
      sql`select c.id, c.name, c.name_fr, c.display_order,
        coalesce(sum(d.weight_in_pounds * dc.fraction), 0)::float8 as lbs, coalesce(sum(dc.fraction), 0)::float8 as shares
      from donations d join donation_categories dc on dc.donation_id = d.id join categories c on c.id = dc.category_id
      where ${inRange}
      group by c.id, c.name, c.name_fr, c.display_order
      order by c.display_order`,
    ),
  ]);
  const count = num(t?.n);
  const total = num(t?.total);
  const categories = cats.map((c) => ({
    categoryId: num(c.id),
    name: c.name,
    nameFr: c.name_fr,
    displayOrder: num(c.display_order),
    pounds: num(c.lbs),
    share: total > 0 ? num(c.lbs) / total : count > 0 ? num(c.shares) / count : 0,
  }));
  const foodPounds = foodPoundsOf(categories);
  return {
    count,
    totalPounds: total,
    frontStorePounds: num(t?.front),
    backStorePounds: num(t?.back),
    foodPounds,
    ghgKgCo2e: num(t?.ghg),
    meals: mealsFromPounds(foodPounds),
    categories,
  };
}

/** Twelve rows (January first) of count, front and back pounds and gas figure. */
async function monthsOfYear(db: DbOrTx, branchId: string, year: number): Promise<MonthPounds[]> {
  const { from, to } = yearRange(year);
  const rows = await queryRows<{ month: number; n: number; front: number; back: number; ghg: number }>(
    db,
    sql`select extract(month from d.date)::int as month, count(*)::int as n,
      coalesce(sum(case when d.source = 1 then d.weight_in_pounds else 0 end), 0)::float8 as front,
      coalesce(sum(case when d.source = 0 then d.weight_in_pounds else 0 end), 0)::float8 as back,
      coalesce(sum(d.ghg_kg_co2e), 0)::float8 as ghg
    from donations d where d.branch_id = ${branchId}::uuid and d.date >= ${from}::date and d.date < ${to}::date
    group by 1`,
  );
  const byMonth = new Map(rows.map((r) => [num(r.month), r]));
  return Array.from({ length: 12 }, (_, i) => {
    const r = byMonth.get(i + 1);
    return { month: i + 1, count: num(r?.n), frontStorePounds: num(r?.front), backStorePounds: num(r?.back), ghgKgCo2e: num(r?.ghg) };
  });
}

/** The year's totals and months, with the previous year's beside them for the chart. */
export async function yearSummary(db: DbOrTx, branchId: string, year: number): Promise<YearSummary> {
  const [totals, months, prevTotals, prevMonths] = await Promise.all([
    periodTotals(db, branchId, yearRange(year)),
    monthsOfYear(db, branchId, year),
    periodTotals(db, branchId, yearRange(year - 1)),
    monthsOfYear(db, branchId, year - 1),
  ]);
  return { year, totals, months, previousYear: { year: year - 1, totals: prevTotals, months: prevMonths } };
}

/** A month's totals with its branch and submission (who, when, comments): the printable report's head. */
export async function monthSummary(db: DbOrTx, branchId: string, year: number, month: number): Promise<MonthSummary> {
  const [[head], totals] = await Promise.all([
    queryRows<{
      name: string;
      submitted: boolean | null;
      submitted_at: Date | string | null;
      submitter: string | null;
      comments: string | null;
    }>(
      db,
      sql`select b.name, ms.submitted, ms.submitted_at, coalesce(u.username, ms.submitted_by) as submitter, ms.comments
      from branches b
      left join month_submissions ms on ms.branch_id = b.id and ms.year = ${year} and ms.month = ${month}
      left join users u on u.id = ms.submitted_by_user_id
      where b.id = ${branchId}::uuid`,
    ),
    periodTotals(db, branchId, monthRangeOf(year, month)),
  ]);
  if (!head) throw notFound();
  const submitted = Boolean(head.submitted);
  return {
    branchId,
    branchName: head.name,
    year,
    month,
    totals,
    submitted,
    submittedAt: submitted && head.submitted_at ? new Date(head.submitted_at).toISOString() : null,
    submittedBy: submitted ? head.submitter : null,
    comments: submitted ? head.comments : null,
  };
}

/**
 * Stores the branch is still served by, most used first: use count, the last donation (to repeat it) and
 * the median pounds of the last 50 donations above 0 lbs (to warn about an unusual weight).
 */
export async function storeUsage(db: DbOrTx, branchId: string): Promise<StoreUsage[]> {
  const rows = await queryRows<{
    id: string;
    store_id: string;
    campaign_id: string;
    date: string;
    source: number;
    weight: number;
    weight_unit: number;
    weight_in_pounds: number;
    uses: number;
    median: number | null;
    cats: { categoryId: number; fraction: number }[] | string | null;
  }>(
    db,
    sql`
    with d as (
      select d.id, d.store_id, d.campaign_id, d.date, d.source, d.weight, d.weight_unit, d.weight_in_pounds,
        row_number() over (partition by d.store_id, d.campaign_id order by d.date desc, d.created_at desc, d.id desc) as rn,
        count(*) over (partition by d.store_id, d.campaign_id) as uses
      from donations d
      join branch_stores bs on bs.branch_id = d.branch_id and bs.store_id = d.store_id and bs.campaign_id = d.campaign_id
      where d.branch_id = ${branchId}::uuid
    ),
    m as (
      select store_id, campaign_id, percentile_cont(0.5) within group (order by weight_in_pounds)::float8 as median
      from d where rn <= 50 and weight_in_pounds > 0 group by store_id, campaign_id
    )
    select d.id, d.store_id, d.campaign_id, to_char(d.date, 'YYYY-MM-DD') as date, d.source, d.weight, d.weight_unit,
      d.weight_in_pounds, d.uses::int as uses, m.median,
      (select json_agg(json_build_object('categoryId', dc.category_id, 'fraction', dc.fraction) order by dc.category_id)
        from donation_categories dc where dc.donation_id = d.id) as cats
    from d left join m on m.store_id = d.store_id and m.campaign_id = d.campaign_id
    where d.rn = 1
    order by d.uses desc, d.date desc, d.store_id`,
  );
  return rows.map((r) => {
    const cats = typeof r.cats === 'string' ? (JSON.parse(r.cats) as { categoryId: number; fraction: number }[]) : (r.cats ?? []);
    return {
      storeId: r.store_id,
      campaignId: r.campaign_id,
      uses: num(r.uses),
      medianPounds: r.median === null ? null : num(r.median),
      last: {
        id: r.id,
        date: r.date,
        source: num(r.source),
        weight: num(r.weight),
        weightUnit: num(r.weight_unit),
        weightInPounds: num(r.weight_in_pounds),
        categories: cats.map((c) => ({ categoryId: num(c.categoryId), fraction: num(c.fraction) })),
      },
    };
  });
}
