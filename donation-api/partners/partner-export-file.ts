// The partner's export written as it is read (partner-export.ts): a CSV and an XLSX workbook streamed a batch of
// stores at a time, with the total row at the end, as a branch's year export streams (donations/export-formats.ts).
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvDelimiter, csvLines, csvNumber, csvStream, guardCell, guardCells } from '@/lib/domain/csv';
import type { partnerExportReport } from './partner-export';
import { HEADINGS, partnerCells, partnerHeader, type Lang } from './partner-report';

type Export = Awaited<ReturnType<typeof partnerExportReport>>;
const round = (n: number) => Math.round(n * 100) / 100;

/** Adds up the number columns as rows go by, for the total row (the same sums of rounded cells as partnerCsv's). */
function totals(width: number, lang: Lang) {
  const sums = new Array<number>(width).fill(0);
  return {
    add: (cells: (string | number)[]) => cells.forEach((v, i) => i >= 5 && (sums[i]! += Number(v))),
    row: (): (string | number)[] => sums.map((n, i) => (i < 5 ? (i === 0 ? HEADINGS[lang].total : '') : round(n))),
  };
}

/** The CSV in the chosen language (English: ',' and a decimal point; French: ';' and a decimal comma). */
export function partnerCsvStream(r: Export, lang: Lang): ReadableStream<Uint8Array> {
  const header = partnerHeader(r.categories, lang);
  const sum = totals(header.length, lang);
  const cell = (v: string | number) => (typeof v === 'number' ? csvNumber(v, lang) : guardCell(v));
  const lines = (rows: string[][]) => csvLines(rows, csvDelimiter(lang));
  return csvStream(
    lines([header.map(guardCell)]),
    r.batches(),
    (batch) => {
      const rows = batch.map((x) => partnerCells(x, r.categories));
      rows.forEach(sum.add);
      return lines(rows.map((row) => row.map(cell)));
    },
    () => lines([sum.row().map(cell)]),
  );
}

/** A real .xlsx, streamed: numbers as numbers with a number format, a bold frozen header, a total row. */
export function partnerXlsxStream(r: Export, lang: Lang): ReadableStream<Uint8Array> {
  const pass = new PassThrough({ highWaterMark: 256 * 1024 });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(HEADINGS[lang].sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = partnerHeader(r.categories, lang);
  const sum = totals(header.length, lang);
  ws.columns = header.map((h, i) => ({ width: Math.max(10, Math.min(40, h.length + 2)), style: i >= 5 ? { numFmt: '#,##0.00' } : {} }));
  const bold = (cells: (string | number)[]) => {
    const row = ws.addRow(guardCells(cells));
    row.font = { bold: true };
    row.commit();
  };
  bold(header);
  const drain = () => (pass.writableNeedDrain ? new Promise<void>((resolve) => pass.once('drain', resolve)) : Promise.resolve());
  void (async () => {
    try {
      for await (const batch of r.batches()) {
        for (const x of batch) {
          const cells = partnerCells(x, r.categories);
          sum.add(cells);
          ws.addRow(guardCells(cells)).commit();
        }
        await drain();
      }
      bold(sum.row());
      ws.commit();
      await wb.commit();
    } catch (err) {
      pass.destroy(err as Error);
    }
  })();
  return Readable.toWeb(pass) as unknown as ReadableStream<Uint8Array>;
}
