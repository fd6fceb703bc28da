// A partner's figures as a file: one row per store and month (submitted months only, every food bank added up),
// with the category split and a total row, in the program partner report's layout and conventions.
import { sql } from 'drizzle-orm';
import type { PartnerFilters } from '@/lib/domain/partner';
import type { ApiDeps, PartnerGrant } from '../context';
import { filteredScope, periodOf } from './partner-figures';
import type { PartnerRow } from './partner-report';
import { queryRows } from './sql-rows';
import { categoriesOf, categoryPounds, categorySums, submittedTotalsFrom } from './store-totals';

/** The export's rows, read from the running totals. */
export async function partnerExportReport(deps: ApiDeps, grant: PartnerGrant, f: PartnerFilters) {
  const { db } = deps;
  const p = periodOf(f, deps.now(), deps.config.timeZone);
  const scope = await filteredScope(db, grant, f);
  const categories = await categoriesOf(db);
  const [rows, retailer] = await Promise.all([
    queryRows<
      {
        ym: string;
        retailer: string;
        banner: string | null;
        number: string | null;
        name: string;
        front: number;
        back: number;
        total: number;
        co2e: number;
      } & Record<string, unknown>
    >(
      db,
      sql`select to_char(make_date(t.year, t.month, 1), 'YYYY-MM') as ym, (select name from retailers where id = s.retailer_id) as retailer,
          (select name from banners where id = s.banner_id) as banner, s.number, s.name,
          coalesce(sum(t.pounds) filter (where t.source = 1), 0)::float8 as front,
          coalesce(sum(t.pounds) filter (where t.source = 0), 0)::float8 as back,
          sum(t.pounds)::float8 as total, sum(t.ghg_kg_co2e)::float8 as co2e, ${categorySums(categories)}
        ${submittedTotalsFrom(scope, p.fromKey, p.toKey)}
        group by t.store_id, t.year, t.month, s.retailer_id, s.banner_id, s.number, s.name
        having sum(t.donation_count) > 0
        order by 3 nulls first, s.name, s.number, 1`,
    ),
    queryRows<{ name: string }>(db, sql`select name from retailers where id = ${grant.retailerId}::uuid`),
  ]);
  const out: PartnerRow[] = rows.map((r) => ({
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
  return { partner: retailer[0]?.name ?? '', from: `${p.from}-01`, to: p.to, categories, rows: out };
}
