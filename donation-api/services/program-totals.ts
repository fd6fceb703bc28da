// Totals of the program for a month and its year, by province and overall, over the branches in scope.
import { asc, sql } from 'drizzle-orm';
import { mealsOf } from '@/lib/domain/impact';
import type { ProgramAccess } from '@/lib/domain/program-access';
import type { PeriodTotals, Totals, TotalsAnswer } from '@/lib/domain/program-totals';
import type { DbOrTx } from '../db/client';
import { categories } from '../db/schema';
import { owesMonthSql } from './owed-months';
import { monthBounds, scopeSql } from './program-oversight';
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
 * Three statements: weights, counts and CO2e by province for the month and the year (filtered sums over one scan
 * of the year); pounds by category the same way; pounds by month over the two years of the chart.
 */
export async function programTotals(
  db: DbOrTx,
  access: ProgramAccess,
  year: number,
  month: number,
  timeZone: string,
): Promise<TotalsAnswer> {
  // A donation counts when its branch owes its month (owesMonth): the totals are the sum of the month view's rows.
  const scope = sql`${scopeSql(access)} and ${owesMonthSql(sql`d.date`, timeZone)}`;
  const { from: mFrom, to: mTo } = monthBounds(year, month);
  const yFrom = `${year}-01-01`;
  const yTo = `${year + 1}-01-01`;
  const inMonth = sql`d.date >= ${mFrom}::date and d.date < ${mTo}::date`;
  const [cats, sums, catSums, byMonth] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, nameFr: categories.nameFr })
      .from(categories)
      .orderBy(asc(categories.displayOrder)),
    queryRows<{ province: string; period: string } & Sums>(
      db,
      sql`
      select coalesce(b.province, '') as province, p.period,
        sum(case when d.source = 1 then d.weight_in_pounds else 0 end)::float8 as front,
        sum(case when d.source = 0 then d.weight_in_pounds else 0 end)::float8 as back,
        count(*)::int as n, coalesce(sum(d.ghg_kg_co2e), 0)::float8 as ghg
      from donations d join branches b on b.id = d.branch_id
      cross join lateral (select 'year' as period union all select 'month' where ${inMonth}) p
      where ${scope} and d.date >= ${yFrom}::date and d.date < ${yTo}::date
      group by coalesce(b.province, ''), p.period`,
    ),
    queryRows<{ province: string; period: string; category_id: number; lbs: number }>(
      db,
      sql`
      select coalesce(b.province, '') as province, p.period, dc.category_id, sum(d.weight_in_pounds * dc.fraction)::float8 as lbs
      from donations d join branches b on b.id = d.branch_id join donation_categories dc on dc.donation_id = d.id
      cross join lateral (select 'year' as period union all select 'month' where ${inMonth}) p
      where ${scope} and d.date >= ${yFrom}::date and d.date < ${yTo}::date
      group by coalesce(b.province, ''), p.period, dc.category_id`,
    ),
    queryRows<{ y: number; m: number; lbs: number }>(
      db,
      sql`
      select extract(year from d.date)::int as y, extract(month from d.date)::int as m, sum(d.weight_in_pounds)::float8 as lbs
      from donations d join branches b on b.id = d.branch_id
      where ${scope} and d.date >= ${`${year - 1}-01-01`}::date and d.date < ${yTo}::date
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
