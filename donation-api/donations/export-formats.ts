import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  csvDelimiter,
  csvLines,
  csvNumber,
  csvStream,
  EXPORT_FIXED_COLUMNS,
  EXPORT_SOURCE_LABELS,
  guardCell,
  guardCells,
} from '@/lib/domain/csv';
import { WeightUnit } from '@/lib/domain/enums';
import type { DbOrTx } from '../db/client';
import { EXPORT_BATCH_ROWS, exportBatches, exportContext, type ExportDbRow } from './export';

// The year export in the other formats people open: XLSX (numbers as numbers, dates as dates) and a CSV in the
// user's language (French: headers, decimal comma, ';' separator, as a French spreadsheet expects). Both add
// the amount and unit entered beside the pounds. The English CSV of standard columns (export.ts) stays the default.

export type ExportLang = 'en' | 'fr';

const COLUMNS = {
  en: {
    fixed: [...EXPORT_FIXED_COLUMNS.slice(0, 8), 'Amount entered', 'Unit entered'],
    noBanner: 'N/A',
    source: EXPORT_SOURCE_LABELS,
    unit: { [WeightUnit.Kilogram]: 'kg', [WeightUnit.Pounds]: 'lbs', [WeightUnit.BananaBox]: 'banana box' } as Record<number, string>,
  },
  fr: {
    fixed: [
      'Détaillant',
      'Bannière',
      'No de magasin',
      'Nom du magasin',
      'Banque alimentaire',
      'Date',
      'Provenance',
      'Poids (lb)',
      'Quantité saisie',
      'Unité saisie',
    ],
    noBanner: 'S.O.',
    source: { 0: 'Arrière du magasin', 1: 'Devant du magasin' } as Record<number, string>,
    unit: { [WeightUnit.Kilogram]: 'kg', [WeightUnit.Pounds]: 'lb', [WeightUnit.BananaBox]: 'boîte de bananes' } as Record<number, string>,
  },
} as const;

type Cats = Awaited<ReturnType<typeof exportContext>>['cats'];

function header(lang: ExportLang, cats: Cats): string[] {
  return [...COLUMNS[lang].fixed, ...cats.map((c) => `${lang === 'fr' ? c.nameFr : c.name} (%)`)];
}

/** One row as typed values: text, numbers, the calendar date as a UTC Date, shares 0..1. */
function values(r: ExportDbRow, lang: ExportLang, branchName: string, cats: Cats) {
  const [y, m, d] = r.date.split('-').map(Number);
  const shares = r.shares as Record<string, number>;
  return {
    text: [r.retailer ?? '', r.banner?.trim() ? r.banner : COLUMNS[lang].noBanner, r.store_number ?? '', r.store_name, branchName],
    date: new Date(Date.UTC(y!, m! - 1, d)),
    isoDate: r.date,
    source: COLUMNS[lang].source[Number(r.source)] ?? '',
    pounds: Math.round(Number(r.weight_in_pounds) * 100) / 100,
    amount: Number(r.weight),
    unit: COLUMNS[lang].unit[Number(r.weight_unit)] ?? '',
    shares: cats.map((c) => Number(shares[String(c.id)] ?? 0)),
  };
}

/** The CSV in the chosen language: French uses ';', a decimal comma and ISO dates; shares are whole percents. */
export async function exportYearCsvLocalized(db: DbOrTx, branchId: string, year: number, lang: ExportLang, batchRows = EXPORT_BATCH_ROWS) {
  const { branchName, cats } = await exportContext(db, branchId);
  const lines = (rows: string[][]) => csvLines(rows, csvDelimiter(lang));
  const stream = csvStream(lines([header(lang, cats).map(guardCell)]), exportBatches(db, branchId, year, batchRows), (batch) =>
    lines(
      batch.map((r) => {
        const v = values(r, lang, branchName, cats);
        return [
          ...v.text,
          v.isoDate,
          v.source,
          csvNumber(v.pounds, lang),
          csvNumber(v.amount, lang),
          v.unit,
          ...v.shares.map((s) => String(Math.round(s * 100))),
        ].map(guardCell);
      }),
    ),
  );
  return { stream };
}

/**
 * The year as an XLSX workbook, streamed: exceljs's streaming writer commits each row as it goes (no shared
 * strings table), and the producer waits for the reader whenever the pipe is full, so memory stays flat.
 */
export async function exportYearXlsx(db: DbOrTx, branchId: string, year: number, lang: ExportLang, batchRows = EXPORT_BATCH_ROWS) {
  const { branchName, cats } = await exportContext(db, branchId);
  const pass = new PassThrough({ highWaterMark: 256 * 1024 });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(String(year));
  const head = header(lang, cats);
  ws.columns = head.map((h, i) => ({
    header: guardCell(h),
    width: i === 3 || i === 4 ? 28 : Math.max(12, h.length + 2),
    style: i === 5 ? { numFmt: 'yyyy-mm-dd' } : i === 7 || i === 8 ? { numFmt: '0.00' } : i >= 10 ? { numFmt: '0%' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const drain = () => (pass.writableNeedDrain ? new Promise<void>((resolve) => pass.once('drain', resolve)) : Promise.resolve());

  void (async () => {
    try {
      for await (const batch of exportBatches(db, branchId, year, batchRows)) {
        for (const r of batch) {
          const v = values(r, lang, branchName, cats);
          ws.addRow(guardCells([...v.text, v.date, v.source, v.pounds, v.amount, v.unit, ...v.shares])).commit();
        }
        await drain();
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      pass.destroy(err as Error);
    }
  })();
  return { stream: Readable.toWeb(pass) as unknown as ReadableStream<Uint8Array> };
}
