// What a retail partner's stores gave, for months their food banks have submitted, read from the per-store running
// totals (store_month_totals, kept by triggers): the cost follows stores and months, never the donations.
import { sql, type SQL } from 'drizzle-orm';
import { todayCalendarDate } from '@/lib/domain/dates';
import { mealsOf } from '@/lib/domain/impact';
import { BY_STORE_MAX, type PartnerFigures, type PartnerFilters } from '@/lib/domain/partner';
import { partnerStoreWhere } from '../auth/partner-scope';
import type { ApiDeps, PartnerGrant } from '../context';
import type { DbOrTx } from '../db/client';
import { ApiError, notFound } from '../errors';
import { owesMonthSql } from '../donations/owed-months';
import { queryRows } from '../db/sql-rows';
import {
  categoriesOf,
  categoryColumn,
  categoryEntries,
  categoryPounds,
  categorySums,
  submittedTotalsFrom,
  type CategoryRef,
  type StoreScope,
} from './store-totals';

/** The longest period one view or export covers: three years of months. */
const MAX_MONTHS = 36;

export type Period = { from: string; to: string; fromKey: number; toKey: number };

const key = (ym: string) => Number(ym.slice(0, 4)) * 100 + Number(ym.slice(5, 7));
const ymOf = (k: number) => `${Math.floor(k / 100)}-${String(k % 100).padStart(2, '0')}`;
const monthsBetween = (a: number, b: number) => (Math.floor(b / 100) - Math.floor(a / 100)) * 12 + (b % 100) - (a % 100) + 1;

/** The period asked for, or January of this year to this month; the future and over-long periods are refused. */
export function periodOf(filters: Pick<PartnerFilters, 'from' | 'to'>, now: Date, timeZone: string): Period {
  const today = todayCalendarDate(now, timeZone);
  const current = today.year * 100 + today.month;
  const fromKey = filters.from ? key(filters.from) : today.year * 100 + 1;
  const toKey = Math.min(filters.to ? key(filters.to) : current, current);
  if (fromKey > toKey) throw new ApiError(400, 'BAD_REQUEST', 'from');
  if (monthsBetween(fromKey, toKey) > MAX_MONTHS) throw new ApiError(400, 'BAD_REQUEST', 'from');
  return { from: ymOf(fromKey), to: ymOf(toKey), fromKey, toKey };
}

/** Every month of the period, in order. */
export function monthsOf(p: Period): string[] {
  const out: string[] = [];
  for (let k = p.fromKey; k <= p.toKey; k = k % 100 === 12 ? k + 89 : k + 1) out.push(ymOf(k));
  return out;
}

/** The partner's stores narrowed by the filters (aliases `s` and `b`); a banner or store outside the scope is a 404. */
export async function filteredScope(db: DbOrTx, grant: PartnerGrant, f: PartnerFilters): Promise<StoreScope> {
  const parts: SQL[] = [partnerStoreWhere(grant)];
  if (f.bannerId) parts.push(sql`s.banner_id = ${f.bannerId}::uuid`);
  if (f.storeId) parts.push(sql`s.id = ${f.storeId}::uuid`);
  if (f.bannerId || f.storeId) {
    const [known] = await queryRows<{ ok: boolean }>(db, sql`select true as ok from stores s where ${sql.join(parts, sql` and `)} limit 1`);
    if (!known) throw notFound();
  }
  if (f.province) parts.push(sql`b.province = ${f.province}`);
  return { where: sql.join(parts, sql` and `), branches: !!f.province };
}

type FigureRow = { kind: 'store' | 'banner' | 'total'; id: string | null; n: number; lbs: number; co2e: number | null } & Record<
  string,
  unknown
>;

/**
 * Over submitted months of the period, in one statement that sums each store once: the stores at or above the
 * BY_STORE_MAX-th heaviest one's pounds (ties included, so that the caller breaks them by name), pounds per banner,
 * and the total with its category split and the number of stores that gave. A national chain's thousands of stores
 * stay in the database: the answer is about a hundred rows, not one per store.
 */
export async function submittedFigures(db: DbOrTx, scope: StoreScope, fromKey: number, toKey: number, categories: CategoryRef[]) {
  const cats = categories.map(categoryColumn);
  const catTotals = sql.raw(cats.map((c) => `sum(${c})::float8 as ${c}`).join(', '));
  const catNulls = sql.raw(cats.map((c) => `null::float8 as ${c}`).join(', '));
  const catColumns = sql.raw(cats.join(', '));
  const rows = await queryRows<FigureRow>(
    db,
    sql`with per as materialized (
        select t.store_id, s.banner_id, sum(t.pounds)::float8 as lbs, sum(t.ghg_kg_co2e)::float8 as co2e, ${categorySums(categories)}
        ${submittedTotalsFrom(scope, fromKey, toKey)} group by t.store_id, s.banner_id
      ), listed as (
        select coalesce((select lbs from per order by lbs desc offset ${BY_STORE_MAX - 1} limit 1), '-infinity'::float8) as floor
      )
      select 'store' as kind, store_id::text as id, 1 as n, lbs, co2e, ${catColumns} from per where lbs >= (select floor from listed)
      union all
      select 'banner', banner_id::text, count(*)::int, sum(lbs)::float8, null::float8, ${catNulls} from per group by banner_id
      union all
      select 'total', null, count(*)::int, coalesce(sum(lbs), 0)::float8, coalesce(sum(co2e), 0)::float8, ${catTotals} from per`,
  );
  const stores = rows
    .filter((r) => r.kind === 'store')
    .map((r) => ({ storeId: r.id!, pounds: Number(r.lbs), kgCo2e: Number(r.co2e), categories: categoryPounds(r, categories) }));
  const banners = rows.filter((r) => r.kind === 'banner').map((r) => ({ bannerId: r.id, pounds: Number(r.lbs) }));
  const total = rows.find((r) => r.kind === 'total');
  return {
    stores,
    banners,
    storeCount: Number(total?.n ?? 0),
    pounds: Number(total?.lbs ?? 0),
    kgCo2e: Number(total?.co2e ?? 0),
    categories: total ? categoryPounds(total, categories) : {},
  };
}

/** Pounds per month (YYYYMM) over submitted months. */
async function submittedByMonth(db: DbOrTx, scope: StoreScope, fromKey: number, toKey: number) {
  const rows = await queryRows<{ ym: number; lbs: number }>(
    db,
    sql`select (t.year * 100 + t.month) as ym, sum(t.pounds)::float8 as lbs ${submittedTotalsFrom(scope, fromKey, toKey)} group by 1`,
  );
  return new Map(rows.map((r) => [Number(r.ym), Number(r.lbs)]));
}

/**
 * Months of the period that a food bank serving the filtered stores owes (the one rule of owed months) and has
 * not submitted: the figures leave them out until it does.
 */
export async function openMonths(db: DbOrTx, where: SQL, p: Period, timeZone: string) {
  const rows = await queryRows<{ ym: string; branch_name: string; province: string | null }>(
    db,
    sql`select to_char(m.day, 'YYYY-MM') as ym, b.name as branch_name, b.province
      from generate_series(make_date(${Math.floor(p.fromKey / 100)}::int, ${p.fromKey % 100}::int, 1),
                           make_date(${Math.floor(p.toKey / 100)}::int, ${p.toKey % 100}::int, 1), interval '1 month') as m(day)
      join branches b on ${owesMonthSql(sql`m.day::date`, timeZone)}
      where exists (select 1 from branch_stores bs join stores s on s.id = bs.store_id where bs.branch_id = b.id and ${where})
        and not exists (select 1 from month_submissions ms where ms.branch_id = b.id and ms.submitted
          and ms.year = extract(year from m.day)::int and ms.month = extract(month from m.day)::int)
      order by 1, 2`,
  );
  return rows.map((r) => ({ month: r.ym, branchName: r.branch_name, province: r.province }));
}

/** The names of the stores the figures list one by one (BY_STORE_MAX of a national chain's thousands). */
async function storeNames(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, { name: string; number: string | null; banner: string | null }>();
  const rows = await queryRows<{ id: string; name: string; number: string | null; banner: string | null }>(
    db,
    sql`select s.id, s.name, s.number, bn.name as banner from stores s left join banners bn on bn.id = s.banner_id
      where s.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** GET /api/partner/figures over period `p` (periodOf the filters). */
export async function partnerFigures(
  deps: Pick<ApiDeps, 'db'> & { config: Pick<ApiDeps['config'], 'timeZone'> },
  grant: PartnerGrant,
  f: PartnerFilters,
  p: Period,
): Promise<PartnerFigures> {
  const { db, config } = deps;
  const scope = await filteredScope(db, grant, f);
  const categories = await categoriesOf(db);
  const [retailer, storesInScope, bannerRows, provinces, figures, months, open] = await Promise.all([
    queryRows<{ id: string; name: string }>(db, sql`select id, name from retailers where id = ${grant.retailerId}::uuid`),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from stores s where ${partnerStoreWhere(grant)}`),
    queryRows<{ id: string; name: string }>(
      db,
      sql`select distinct bn.id, bn.name from stores s join banners bn on bn.id = s.banner_id where ${partnerStoreWhere(grant)}`,
    ),
    queryRows<{ province: string }>(
      db,
      sql`select distinct b.province from branch_stores bs join stores s on s.id = bs.store_id join branches b on b.id = bs.branch_id
        where ${partnerStoreWhere(grant)} and b.province is not null order by 1`,
    ),
    submittedFigures(db, scope, p.fromKey, p.toKey, categories),
    submittedByMonth(db, scope, p.fromKey - 100, p.toKey),
    openMonths(db, scope.where, p, config.timeZone),
  ]);
  if (!retailer[0]) throw notFound();

  const byMonth = monthsOf(p).map((month) => ({
    month,
    pounds: months.get(key(month)) ?? 0,
    lastYearPounds: months.get(key(month) - 100) ?? 0,
  }));

  // The stores that gave the most, ties by name: submittedFigures lists those at or above the last listed one's pounds.
  const names = await storeNames(
    db,
    figures.stores.map((e) => e.storeId),
  );
  const byStore = figures.stores
    .map((e) => {
      const s = names.get(e.storeId);
      return {
        storeId: e.storeId,
        name: s?.name ?? '',
        number: s?.number ?? null,
        banner: s?.banner ?? null,
        pounds: e.pounds,
        kgCo2e: e.kgCo2e,
        meals: mealsOf(categoryEntries(e.categories)),
      };
    })
    .sort((a, b) => b.pounds - a.pounds || a.name.localeCompare(b.name));

  const bannerName = new Map(bannerRows.map((b) => [b.id, b.name]));
  const byBanner = figures.banners
    .map((b) => ({ bannerId: b.bannerId, name: b.bannerId ? (bannerName.get(b.bannerId) ?? null) : null, pounds: b.pounds }))
    .sort((a, b) => b.pounds - a.pounds);
  const byCategory = categories.map((c) => ({
    categoryId: c.id,
    name: c.name,
    nameFr: c.nameFr,
    pounds: figures.categories[String(c.id)] ?? 0,
  }));

  return {
    retailer: retailer[0],
    from: p.from,
    to: p.to,
    options: {
      provinces: provinces.map((r) => r.province),
      banners: bannerRows.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      storesInScope: storesInScope[0]?.n ?? 0,
    },
    totals: {
      pounds: figures.pounds,
      kgCo2e: figures.kgCo2e,
      meals: mealsOf(categoryEntries(figures.categories)),
    },
    byMonth,
    byStore: byStore.slice(0, BY_STORE_MAX),
    storeCount: figures.storeCount,
    byBanner,
    byCategory,
    openMonths: open,
  };
}
