import { stringify } from 'csv-stringify/sync';
import { formatMmDdYyyy } from './dates';
import { Source } from './enums';

// The donation export of section 9: one row per donation, one column per category.

export const UTF8_BOM = '\uFEFF';
export const EXPORT_FIXED_COLUMNS = ['Retailer', 'Banner', 'Store #', 'Store Name', 'Food Bank', 'Date', 'Source', 'Weight (lbs)'] as const;
export const EXPORT_SOURCE_LABELS: Record<number, string> = { [Source.BackStore]: 'Back Of Store', [Source.FrontStore]: 'Front of Store' };

export type ExportCategory = { id: number; name: string; displayOrder: number };

export type ExportDonation = {
  retailer?: string | null;
  banner?: string | null;
  storeNumber?: string | null;
  storeName: string;
  foodBank: string;
  /** Calendar date YYYY-MM-DD (or an ISO date-time, read as UTC). */
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

export function exportHeader(categories: readonly ExportCategory[]): string[] {
  return [...EXPORT_FIXED_COLUMNS, ...[...categories].sort((a, b) => a.displayOrder - b.displayOrder).map((c) => c.name)].map(guardCell);
}

function formatPounds(lbs: number): string {
  return String(Math.round(lbs * 100) / 100);
}

export function exportRow(d: ExportDonation, categories: readonly ExportCategory[]): string[] {
  const cells = [
    d.retailer ?? '',
    d.banner?.trim() ? d.banner : 'N/A',
    d.storeNumber ?? '',
    d.storeName,
    d.foodBank,
    formatMmDdYyyy(d.date),
    EXPORT_SOURCE_LABELS[d.source] ?? '',
    formatPounds(d.weightInPounds),
    ...[...categories].sort((a, b) => a.displayOrder - b.displayOrder).map((c) => `${Math.round((d.shares[c.id] ?? 0) * 100)}%`),
  ];
  return cells.map(guardCell);
}

/** RFC 4180 text of some rows: fields quoted when they hold a comma, quote or line break; CRLF line ends. */
export function csvLines(rows: string[][]): string {
  // csv-stringify quotes only the record delimiter (CRLF) by itself; a lone LF or CR must be quoted too.
  return stringify(rows, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** The whole file at once (the screens' fallback for small sets); the API streams the same bytes. */
export function exportCsv(donations: ExportDonation[], categories: readonly ExportCategory[]): string {
  return UTF8_BOM + csvLines([exportHeader(categories), ...donations.map((d) => exportRow(d, categories))]);
}

export { exportFileName } from './export-file-name';
