// A partner's figures as a file: one row per store and month (submitted months only, every food bank added up),
// with the category split and a total row, in the program partner report's layout and conventions. A national
// chain's file has a row per store and month of thousands of stores, so it is read and written a batch of stores at
// a time, as a branch's year export is (donations/export.ts): memory holds two batches, whatever the chain's size.
import { sql } from 'drizzle-orm';
import type { PartnerFilters } from '@/lib/domain/partner';
import { partnerStoreWhere } from '../auth/partner-scope';
import type { ApiDeps, PartnerGrant } from '../context';
import type { DbOrTx } from '../db/client';
import { filteredScope, periodOf } from './partner-figures';
import type { PartnerRow } from './partner-report';
import { queryRows } from '../db/sql-rows';
import { categoriesOf, categoryPounds, categorySums, submittedTotalsFrom, type CategoryRef, type StoreScope } from './store-totals';

/** Stores read per statement: a few thousand rows (a year of months each) per batch. */
const EXPORT_STORE_BATCH = 250;

type ExportDbRow = {
  ym: string;
  retailer: string;
  banner: string | null;
  number: string | null;
  name: string;
  front: number;
  back: number;
  total: number;
  co2e: number;
} & Record<string, unknown>;

/** One batch of stores' rows, in the file's order (banner, store, month). */
async function readBatch(db: DbOrTx, scope: StoreScope, ids: string[], fromKey: number, toKey: number, categories: CategoryRef[]) {
  const rows = await queryRows<ExportDbRow>(
    db,
    sql`select to_char(make_date(t.year, t.month, 1), 'YYYY-MM') as ym, (select name from retailers where id = s.retailer_id) as retailer,
        (select name from banners where id = s.banner_id) as banner, s.number, s.name,
        coalesce(sum(t.pounds) filter (where t.source = 1), 0)::float8 as front,
        coalesce(sum(t.pounds) filter (where t.source = 0), 0)::float8 as back,
        sum(t.pounds)::float8 as total, sum(t.ghg_kg_co2e)::float8 as co2e, ${categorySums(categories)}
      ${submittedTotalsFrom({ ...scope, where: sql`${scope.where} and s.id = any(${`{${ids.join(',')}}`}::uuid[])` }, fromKey, toKey)}
      group by t.store_id, t.year, t.month, s.retailer_id, s.banner_id, s.number, s.name, s.id
      having sum(t.donation_count) > 0
      order by 3 nulls first, s.name, s.number, s.id, 1`,
  );
  return rows.map((r): PartnerRow => ({
    retailer: r.retailer,
    banner: r.banner,
    storeNumber: r.number,
    storeName: r.name,
    month: r.ym,
    frontLbs: Number(r.front),
    backLbs: Number(r.back),
    totalLbs: Number(r.total),
    kgCo2e: Number(r.co2e),
    categoryLbs: categoryPounds(r, categories),
  }));
}

/**
 * The export's period, name and categories (checked before the answer starts: a bad period or a store outside the
 * scope is a 400 or 404, not a broken file), and its rows as batches, read from the running totals.
 */
export async function partnerExportReport(deps: ApiDeps, grant: PartnerGrant, f: PartnerFilters, storeBatch = EXPORT_STORE_BATCH) {
  const { db } = deps;
  const p = periodOf(f, deps.now(), deps.config.timeZone);
  const scope = await filteredScope(db, grant, f);
  const [categories, retailer, stores] = await Promise.all([
    categoriesOf(db),
    queryRows<{ name: string }>(db, sql`select name from retailers where id = ${grant.retailerId}::uuid`),
    // Every store of the scope in the file's order; the filters (banner, store, province) apply in each batch's read.
    queryRows<{ id: string }>(
      db,
      sql`select s.id from stores s left join banners bn on bn.id = s.banner_id where ${partnerStoreWhere(grant)}
        ${f.storeId ? sql`and s.id = ${f.storeId}::uuid` : sql``} ${f.bannerId ? sql`and s.banner_id = ${f.bannerId}::uuid` : sql``}
        order by bn.name nulls first, s.name, s.number, s.id`,
    ),
  ]);
  async function* batches(): AsyncGenerator<PartnerRow[]> {
    const ids = stores.map((s) => s.id);
    // The next batch is read while this one is written out.
    let next: Promise<PartnerRow[]> | null = ids.length
      ? readBatch(db, scope, ids.slice(0, storeBatch), p.fromKey, p.toKey, categories)
      : null;
    try {
      for (let at = storeBatch; next; at += storeBatch) {
        const rows: PartnerRow[] = await next;
        next = at < ids.length ? readBatch(db, scope, ids.slice(at, at + storeBatch), p.fromKey, p.toKey, categories) : null;
        if (rows.length) yield rows;
      }
    } finally {
      next?.catch(() => undefined);
    }
  }
  return { partner: retailer[0]?.name ?? '', from: `${p.from}-01`, to: p.to, categories, batches };
}
