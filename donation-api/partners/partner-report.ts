// The retail partner report: for a date range and a retailer (or one of its banners), pounds by store and
// month with the category split, the source, and kg CO2e avoided. What the program sends each retailer quarterly.
// A coordinator's report counts only the branches of its provinces.
import { asc, eq, sql } from 'drizzle-orm';
import { csvDelimiter, csvLines, csvNumber, guardCell, guardCells, UTF8_BOM } from '@/lib/domain/csv';
import type { ProgramAccess } from '@/lib/domain/program-access';
import type { DbOrTx } from '../db/client';
import { banners, categories, retailers } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { queryRows } from '../db/sql-rows';

export type PartnerQuery = { from: string; to: string; retailerId?: string; bannerId?: string };

export type PartnerRow = {
  retailer: string;
  banner: string | null;
  storeNumber: string | null;
  storeName: string;
  month: string;
  frontLbs: number;
  backLbs: number;
  totalLbs: number;
  kgCo2e: number;
  /** Pounds per category id. */
  categoryLbs: Record<string, number>;
};

/** Retailers and their banners, for the report's picker. */
export async function partnerList(db: DbOrTx) {
  const rs = await db.select().from(retailers).orderBy(asc(retailers.name));
  const bs = await db.select().from(banners).orderBy(asc(banners.name));
  return rs.map((r) => ({
    id: r.id,
    name: r.name,
    banners: bs.filter((b) => b.retailerId === r.id).map((b) => ({ id: b.id, name: b.name })),
  }));
}

export async function partnerReport(db: DbOrTx, access: ProgramAccess, q: PartnerQuery) {
  if (!q.retailerId && !q.bannerId) throw new ApiError(400, 'BAD_REQUEST', 'retailerId');
  if (q.from > q.to) throw new ApiError(400, 'BAD_REQUEST', 'from');
  const [partner] = q.bannerId
    ? await db
        .select({ name: sql<string>`${retailers.name} || ' – ' || ${banners.name}` })
        .from(banners)
        .innerJoin(retailers, eq(retailers.id, banners.retailerId))
        .where(eq(banners.id, q.bannerId))
    : await db.select({ name: retailers.name }).from(retailers).where(eq(retailers.id, q.retailerId!));
  if (!partner) throw notFound();
  const scope = access.role === 'admin' ? sql`true` : sql`b.province = any(${`{${access.provinces.join(',')}}`}::text[])`;
  const partnerWhere = q.bannerId ? sql`s.banner_id = ${q.bannerId}::uuid` : sql`s.retailer_id = ${q.retailerId}::uuid`;
  const rows = await queryRows<{
    retailer: string;
    banner: string | null;
    store_number: string | null;
    store_name: string;
    month: string;
    front: number;
    back: number;
    total: number;
    co2e: number;
    cats: Record<string, number> | string | null;
  }>(
    db,
    sql`with d as (
          select d.id, d.store_id, to_char(d.date, 'YYYY-MM') as month, d.source, d.weight_in_pounds, coalesce(d.ghg_kg_co2e, 0) as co2e
          from donations d
          join stores s on s.id = d.store_id
          join branches b on b.id = d.branch_id
          where ${partnerWhere} and ${scope} and d.date >= ${q.from}::date and d.date <= ${q.to}::date
        ),
        c as (
          select d.store_id, d.month, jsonb_object_agg(x.category_id::text, x.lbs) as cats
          from (select distinct store_id, month from d) d
          join lateral (
            select dc.category_id, sum(dd.weight_in_pounds * dc.fraction)::float8 as lbs
            from d dd join donation_categories dc on dc.donation_id = dd.id
            where dd.store_id = d.store_id and dd.month = d.month group by dc.category_id
          ) x on true
          group by d.store_id, d.month
        )
        select r.name as retailer, bn.name as banner, s.number as store_number, s.name as store_name, d.month,
          sum(d.weight_in_pounds) filter (where d.source = 1)::float8 as front,
          sum(d.weight_in_pounds) filter (where d.source = 0)::float8 as back,
          sum(d.weight_in_pounds)::float8 as total, sum(d.co2e)::float8 as co2e, c.cats
        from d join stores s on s.id = d.store_id
        left join retailers r on r.id = s.retailer_id
        left join banners bn on bn.id = s.banner_id
        left join c on c.store_id = d.store_id and c.month = d.month
        group by r.name, bn.name, s.number, s.name, d.store_id, d.month, c.cats
        order by bn.name nulls first, s.name, s.number, d.month`,
  );
  const cats = await db
    .select({ id: categories.id, name: categories.name, nameFr: categories.nameFr })
    .from(categories)
    .orderBy(asc(categories.displayOrder));
  const out: PartnerRow[] = rows.map((r) => ({
    retailer: r.retailer ?? '',
    banner: r.banner,
    storeNumber: r.store_number,
    storeName: r.store_name,
    month: r.month,
    frontLbs: Number(r.front ?? 0),
    backLbs: Number(r.back ?? 0),
    totalLbs: Number(r.total ?? 0),
    kgCo2e: Number(r.co2e ?? 0),
    categoryLbs: (typeof r.cats === 'string' ? JSON.parse(r.cats) : (r.cats ?? {})) as Record<string, number>,
  }));
  return { partner: partner.name, from: q.from, to: q.to, categories: cats, rows: out };
}

/** A report's rows: the program's (from the donations) or a partner's export (from the running totals). */
export type Report = Omit<Awaited<ReturnType<typeof partnerReport>>, 'categories'> & {
  categories: { id: number; name: string; nameFr: string }[];
};
const round = (n: number) => Math.round(n * 100) / 100;

export type Lang = 'en' | 'fr';
export const HEADINGS: Record<Lang, { fixed: string[]; lbs: string; co2e: string; total: string; sheet: string }> = {
  en: {
    fixed: ['Retailer', 'Banner', 'Store #', 'Store Name', 'Month', 'Front of Store (lbs)', 'Back of Store (lbs)', 'Total (lbs)'],
    lbs: '(lbs)',
    co2e: 'kg CO2e avoided',
    total: 'Total',
    sheet: 'Partner report',
  },
  fr: {
    fixed: [
      'Détaillant',
      'Bannière',
      'No de magasin',
      'Nom du magasin',
      'Mois',
      'Devant du magasin (lb)',
      'Arrière du magasin (lb)',
      'Total (lb)',
    ],
    lbs: '(lb)',
    co2e: 'kg d’éq. CO2 évités',
    total: 'Total',
    sheet: 'Rapport partenaire',
  },
};

/** The file's column headings, in the chosen language (shared with the partner's streamed export). */
export function partnerHeader(categories: Report['categories'], lang: Lang): string[] {
  const h = HEADINGS[lang];
  return [...h.fixed, ...categories.map((c) => `${lang === 'fr' ? c.nameFr : c.name} ${h.lbs}`), h.co2e];
}

/** One store and month as the file's cells. */
export function partnerCells(x: PartnerRow, categories: Report['categories']): (string | number)[] {
  return [
    x.retailer,
    x.banner ?? '',
    x.storeNumber ?? '',
    x.storeName,
    x.month,
    round(x.frontLbs),
    round(x.backLbs),
    round(x.totalLbs),
    ...categories.map((c) => round(x.categoryLbs[String(c.id)] ?? 0)),
    round(x.kgCo2e),
  ];
}

function table(r: Report, lang: Lang): { header: string[]; rows: (string | number)[][] } {
  return { header: partnerHeader(r.categories, lang), rows: r.rows.map((x) => partnerCells(x, r.categories)) };
}

/** English: ',' and a decimal point; French: ';' and a decimal comma, as a French spreadsheet expects. */
export function partnerCsv(r: Report, lang: Lang = 'en', opts: { totalRow?: boolean } = {}): string {
  const t = table(r, lang);
  const cell = (v: string | number) => (typeof v === 'number' ? csvNumber(v, lang) : guardCell(v));
  const rows = opts.totalRow ? [...t.rows, totalRow(t, lang)] : t.rows;
  return UTF8_BOM + csvLines([t.header.map(guardCell), ...rows.map((row) => row.map(cell))], csvDelimiter(lang));
}

/** 'Total' under the text columns, and each number column added up. */
function totalRow(t: { header: string[]; rows: (string | number)[][] }, lang: Lang): (string | number)[] {
  return t.header.map((_, i) => (i < 5 ? (i === 0 ? HEADINGS[lang].total : '') : round(t.rows.reduce((n, row) => n + Number(row[i]), 0))));
}

/** A real .xlsx: numbers are numbers (with a number format), a bold frozen header, a total row. */
export async function partnerXlsx(r: Report, lang: Lang = 'en'): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(HEADINGS[lang].sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const t = table(r, lang);
  ws.addRow(guardCells(t.header)).font = { bold: true };
  for (const row of t.rows) ws.addRow(guardCells(row));
  ws.addRow(guardCells(totalRow(t, lang))).font = { bold: true };
  t.header.forEach((h, i) => {
    const col = ws.getColumn(i + 1);
    col.width = Math.max(10, Math.min(40, h.length + 2));
    if (i >= 5) col.numFmt = '#,##0.00';
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
