// Reads a manifest file into its header and rows of cells by header name: CSV with csv-parse (as the store import
// reads its files) and XLSX with exceljs (as the exports write theirs), first worksheet, first row the header.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { ManifestCell, ManifestRow } from '@/lib/domain/manifest';

export type ManifestFile = { header: string[]; rows: ManifestRow[] };
export class ManifestFileError extends Error {
  constructor(readonly code: 'MANIFEST_NOT_READABLE' | 'MANIFEST_EMPTY') {
    super(code);
  }
}

const blank = (r: ManifestCell[]) => r.every((c) => c === null || c === undefined || String(c).trim() === '');

function rowsOf(records: ManifestCell[][]): ManifestFile {
  const first = records.findIndex((r) => !blank(r));
  if (first < 0) throw new ManifestFileError('MANIFEST_EMPTY');
  const header = records[first]!.map((h) => String(h ?? '').trim());
  // Line numbers are the file's own (the header is line 1), so a problem points at the line a person opens.
  const rows: ManifestRow[] = [];
  for (const [i, cells] of records.entries()) {
    if (i <= first || blank(cells)) continue;
    rows.push({ line: i + 1, cells: Object.fromEntries(header.map((h, c) => [h, cells[c] ?? null])) });
  }
  if (!rows.length) throw new ManifestFileError('MANIFEST_EMPTY');
  return { header, rows };
}

export function readManifestCsv(text: string): ManifestFile {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { trim: true, relax_column_count: true, skip_empty_lines: false });
  } catch {
    throw new ManifestFileError('MANIFEST_NOT_READABLE');
  }
  return rowsOf(records);
}

/** A cell's value as the sheet shows it: formulas by their result, rich text and links by their text. */
function cellValue(v: ExcelJS.CellValue): ManifestCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string' || v instanceof Date) return v;
  if (typeof v === 'boolean') return String(v);
  if ('result' in v) return cellValue(v.result as ExcelJS.CellValue);
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('text' in v) return String(v.text);
  return null;
}

export async function readManifestXlsx(bytes: Buffer): Promise<ManifestFile> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ManifestFileError('MANIFEST_NOT_READABLE');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new ManifestFileError('MANIFEST_EMPTY');
  const records: ManifestCell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellValue);
    records[n - 1] = values;
  });
  for (let i = 0; i < records.length; i++) records[i] ??= [];
  return rowsOf(records);
}
