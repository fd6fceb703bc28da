// Totals of the program for a month and its year, by province and overall, over the branches in scope.
import { asc, sql } from 'drizzle-orm';
import { mealsOf } from '@/lib/domain/impact';
import type { ProgramAccess } from '@/lib/domain/program-access';
import type { PeriodTotals, Totals, TotalsAnswer } from '@/lib/domain/program-totals';
import type { DbOrTx } from '../db/client';
import { categories } from '../db/schema';
import { inOwedRangeSql, owedRangeColumnsSql } from '../donations/owed-months';
import { scopeSql } from './program-oversight';
import { queryRows } from '../db/sql-rows';

type Sums = { front: number; back: number; n: number; ghg: number };
type CategoryRef = { id: number; name: string; nameFr: string };

function totalsOf(sums: Sums | undefined, cats: CategoryRef[], pounds: Map<number, number> | undefined): Totals {
  const categories = cats.map((c) => ({ categoryId: c.id, name: c.name, nameFr: c.nameFr, pounds: pounds?.get(c.id) ?? 0 }));
  return {
    frontStoreWeightInPounds: Number(sums?.front ?? 0),
    backStoreWeightInPounds: Number(sums?.back ?? 0),
    donations: Number(sums?.n ?? 0),
    ghgKgCo2e: Number(sums?.ghg ?? 0),
    meals: mealsOf(categories),
    categories,
  };
}

/**
 * Three statements over the running totals (month_totals and month_category_totals, kept by the donation triggers),
 * so the cost follows branches × months, never the number of donations: weights, counts and CO2e by province, for the
 * month and the year at once (filtered sums); pounds by province and category the same way; pounds by month over the
 * chart's two years. The branches in scope and their owed months are read once (a few hundred rows), so the many
 * month rows are filtered by plain number comparisons; the sums stay exact (numeric) until the answer.
 */
export async function programTotals(
  db: DbOrTx,
  access: ProgramAccess,
  year: number,
  month: number,
  timeZone: string,
): Promise<TotalsAnswer> {
  // A month's totals count when its branch owes that month (owesMonth): the totals are the sum of the month view's rows.
  const owed = sql`with owed as materialized (
    select b.id, coalesce(b.province, '') as province, ${owedRangeColumnsSql(timeZone)} from branches b where ${scopeSql(access)})`;
  const inMonth = sql`t.month = ${month}::int`;
  const [cats, sums, catSums, byMonth] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, nameFr: categories.nameFr })
      .from(categories)
      .orderBy(asc(categories.displayOrder)),
    queryRows<{ province: string | null; rows_in_month: number } & Record<`${'front' | 'back' | 'n' | 'ghg'}_${'m' | 'y'}`, number>>(
      db,
      sql`${owed}
      select o.province, count(*) filter (where ${inMonth})::int as rows_in_month,
        coalesce(sum(t.pounds) filter (where t.source = 1 and ${inMonth}), 0)::float8 as front_m,
        coalesce(sum(t.pounds) filter (where t.source = 0 and ${inMonth}), 0)::float8 as back_m,
        coalesce(sum(t.donation_count) filter (where ${inMonth}), 0)::int as n_m,
        coalesce(sum(t.ghg_kg_co2e) filter (where ${inMonth}), 0)::float8 as ghg_m,
        coalesce(sum(t.pounds) filter (where t.source = 1), 0)::float8 as front_y,
        coalesce(sum(t.pounds) filter (where t.source = 0), 0)::float8 as back_y,
        sum(t.donation_count)::int as n_y, coalesce(sum(t.ghg_kg_co2e), 0)::float8 as ghg_y
      from month_totals t join owed o on o.id = t.branch_id
      where t.year = ${year}::int and ${inOwedRangeSql}
      group by grouping sets ((o.province), ())`,
    ),
    queryRows<{ province: string | null; category_id: number; rows_in_month: number; lbs_m: number; lbs_y: number }>(
      db,
      sql`${owed}
      select o.province, t.category_id, count(*) filter (where ${inMonth})::int as rows_in_month,
        coalesce(sum(t.pounds) filter (where ${inMonth}), 0)::float8 as lbs_m, sum(t.pounds)::float8 as lbs_y
      from month_category_totals t join owed o on o.id = t.branch_id
      where t.year = ${year}::int and ${inOwedRangeSql}
      group by grouping sets ((o.province, t.category_id), (t.category_id))`,
    ),
    queryRows<{ y: number; m: number; lbs: number }>(
      db,
      sql`${owed}
      select t.year as y, t.month as m, sum(t.pounds)::float8 as lbs
      from month_totals t join owed o on o.id = t.branch_id
      where t.year in (${year - 1}::int, ${year}::int) and ${inOwedRangeSql}
      group by 1, 2`,
    ),
  ]);

  // The program's row of each grouping set has no province: exact sums from the database, not added up here.
  const period = (p: 'm' | 'y'): PeriodTotals => {
    const sumsOf = (province: string | null): Sums | undefined => {
      const r = sums.find((x) => x.province === province);
      if (!r || (p === 'm' && !Number(r.rows_in_month))) return undefined;
      return { front: Number(r[`front_${p}`]), back: Number(r[`back_${p}`]), n: Number(r[`n_${p}`]), ghg: Number(r[`ghg_${p}`]) };
    };
    const poundsOf = (province: string | null) =>
      new Map(
        catSums
          .filter((r) => r.province === province && (p === 'y' || Number(r.rows_in_month)))
          .map((r) => [Number(r.category_id), Number(r[`lbs_${p}`])]),
      );
    const provinces = sums.flatMap((r) => (r.province !== null && sumsOf(r.province) ? [r.province] : []));
    return {
      program: totalsOf(sumsOf(null), cats, poundsOf(null)),
      provinces: provinces.sort().map((province) => ({ province, ...totalsOf(sumsOf(province), cats, poundsOf(province)) })),
    };
  };

  const months = (y: number) =>
    Array.from({ length: 12 }, (_, i) => Number(byMonth.find((r) => Number(r.y) === y && Number(r.m) === i + 1)?.lbs ?? 0));
  return {
    year,
    month,
    monthTotals: period('m'),
    yearTotals: period('y'),
    poundsByMonth: { year: months(year), previous: months(year - 1) },
  };
}
