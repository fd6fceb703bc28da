// Totals of the program for a month and its year, by province and overall, over the branches in scope.
import { asc, sql } from 'drizzle-orm';
import { mealsOf } from '@/lib/domain/impact';
import type { ProgramAccess } from '@/lib/domain/program-access';
import type { PeriodTotals, Totals, TotalsAnswer } from '@/lib/domain/program-totals';
import type { DbOrTx } from '../db/client';
import { categories } from '../db/schema';
import { owesMonthSql } from './owed-months';
import { scopeSql } from './program-oversight';
import { queryRows } from './sql-rows';

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
 * Three statements over the running totals (month_totals and month_category_totals, kept by the donation
 * triggers), so the cost follows branches × months, never the number of donations: weights, counts and CO2e by
 * province for the month and the year (filtered sums over the year's rows); pounds by category the same way; pounds
 * by month over the two years of the chart. The same totals the branches' monthly reports read.
 */
export async function programTotals(
  db: DbOrTx,
  access: ProgramAccess,
  year: number,
  month: number,
  timeZone: string,
): Promise<TotalsAnswer> {
  // A month's totals count when its branch owes that month (owesMonth): the totals are the sum of the month view's rows.
  const scope = sql`${scopeSql(access)} and ${owesMonthSql(sql`make_date(t.year, t.month, 1)`, timeZone)}`;
  const inMonth = sql`t.month = ${month}::int`;
  const [cats, sums, catSums, byMonth] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, nameFr: categories.nameFr })
      .from(categories)
      .orderBy(asc(categories.displayOrder)),
    queryRows<{ province: string; period: string } & Sums>(
      db,
      sql`
      select coalesce(b.province, '') as province, p.period,
        sum(case when t.source = 1 then t.pounds else 0 end)::float8 as front,
        sum(case when t.source = 0 then t.pounds else 0 end)::float8 as back,
        sum(t.donation_count)::int as n, coalesce(sum(t.ghg_kg_co2e), 0)::float8 as ghg
      from month_totals t join branches b on b.id = t.branch_id
      cross join lateral (select 'year' as period union all select 'month' where ${inMonth}) p
      where ${scope} and t.year = ${year}::int
      group by coalesce(b.province, ''), p.period`,
    ),
    queryRows<{ province: string; period: string; category_id: number; lbs: number }>(
      db,
      sql`
      select coalesce(b.province, '') as province, p.period, t.category_id, sum(t.pounds)::float8 as lbs
      from month_category_totals t join branches b on b.id = t.branch_id
      cross join lateral (select 'year' as period union all select 'month' where ${inMonth}) p
      where ${scope} and t.year = ${year}::int
      group by coalesce(b.province, ''), p.period, t.category_id`,
    ),
    queryRows<{ y: number; m: number; lbs: number }>(
      db,
      sql`
      select t.year as y, t.month as m, sum(t.pounds)::float8 as lbs
      from month_totals t join branches b on b.id = t.branch_id
      where ${scope} and t.year in (${year - 1}::int, ${year}::int)
      group by 1, 2`,
    ),
  ]);

  const period = (name: 'month' | 'year'): PeriodTotals => {
    const provinces = new Map<string, Sums>();
    const program: Sums = { front: 0, back: 0, n: 0, ghg: 0 };
    for (const r of sums.filter((s) => s.period === name)) {
      const s = { front: Number(r.front), back: Number(r.back), n: Number(r.n), ghg: Number(r.ghg) };
      provinces.set(r.province, s);
      program.front += s.front;
      program.back += s.back;
      program.n += s.n;
      program.ghg += s.ghg;
    }
    const catByProvince = new Map<string, Map<number, number>>();
    const catProgram = new Map<number, number>();
    for (const r of catSums.filter((s) => s.period === name)) {
      const m = catByProvince.get(r.province) ?? new Map<number, number>();
      m.set(Number(r.category_id), Number(r.lbs));
      catByProvince.set(r.province, m);
      catProgram.set(Number(r.category_id), (catProgram.get(Number(r.category_id)) ?? 0) + Number(r.lbs));
    }
    return {
      program: totalsOf(program, cats, catProgram),
      provinces: [...provinces.keys()]
        .sort()
        .map((province) => ({ province, ...totalsOf(provinces.get(province), cats, catByProvince.get(province)) })),
    };
  };

  const months = (y: number) =>
    Array.from({ length: 12 }, (_, i) => Number(byMonth.find((r) => Number(r.y) === y && Number(r.m) === i + 1)?.lbs ?? 0));
  return {
    year,
    month,
    monthTotals: period('month'),
    yearTotals: period('year'),
    poundsByMonth: { year: months(year), previous: months(year - 1) },
  };
}
