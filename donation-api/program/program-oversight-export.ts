// The oversight month view as a file: CSV (RFC 4180, BOM, formula guard) or a real .xlsx (exceljs) with
// numbers as numbers. Same rows, filters and order as the screen; headings in the caller's language, and a French
// CSV with ';' and decimal commas like the branch's (csvDelimiter, csvNumber).
import ExcelJS from 'exceljs';
import { csvDelimiter, csvLines, csvNumber, guardCell, guardCells, UTF8_BOM } from '@/lib/domain/csv';
import type { OversightAnswer, OversightRow } from '@/lib/domain/program-oversight';

type Lang = 'en' | 'fr';

const HEADINGS: Record<Lang, string[]> = {
  en: [
    'Food Bank',
    'Province',
    'Status',
    'Submitted on',
    'Submitted by',
    'Front of Store (lbs)',
    'Back of Store (lbs)',
    'Donations',
    'Last donation',
    'Comments',
  ],
  fr: [
    'Banque alimentaire',
    'Province',
    'Statut',
    'Soumis le',
    'Soumis par',
    'Devant du magasin (lb)',
    'Arrière du magasin (lb)',
    'Dons',
    'Dernier don',
    'Commentaires',
  ],
};
const STATUS: Record<Lang, Record<OversightRow['status'], string>> = {
  en: { submitted: 'Submitted', pending: 'Pending', overdue: 'Overdue', reopened: 'Reopened' },
  fr: { submitted: 'Soumis', pending: 'En attente', overdue: 'En retard', reopened: 'Rouvert' },
};

export function oversightFileName(answer: OversightAnswer, ext: 'csv' | 'xlsx') {
  return `program-oversight-${answer.year}-${String(answer.month).padStart(2, '0')}.${ext}`;
}

/** The calendar day (YYYY-MM-DD) of an instant in the app's time zone: a report submitted at 21:00 in Toronto on
 * 15 November is submitted on the 15th, although it is already the 16th in UTC. */
function dayIn(timeZone: string) {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (iso: string | null) => (iso ? f.format(new Date(iso)) : '');
}

export function oversightCsv(answer: OversightAnswer, lang: Lang, timeZone: string): string {
  const dateOnly = dayIn(timeZone);
  const lines = answer.rows.map((r) =>
    [
      r.name,
      r.province ?? '',
      STATUS[lang][r.status],
      dateOnly(r.submittedAt),
      r.submittedBy ?? '',
      csvNumber(Math.round(r.frontStoreWeightInPounds * 100) / 100, lang),
      csvNumber(Math.round(r.backStoreWeightInPounds * 100) / 100, lang),
      csvNumber(r.donations, lang),
      r.lastDonation ?? '',
      r.comments ?? '',
    ].map(guardCell),
  );
  return UTF8_BOM + csvLines([HEADINGS[lang], ...lines], csvDelimiter(lang));
}

export async function oversightXlsx(answer: OversightAnswer, lang: Lang, timeZone: string): Promise<Buffer> {
  const day = dayIn(timeZone);
  const book = new ExcelJS.Workbook();
  book.creator = 'Retail Food Program';
  const sheet = book.addWorksheet(`${answer.year}-${String(answer.month).padStart(2, '0')}`);
  sheet.columns = HEADINGS[lang].map((header, i) => ({
    header: guardCell(header),
    width: [36, 9, 12, 13, 30, 20, 20, 10, 13, 50][i],
    style: i === 5 || i === 6 ? { numFmt: '#,##0.00' } : i === 3 || i === 8 ? { numFmt: 'yyyy-mm-dd' } : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1, xSplit: 1 }];
  const asDate = (v: string | null) => (v ? new Date(`${v.slice(0, 10)}T00:00:00Z`) : null);
  for (const r of answer.rows) {
    sheet.addRow(
      guardCells([
        r.name,
        r.province ?? '',
        STATUS[lang][r.status],
        asDate(day(r.submittedAt)),
        r.submittedBy ?? '',
        r.frontStoreWeightInPounds,
        r.backStoreWeightInPounds,
        r.donations,
        asDate(r.lastDonation),
        r.comments ?? '',
      ]),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
