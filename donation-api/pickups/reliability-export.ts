// Pickup reliability as a file: CSV (BOM, formula guard; French with ';' and decimal commas, csvDelimiter/csvNumber) or
// a real .xlsx (exceljs) with counts as numbers and percentages as percentages. The same rows and total as the screen;
// the headings, the groups' empty names and the file's name in the caller's language.
import ExcelJS from 'exceljs';
import { csvDelimiter, csvLines, csvNumber, guardCell, guardCells, UTF8_BOM } from '@/lib/domain/csv';
import { PROVINCE_CODES, PROVINCE_NAMES, type ProvinceCode } from '@/lib/domain/enums';
import { MISSED_REASONS } from '@/lib/domain/pickups';
import type { ReliabilityAnswer, ReliabilityCounts, ReliabilityGroup, ReliabilityPercents } from '@/lib/domain/pickup-reliability';

type Lang = 'en' | 'fr';

const GROUP_HEAD: Record<Lang, Record<ReliabilityGroup, string>> = {
  en: { branch: 'Food Bank', store: 'Store', retailer: 'Retailer', province: 'Province' },
  fr: { branch: 'Banque alimentaire', store: 'Magasin', retailer: 'Détaillant', province: 'Province' },
};
const WORDS = {
  en: {
    province: 'Province',
    scheduled: 'Scheduled',
    recorded: 'Collected',
    noFood: 'No food',
    missed: 'Missed',
    reasons: {
      truck: 'Missed: truck',
      staff: 'Missed: staff',
      store_closed: 'Missed: store closed',
      weather: 'Missed: weather',
      other: 'Missed: other',
    },
    unrecorded: 'Unrecorded',
    pending: 'Not yet recorded',
    flagged: 'Flagged stores (3 in a row missed or no food)',
    percent: (h: string) => `${h} (%)`,
    total: 'Total',
    noRetailer: 'No retailer',
    noProvince: 'No province',
    file: 'pickup-reliability',
    by: { branch: 'by-food-bank', store: 'by-store', retailer: 'by-retailer', province: 'by-province' },
    quarter: 'Q',
  },
  fr: {
    province: 'Province',
    scheduled: 'Prévues',
    recorded: 'Collectées',
    noFood: 'Sans nourriture',
    missed: 'Manquées',
    reasons: {
      truck: 'Manquées : camion',
      staff: 'Manquées : personnel',
      store_closed: 'Manquées : magasin fermé',
      weather: 'Manquées : météo',
      other: 'Manquées : autre',
    },
    unrecorded: 'Non consignées',
    pending: 'Pas encore consignées',
    flagged: 'Magasins signalés (3 de suite manquées ou sans nourriture)',
    percent: (h: string) => `${h} (%)`,
    total: 'Total',
    noRetailer: 'Aucun détaillant',
    noProvince: 'Aucune province',
    file: 'fiabilite-des-collectes',
    by: { branch: 'par-banque-alimentaire', store: 'par-magasin', retailer: 'par-detaillant', province: 'par-province' },
    quarter: 'T',
  },
} as const;

/** pickup-reliability-2026-06-by-store.csv / fiabilite-des-collectes-2026-T2-par-magasin.xlsx */
export function reliabilityFileName(a: ReliabilityAnswer, lang: Lang, ext: 'csv' | 'xlsx') {
  const w = WORDS[lang];
  const period = a.month ? `${a.year}-${String(a.month).padStart(2, '0')}` : `${a.year}-${w.quarter}${a.quarter}`;
  return `${w.file}-${period}-${w.by[a.groupBy]}.${ext}`;
}

/** The column heads, in the caller's language: the group, its province where it has one, then each count and its %. */
export function reliabilityHeadings(groupBy: ReliabilityGroup, lang: Lang): string[] {
  const w = WORDS[lang];
  return [
    GROUP_HEAD[lang][groupBy],
    ...(groupBy === 'branch' || groupBy === 'store' ? [w.province] : []),
    w.scheduled,
    w.recorded,
    w.percent(w.recorded),
    w.noFood,
    w.percent(w.noFood),
    w.missed,
    w.percent(w.missed),
    ...MISSED_REASONS.map((r) => w.reasons[r]),
    w.unrecorded,
    w.percent(w.unrecorded),
    w.pending,
    w.flagged,
  ];
}

type Line = {
  name: string;
  province: ProvinceCode | null;
  counts: ReliabilityCounts;
  percents: ReliabilityPercents;
  flaggedStores: number;
};

/** One line as typed cells: text, whole counts, percentages as numbers (null: nothing scheduled, an empty cell). */
function cells(a: ReliabilityAnswer, l: Line, lang: Lang, isTotal: boolean): (string | number | null)[] {
  const w = WORDS[lang];
  const provinceName = (p: ProvinceCode | null) => (p && (PROVINCE_CODES as readonly string[]).includes(p) ? PROVINCE_NAMES[p][lang] : '');
  const name = isTotal ? w.total : l.name || (a.groupBy === 'retailer' ? w.noRetailer : a.groupBy === 'province' ? w.noProvince : '');
  const shownName = a.groupBy === 'province' && !isTotal && l.province ? provinceName(l.province) : name;
  const c = l.counts;
  const p = l.percents;
  return [
    shownName,
    ...(a.groupBy === 'branch' || a.groupBy === 'store' ? [isTotal ? '' : provinceName(l.province)] : []),
    c.scheduled,
    c.recorded,
    p.recorded,
    c.noFood,
    p.noFood,
    c.missed,
    p.missed,
    ...MISSED_REASONS.map((r) => c.missedByReason[r]),
    c.unrecorded,
    p.unrecorded,
    c.pending,
    l.flaggedStores,
  ];
}

function lines(a: ReliabilityAnswer, lang: Lang) {
  const total: Line = { name: '', province: null, ...a.total };
  return [...a.rows.map((r) => cells(a, r, lang, false)), cells(a, total, lang, true)];
}

export function reliabilityCsv(a: ReliabilityAnswer, lang: Lang): string {
  const body = lines(a, lang).map((row) => row.map((v) => (v === null ? '' : typeof v === 'number' ? csvNumber(v, lang) : guardCell(v))));
  return UTF8_BOM + csvLines([reliabilityHeadings(a.groupBy, lang), ...body], csvDelimiter(lang));
}

export async function reliabilityXlsx(a: ReliabilityAnswer, lang: Lang): Promise<Buffer> {
  const heads = reliabilityHeadings(a.groupBy, lang);
  const book = new ExcelJS.Workbook();
  book.creator = 'Retail Food Program';
  const sheet = book.addWorksheet(
    a.month ? `${a.year}-${String(a.month).padStart(2, '0')}` : `${a.year}-${WORDS[lang].quarter}${a.quarter}`,
  );
  sheet.columns = heads.map((header, i) => ({
    header: guardCell(header),
    width: i === 0 ? 40 : Math.max(12, Math.min(header.length + 2, 30)),
    // The percentage columns hold 0..100 with one decimal, as the screen shows them.
    style: header.endsWith('(%)') ? { numFmt: '0.0' } : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1, xSplit: 1 }];
  const all = lines(a, lang);
  for (const row of all) sheet.addRow(guardCells(row));
  sheet.getRow(all.length + 1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
