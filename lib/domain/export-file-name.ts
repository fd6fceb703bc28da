// Apart from csv.ts so the browser can name the file without loading the export's row and CSV code.

/** The three year exports (docs/product.md, Exports of a year): the English CSV, the French CSV and the workbook. */
export type YearExportFormat = 'csv' | 'csv-fr' | 'xlsx';

const TAIL: Record<YearExportFormat, string> = { csv: '.csv', 'csv-fr': '-fr.csv', xlsx: '.xlsx' };

/**
 * {branch}-branch-donations-export-{year}.csv (the usual name with the year added), -{year}-fr.csv for the French
 * CSV and -{year}.xlsx for the workbook, so the exports of two years, or of one year in two forms, never share a name
 * in a downloads folder. Characters that break file names or headers are replaced; accents stay (see asciiFileName).
 */
export function exportFileName(branchName: string, year: number, format: YearExportFormat = 'csv'): string {
  return `${fileNamePart(branchName, 'branch')}-branch-donations-export-${year}${TAIL[format]}`;
}

/** A name (a branch's, a retailer's) as part of a file name: characters that break file names or headers replaced, accents kept. */
export function fileNamePart(name: string, fallback: string): string {
  return (
    name
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || fallback
  );
}

/** The name for a header's plain filename="…": accents dropped, anything else outside printable ASCII and quotes replaced. */
export function asciiFileName(fileName: string): string {
  return fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
}

/** Content-Disposition of a download: the ASCII name for old clients, filename* (RFC 6266) with the UTF-8 name. */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
