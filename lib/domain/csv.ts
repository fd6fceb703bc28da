import { formatMmDdYyyy } from './dates';
import { Source } from './enums';

// The donation export (docs/product.md, Exports of a year): one row per donation, one column per category.

export const UTF8_BOM = '\uFEFF';

/**
 * The CSV conventions a spreadsheet of each language opens without help: English ',' and a decimal point; French ';'
 * and a decimal comma (the comma is the decimal mark there, so it cannot also separate fields). Every CSV with a
 * language uses these: the branch's year export, the program's oversight month and partner report.
 */
export type CsvLang = 'en' | 'fr';
export const csvDelimiter = (lang: CsvLang) => (lang === 'fr' ? ';' : ',');
export const csvNumber = (n: number, lang: CsvLang) => (lang === 'fr' ? String(n).replace('.', ',') : String(n));
export const EXPORT_FIXED_COLUMNS = ['Retailer', 'Banner', 'Store #', 'Store Name', 'Food Bank', 'Date', 'Source', 'Weight (lbs)'] as const;
/** The one place the English exports name a source: the same words as the screens' "Back of Store" / "Front of Store". */
export const EXPORT_SOURCE_LABELS: Record<number, string> = { [Source.BackStore]: 'Back of Store', [Source.FrontStore]: 'Front of Store' };

export type ExportCategory = { id: number; name: string; displayOrder: number };

export type ExportDonation = {
  retailer?: string | null;
  banner?: string | null;
  storeNumber?: string | null;
  storeName: string;
  foodBank: string;
  /** Calendar date YYYY-MM-DD. */
  date: string;
  source: number;
  weightInPounds: number;
  /** Category id → share 0..1; absent categories are 0%. */
  shares: Record<number, number>;
};

/**
 * Spreadsheets run cells that start with = + - @ (or a tab / carriage return) as formulas; a leading
 * apostrophe makes them text (OWASP CSV injection advice).
 */
export function guardCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A workbook row with guardCell on its texts: a spreadsheet cell edited and confirmed, or the sheet saved as CSV,
 * runs a leading = + - @ as a formula too. Numbers, dates and empty cells stay as they are (numbers stay numbers).
 */
export function guardCells<T>(row: readonly T[]): (T | string)[] {
  return row.map((v) => (typeof v === 'string' ? guardCell(v) : v));
}

export function exportHeader(categories: readonly ExportCategory[]): string[] {
  return [...EXPORT_FIXED_COLUMNS, ...[...categories].sort((a, b) => a.displayOrder - b.displayOrder).map((c) => c.name)].map(guardCell);
}

function formatPounds(lbs: number): string {
  return String(Math.round(lbs * 100) / 100);
}

/** Rows of the export for these categories: the categories are put in display order once, not once per row. */
export function exportRowWriter(categories: readonly ExportCategory[]): (d: ExportDonation) => string[] {
  const ordered = [...categories].sort((a, b) => a.displayOrder - b.displayOrder);
  // Only the names can start like a formula: the date, source, pounds and percents are written here.
  return (d) => [
    guardCell(d.retailer ?? ''),
    guardCell(d.banner?.trim() ? d.banner : 'N/A'),
    guardCell(d.storeNumber ?? ''),
    guardCell(d.storeName),
    guardCell(d.foodBank),
    formatMmDdYyyy(d.date),
    EXPORT_SOURCE_LABELS[d.source] ?? '',
    formatPounds(d.weightInPounds),
    ...ordered.map((c) => `${Math.round((d.shares[c.id] ?? 0) * 100)}%`),
  ];
}

export function exportRow(d: ExportDonation, categories: readonly ExportCategory[]): string[] {
  return exportRowWriter(categories)(d);
}

const NEEDS_QUOTES = { ',': /[",\r\n]/, ';': /[";\r\n]/ } as const;

/**
 * RFC 4180 text of some rows: a field is quoted when it holds the delimiter, a quote or a line break (a lone CR or
 * LF too), quotes doubled; CRLF line ends. Written here rather than with csv-stringify, whose per-field work was
 * 1.1 s of a 250,000-row year export; csv.test.ts holds it to csv-stringify's output on random cells.
 */
export function csvLines(rows: readonly (readonly string[])[], delimiter: ',' | ';' = ','): string {
  const needsQuotes = NEEDS_QUOTES[delimiter];
  const field = (v: string) => (needsQuotes.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  // Joined rather than appended: a joined string is flat, and the encoder that turns it into bytes next reads a flat
  // string about ten times faster than a long chain of appends.
  return rows.map((row) => row.map(field).join(delimiter)).join('\r\n') + (rows.length ? '\r\n' : '');
}

/** The whole file at once (the screens' fallback for small sets); the API streams the same bytes. */
export function exportCsv(donations: ExportDonation[], categories: readonly ExportCategory[]): string {
  return UTF8_BOM + csvLines([exportHeader(categories), ...donations.map(exportRowWriter(categories))]);
}

export { exportFileName } from './export-file-name';

/**
 * A CSV file as a byte stream, read a batch at a time so memory holds one batch whatever the file's size: the head
 * (after the byte-order mark) first, then each batch's lines as it is read, then the tail if there is one. A cancelled
 * download stops the reading.
 */
export function csvStream<T>(
  head: string,
  batches: AsyncGenerator<T, void, undefined>,
  text: (batch: T) => string,
  tail?: () => string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headSent) {
          headSent = true;
          controller.enqueue(encoder.encode(UTF8_BOM + head));
          return;
        }
        const next = await batches.next();
        if (next.done) {
          if (tail) controller.enqueue(encoder.encode(tail()));
          return controller.close();
        }
        controller.enqueue(encoder.encode(text(next.value)));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
