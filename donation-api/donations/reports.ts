import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/sql-rows';
import { monthSubmissions } from '../db/schema';

export type { MonthlyReport } from '@/lib/domain/answers';
import type { MonthlyReport } from '@/lib/domain/answers';

/**
 * The twelve rows of both report queries below, from their CTEs `w` (a month's pounds by source, total and count)
 * and `c` (a month's pounds and shares by category name).
 */
function reportRows(branchId: string, year: number) {
  return sql`
    select m.month,
      coalesce(w.front, 0)::float8 as front,
      coalesce(w.back, 0)::float8 as back,
      coalesce(jsonb_object_agg(c.name, case when w.total > 0 then c.lbs / w.total else c.shares / w.n end)
        filter (where c.name is not null), '{}'::jsonb) as categories,
      coalesce(ms.submitted, false) as submitted,
      case when not coalesce(ms.submitted, false) then ms.reopened_at end as reopened_at
    from months m
    left join w on w.month = m.month
    left join c on c.month = m.month
    left join month_submissions ms on ms.branch_id = ${branchId}::uuid and ms.year = ${year} and ms.month = m.month
    group by m.month, w.front, w.back, ms.submitted, ms.reopened_at
    order by m.month`;
}

/**
 * The twelve report rows of a branch's year in one statement, from the running totals (month_totals and
 * month_category_totals, kept by triggers with every donation write): the cost follows months and categories, not
 * donations. Every program counts (campaign donations are front-of-store food too). Category shares are weighted by
 * pounds; a month whose donations all weigh 0 (only "No Donation") falls back to the plain mean of the shares.
 */
export function monthlyReportSql(branchId: string, year: number) {
  return sql`
    with months as (select generate_series(1, 12) as month),
    w as (
      select month,
        sum(case when source = 1 then pounds else 0 end)::float8 as front,
        sum(case when source = 0 then pounds else 0 end)::float8 as back,
        sum(pounds)::float8 as total,
        sum(donation_count)::int as n
      from month_totals where branch_id = ${branchId}::uuid and year = ${year}
      group by month having sum(donation_count) > 0
    ),
    c as (
      select t.month, cat.name, sum(t.pounds)::float8 as lbs, sum(t.shares)::float8 as shares
      from month_category_totals t join categories cat on cat.id = t.category_id
      where t.branch_id = ${branchId}::uuid and t.year = ${year}
      group by t.month, cat.name having sum(t.row_count) > 0
    )
    ${reportRows(branchId, year)}`;
}

/** The same report computed from the donations themselves: the reference the running totals are checked against. */
export function monthlyReportFromDonationsSql(branchId: string, year: number) {
  const from = `${year}-01-01`;
  const to = `${year + 1}-01-01`;
  return sql`
    with months as (select generate_series(1, 12) as month),
    d as (
      select d.id, extract(month from d.date)::int as month, d.source, d.weight_in_pounds
      from donations d
      where d.branch_id = ${branchId}::uuid and d.date >= ${from}::date and d.date < ${to}::date
    ),
    w as (
      select month,
        sum(case when source = 1 then weight_in_pounds else 0 end)::float8 as front,
        sum(case when source = 0 then weight_in_pounds else 0 end)::float8 as back,
        sum(weight_in_pounds)::float8 as total,
        count(*)::int as n
      from d group by month
    ),
    c as (
      select d.month, cat.name, sum(d.weight_in_pounds * dc.fraction)::float8 as lbs, sum(dc.fraction)::float8 as shares
      from d join donation_categories dc on dc.donation_id = d.id join categories cat on cat.id = dc.category_id
      group by d.month, cat.name
    )
    ${reportRows(branchId, year)}`;
}

export async function monthlyReports(db: DbOrTx, branchId: string, year: number, fromDonations = false): Promise<MonthlyReport[]> {
  const res = await queryRows<{
    month: number;
    front: number;
    back: number;
    categories: Record<string, number> | string;
    submitted: boolean;
    reopened_at: string | Date | null;
  }>(db, (fromDonations ? monthlyReportFromDonationsSql : monthlyReportSql)(branchId, year));
  return res.map((r) => ({
    year,
    month: Number(r.month),
    frontStoreWeightInPounds: Number(r.front),
    backStoreWeightInPounds: Number(r.back),
    categories: typeof r.categories === 'string' ? JSON.parse(r.categories) : r.categories,
    submitted: Boolean(r.submitted),
    reopenedAt: r.reopened_at ? new Date(r.reopened_at).toISOString() : null,
  }));
}

export async function isMonthSubmitted(db: DbOrTx, branchId: string, year: number, month: number): Promise<boolean> {
  const [row] = await db
    .select({ submitted: monthSubmissions.submitted })
    .from(monthSubmissions)
    .where(and(eq(monthSubmissions.branchId, branchId), eq(monthSubmissions.year, year), eq(monthSubmissions.month, month)));
  return Boolean(row?.submitted);
}

export async function monthComments(db: DbOrTx, branchId: string, year: number, month: number): Promise<string> {
  const [row] = await db
    .select({ comments: monthSubmissions.comments })
    .from(monthSubmissions)
    .where(and(eq(monthSubmissions.branchId, branchId), eq(monthSubmissions.year, year), eq(monthSubmissions.month, month)));
  return row?.comments ?? '';
}

/** When the branch last submitted a month, or null. */
export async function lastSubmissionDate(db: DbOrTx, branchId: string): Promise<string | null> {
  const [row] = await db
    .select({ at: monthSubmissions.submittedAt })
    .from(monthSubmissions)
    .where(and(eq(monthSubmissions.branchId, branchId), eq(monthSubmissions.submitted, true)))
    .orderBy(sql`${monthSubmissions.submittedAt} desc nulls last`)
    .limit(1);
  return row?.at ? new Date(row.at).toISOString() : null;
}

/** Recomputes the running month totals from the donations (after a bulk load with the triggers off, or to verify them). */
export async function rebuildMonthTotals(db: DbOrTx): Promise<void> {
  await db.execute(sql`select rebuild_month_totals()`);
}
