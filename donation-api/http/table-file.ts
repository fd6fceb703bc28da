import type { Context } from 'hono';
import { attachmentDisposition } from '@/lib/domain/export-file-name';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A downloaded file's language (a table, a report): the one asked for, else the caller's own. */
export const fileLanguage = (asked: 'en' | 'fr' | undefined, locale: string | null | undefined): 'en' | 'fr' =>
  asked ?? (locale?.startsWith('fr') ? 'fr' : 'en');

/**
 * The answer of a table download (the routes' tableFileResponse): a CSV or XLSX body under its file name (accents kept,
 * attachmentDisposition), its type, and no sniffing.
 */
export function tableFile(c: Context, format: 'csv' | 'xlsx', fileName: string, body: string | Uint8Array | ReadableStream<Uint8Array>) {
  c.header('content-disposition', attachmentDisposition(fileName));
  c.header('x-content-type-options', 'nosniff');
  c.header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE);
  return c.body(body as never, 200) as never;
}
