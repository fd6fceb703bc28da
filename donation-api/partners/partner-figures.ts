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

type StoreRow = { store_id: string; lbs: number; co2e: number } & Record<string, unknown>;

/** Pounds, CO2e and the category split per store over submitted months of the period: one row per store. */
export async function submittedByStore(db: DbOrTx, scope: StoreScope, fromKey: number, toKey: number, categories: CategoryRef[]) {
  const rows = await queryRows<StoreRow>(
    db,
    sql`select t.store_id, sum(t.pounds)::float8 as lbs, sum(t.ghg_kg_co2e)::float8 as co2e, ${categorySums(categories)}
      ${submittedTotalsFrom(scope, fromKey, toKey)} group by t.store_id`,
  );
  return rows.map((r) => ({
    storeId: r.store_id,
    pounds: Number(r.lbs),
    kgCo2e: Number(r.co2e),
    categories: categoryPounds(r, categories),
  }));
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

/** GET /api/partner/figures. */
export async function partnerFigures(deps: ApiDeps, grant: PartnerGrant, f: PartnerFilters): Promise<PartnerFigures> {
  const { db, config } = deps;
  const p = periodOf(f, deps.now(), config.timeZone);
  const scope = await filteredScope(db, grant, f);
  const categories = await categoriesOf(db);
  const [retailer, stores, bannerRows, provinces, perStore, months, open] = await Promise.all([
    queryRows<{ id: string; name: string }>(db, sql`select id, name from retailers where id = ${grant.retailerId}::uuid`),
    // Every store of the scope by its banner only: a national chain has thousands, and their names are read for the
    // ones listed (storeNames), not for all.
    queryRows<{ id: string; banner_id: string | null }>(db, sql`select s.id, s.banner_id from stores s where ${partnerStoreWhere(grant)}`),
    queryRows<{ id: string; name: string }>(
      db,
      sql`select distinct bn.id, bn.name from stores s join banners bn on bn.id = s.banner_id where ${partnerStoreWhere(grant)}`,
    ),
    queryRows<{ province: string }>(
      db,
      sql`select distinct b.province from branch_stores bs join stores s on s.id = bs.store_id join branches b on b.id = bs.branch_id
        where ${partnerStoreWhere(grant)} and b.province is not null order by 1`,
    ),
    submittedByStore(db, scope, p.fromKey, p.toKey, categories),
    submittedByMonth(db, scope, p.fromKey - 100, p.toKey),
    openMonths(db, scope.where, p, config.timeZone),
  ]);
  if (!retailer[0]) throw notFound();
  const storeById = new Map(stores.map((s) => [s.id, s]));

  const byMonth = monthsOf(p).map((month) => ({
    month,
    pounds: months.get(key(month)) ?? 0,
    lastYearPounds: months.get(key(month) - 100) ?? 0,
  }));

  // The stores that gave the most, ties by name: the names of those at or above the last listed one's pounds.
  const ranked = [...perStore].sort((a, b) => b.pounds - a.pounds);
  const floor = ranked[Math.min(BY_STORE_MAX, ranked.length) - 1]?.pounds ?? 0;
  const names = await storeNames(
    db,
    ranked.filter((e) => e.pounds >= floor).map((e) => e.storeId),
  );
  const byStore = ranked
    .filter((e) => e.pounds >= floor)
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
  const banners = new Map<string, { bannerId: string | null; name: string | null; pounds: number }>();
  for (const e of perStore) {
    const id = storeById.get(e.storeId)?.banner_id ?? null;
    const b =
      banners.get(id ?? '') ??
      banners.set(id ?? '', { bannerId: id, name: id ? (bannerName.get(id) ?? null) : null, pounds: 0 }).get(id ?? '')!;
    b.pounds += e.pounds;
  }

  const total = (id: number) => perStore.reduce((n, e) => n + (e.categories[String(id)] ?? 0), 0);
  const byCategory = categories.map((c) => ({ categoryId: c.id, name: c.name, nameFr: c.nameFr, pounds: total(c.id) }));
  const allCats = byCategory.map((c) => ({ categoryId: c.categoryId, pounds: c.pounds }));

  return {
    retailer: retailer[0],
    from: p.from,
    to: p.to,
    options: {
      provinces: provinces.map((r) => r.province),
      banners: bannerRows.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      storesInScope: stores.length,
    },
    totals: {
      pounds: perStore.reduce((n, s) => n + s.pounds, 0),
      kgCo2e: perStore.reduce((n, s) => n + s.kgCo2e, 0),
      meals: mealsOf(allCats),
    },
    byMonth,
    byStore: byStore.slice(0, BY_STORE_MAX),
    storeCount: perStore.length,
    byBanner: [...banners.values()].sort((a, b) => b.pounds - a.pounds),
    byCategory,
    openMonths: open,
  };
}
