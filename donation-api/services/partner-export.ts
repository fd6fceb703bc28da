// A partner's figures as a file: one row per store and month (submitted months only, every food bank added up),
// with the category split and a total row, in the program partner report's layout and conventions.
import { sql } from 'drizzle-orm';
import type { PartnerFilters } from '@/lib/domain/partner';
import type { PartnerGrant } from '../auth/partner-scope';
import type { ApiDeps } from '../context';
import { filteredScope, periodOf } from './partner-figures';
import type { PartnerRow } from './partner-report';
import { queryRows } from './sql-rows';

/** The export's rows, read from the running totals. */
export async function partnerExportReport(deps: ApiDeps, grant: PartnerGrant, f: PartnerFilters) {
  const { db } = deps;
  const p = periodOf(f, deps.now(), deps.config.timeZone);
  const where = await filteredScope(db, grant, f);
  const submitted = sql`join month_submissions ms on ms.branch_id = t.branch_id and ms.year = t.year and ms.month = t.month and ms.submitted`;
  const months = sql`(t.year * 100 + t.month) between ${p.fromKey} and ${p.toKey}`;
  const [rows, cats, categories, retailer] = await Promise.all([
    queryRows<{
      store_id: string;
      ym: string;
      retailer: string;
      banner: string | null;
      number: string | null;
      name: string;
      front: number;
      back: number;
      total: number;
      co2e: number;
    }>(
      db,
      sql`select t.store_id, to_char(make_date(t.year, t.month, 1), 'YYYY-MM') as ym, r.name as retailer, bn.name as banner,
          s.number, s.name,
          coalesce(sum(t.pounds) filter (where t.source = 1), 0)::float8 as front,
          coalesce(sum(t.pounds) filter (where t.source = 0), 0)::float8 as back,
          sum(t.pounds)::float8 as total, sum(t.ghg_kg_co2e)::float8 as co2e
        from store_month_totals t join stores s on s.id = t.store_id join branches b on b.id = t.branch_id ${submitted}
          join retailers r on r.id = s.retailer_id left join banners bn on bn.id = s.banner_id
        where ${where} and ${months}
        group by t.store_id, t.year, t.month, r.name, bn.name, s.number, s.name
        having sum(t.donation_count) > 0
        order by bn.name nulls first, s.name, s.number, 2`,
    ),
    queryRows<{ store_id: string; ym: string; category_id: number; lbs: number }>(
      db,
      sql`select t.store_id, to_char(make_date(t.year, t.month, 1), 'YYYY-MM') as ym, t.category_id, sum(t.pounds)::float8 as lbs
        from store_month_category_totals t join stores s on s.id = t.store_id join branches b on b.id = t.branch_id ${submitted}
        where ${where} and ${months} group by 1, 2, 3`,
    ),
    queryRows<{ id: number; name: string; nameFr: string }>(
      db,
      sql`select id, name, name_fr as "nameFr" from categories order by display_order`,
    ),
    queryRows<{ name: string }>(db, sql`select name from retailers where id = ${grant.retailerId}::uuid`),
  ]);
  const catsOf = new Map<string, Record<string, number>>();
  for (const c of cats) {
    const k = `${c.store_id}|${c.ym}`;
    const m = catsOf.get(k) ?? catsOf.set(k, {}).get(k)!;
    m[String(c.category_id)] = c.lbs;
  }
  const out: PartnerRow[] = rows.map((r) => ({
    retailer: r.retailer,
    banner: r.banner,
    storeNumber: r.number,
    storeName: r.name,
    month: r.ym,
    frontLbs: r.front,
    backLbs: r.back,
    totalLbs: r.total,
    kgCo2e: r.co2e,
    categoryLbs: catsOf.get(`${r.store_id}|${r.ym}`) ?? {},
  }));
  return { partner: retailer[0]?.name ?? '', from: `${p.from}-01`, to: p.to, categories, rows: out };
}
