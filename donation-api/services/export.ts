import { asc, eq, sql } from 'drizzle-orm';
import { csvLines, exportFileName, exportHeader, exportRow, UTF8_BOM, type ExportCategory } from '@/lib/domain/csv';
import type { DbOrTx } from '../db/client';
import { queryRows } from './sql-rows';
import { branches, categories } from '../db/schema';
import { notFound } from '../errors';

export const EXPORT_BATCH_ROWS = 1000;

type ExportRow = {
  id: string;
  date: string;
  created_at: string;
  retailer: string | null;
  banner: string | null;
  store_number: string | null;
  store_name: string;
  source: number;
  weight_in_pounds: number;
  shares: Record<string, number> | string | null;
};

/**
 * A branch's year of donations as a CSV byte stream. Rows are read in keyset-paginated batches
 * (date, created_at, id), so memory holds one batch at a time whatever the size of the year, on both
 * drivers (a server-side cursor would pin a pooled connection for as long as the client reads).
 */
export async function exportYearCsv(db: DbOrTx, branchId: string, year: number, batchRows = EXPORT_BATCH_ROWS) {
  const [branch] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId));
  if (!branch) throw notFound();
  const cats: ExportCategory[] = await db.select({ id: categories.id, name: categories.name, displayOrder: categories.displayOrder }).from(categories).orderBy(asc(categories.displayOrder));
  const from = `${year}-01-01`;
  const to = `${year + 1}-01-01`;
  const encoder = new TextEncoder();
  let after: { date: string; createdAt: string; id: string } | null = null;
  let headerSent = false;
  let done = false;

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(UTF8_BOM + csvLines([exportHeader(cats)])));
          return;
        }
        if (done) return controller.close();
        const cursor = after
          ? sql`and (d.date, d.created_at, d.id) > (${after.date}::date, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : sql``;
        const res = await queryRows<ExportRow>(db, sql`
          select d.id, to_char(d.date, 'YYYY-MM-DD') as date, to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
            r.name as retailer, b.name as banner, s.number as store_number, s.name as store_name,
            d.source, d.weight_in_pounds,
            (select jsonb_object_agg(dc.category_id::text, dc.fraction) from donation_categories dc where dc.donation_id = d.id) as shares
          from donations d
          join stores s on s.id = d.store_id
          left join retailers r on r.id = s.retailer_id
          left join banners b on b.id = s.banner_id
          where d.branch_id = ${branchId}::uuid and d.date >= ${from}::date and d.date < ${to}::date ${cursor}
          order by d.date, d.created_at, d.id
          limit ${batchRows}`);
        const rows = res;
        if (rows.length < batchRows) done = true;
        if (rows.length) {
          const last = rows[rows.length - 1];
          after = { date: last.date, createdAt: last.created_at, id: last.id };
          const lines = rows.map((r) => {
            const shares = typeof r.shares === 'string' ? JSON.parse(r.shares) : r.shares ?? {};
            return exportRow(
              { retailer: r.retailer, banner: r.banner, storeNumber: r.store_number, storeName: r.store_name, foodBank: branch.name, date: r.date, source: Number(r.source), weightInPounds: Number(r.weight_in_pounds), shares },
              cats,
            );
          });
          controller.enqueue(encoder.encode(csvLines(lines)));
        }
        if (done) controller.close();
      } catch (err) {
        controller.error(err);
      }
    },
  });
  return { stream, fileName: exportFileName(branch.name) };
}
