import { asc, eq, sql } from 'drizzle-orm';
import { csvLines, csvStream, exportFileName, exportHeader, exportRowWriter } from '@/lib/domain/csv';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/sql-rows';
import { branches, categories } from '../db/schema';
import { notFound } from '../errors';

export const EXPORT_BATCH_ROWS = 1000;

/** A row of the year export as read from the database (shares by category id). */
export type ExportDbRow = {
  id: string;
  date: string;
  created_at: string;
  retailer: string | null;
  banner: string | null;
  store_number: string | null;
  store_name: string;
  source: number;
  weight: number;
  weight_unit: number;
  weight_in_pounds: number;
  /** Fraction by category id. */
  shares: Record<string, number>;
};

/** What every export format needs: the branch's name and the categories in display order. */
export async function exportContext(db: DbOrTx, branchId: string) {
  const [branch] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId));
  if (!branch) throw notFound();
  const cats = await db
    .select({ id: categories.id, name: categories.name, nameFr: categories.nameFr, displayOrder: categories.displayOrder })
    .from(categories)
    .orderBy(asc(categories.displayOrder));
  return { branchName: branch.name, cats };
}

/** The export's columns and joins (the shares are read per batch, below), one text for the batched read and for
 * bench:api's COPY floor (scripts/bench-copy-floor.ts). */
export const EXPORT_SELECT = `
      select d.id, to_char(d.date, 'YYYY-MM-DD') as date, to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
        r.name as retailer, b.name as banner, s.number as store_number, s.name as store_name,
        d.source, d.weight, d.weight_unit, d.weight_in_pounds
      from donations d
      join stores s on s.id = d.store_id
      left join retailers r on r.id = s.retailer_id
      left join banners b on b.id = s.banner_id`;

type ShareRow = { donation_id: string; category_id: number; fraction: number };

/** Attaches the shares to their donations; answers the donations the shares did not cover (they get none). */
function attachShares(rows: ExportDbRow[], shares: ShareRow[]): ExportDbRow[] {
  const byDonation = new Map<string, Record<string, number>>();
  for (const sh of shares) {
    let one = byDonation.get(sh.donation_id);
    if (!one) byDonation.set(sh.donation_id, (one = {}));
    one[sh.category_id] = Number(sh.fraction);
  }
  const missed: ExportDbRow[] = [];
  for (const r of rows) {
    const one = byDonation.get(r.id);
    r.shares = one ?? {};
    if (!one) missed.push(r);
  }
  return missed;
}

/**
 * A branch's year of donations, one batch at a time. Rows are read keyset-paginated (date, created_at, id) over
 * donations_branch_date_created_idx, so memory holds one batch whatever the size of the year, on both drivers (a
 * server-side cursor would pin a pooled connection for as long as the client reads).
 */
export async function* exportBatches(
  db: DbOrTx,
  branchId: string,
  year: number,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<ExportDbRow[], void, undefined> {
  const from = `${year}-01-01`;
  const to = `${year + 1}-01-01`;
  const read = async (after: ExportDbRow | null) => {
    const page = sql`d.branch_id = ${branchId}::uuid and d.date >= ${from}::date and d.date < ${to}::date
      ${after ? sql`and (d.date, d.created_at, d.id) > (${after.date}::date, ${after.created_at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by d.date, d.created_at, d.id limit ${batchRows}`;
    // The page's shares are read at the same time as the page, on a second pooled connection (PGlite runs them one
    // after the other): reading them by the page's ids after it cost more than the page itself.
    const [rows, shares] = await Promise.all([
      queryRows<ExportDbRow>(db, sql`${sql.raw(EXPORT_SELECT)} where ${page}`),
      queryRows<ShareRow>(
        db,
        sql`select dc.donation_id, dc.category_id, dc.fraction
        from (select d.id from donations d where ${page}) p join donation_categories dc on dc.donation_id = p.id`,
      ),
    ]);
    // Two statements see two moments: a donation written into the page's range between them is in one page and
    // not the other. Its shares are read again by id; every saved donation has at least one.
    const missed = attachShares(rows, shares);
    if (missed.length) {
      const again = await queryRows<ShareRow>(
        db,
        sql`select donation_id, category_id, fraction from donation_categories
        where donation_id = any(${`{${missed.map((r) => r.id).join(',')}}`}::uuid[])`,
      );
      attachShares(missed, again);
    }
    return rows;
  };
  // The next batch is asked for before this one is handed on: the database reads it while the caller writes this
  // one out, and memory holds two batches at most.
  let next: Promise<ExportDbRow[]> | null = read(null);
  try {
    while (next) {
      const rows: ExportDbRow[] = await next;
      const last = rows.at(-1);
      next = last && rows.length === batchRows ? read(last) : null;
      if (rows.length) yield rows;
    }
  } finally {
    // Abandoned by the caller (a download cancelled): the read in flight ends on its own, unobserved.
    next?.catch(() => undefined);
  }
}

/** The English CSV (docs/product.md, Exports of a year) of a branch's year as a byte stream, one batch at a time. */
export async function exportYearCsv(db: DbOrTx, branchId: string, year: number, batchRows = EXPORT_BATCH_ROWS) {
  const { branchName, cats } = await exportContext(db, branchId);
  const exportRow = exportRowWriter(cats);
  const stream = csvStream(csvLines([exportHeader(cats)]), exportBatches(db, branchId, year, batchRows), (batch) =>
    csvLines(
      batch.map((r) =>
        exportRow({
          retailer: r.retailer,
          banner: r.banner,
          storeNumber: r.store_number,
          storeName: r.store_name,
          foodBank: branchName,
          date: r.date,
          source: Number(r.source),
          weightInPounds: Number(r.weight_in_pounds),
          shares: r.shares as Record<string, number>,
        }),
      ),
    ),
  );
  return { stream, fileName: exportFileName(branchName, year) };
}
