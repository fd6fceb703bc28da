// A retailer's manifest, checked line by line (docs/rules.md, Manifests): the retailer's own columns are read through
// the column mapping saved for it, and every line is either a line to keep or one or more problems on its line
// number. Pure: the caller reads the file and the stores, and says what today is.
import { z } from 'zod';
import { WeightUnit } from './enums';
import { LBS_PER_KG, MAX_DONATION_LBS } from './weight';

/** The retailer's column name for each field; a unit column, or else the one unit every line is in. */
export const manifestMappingSchema = z.object({
  storeNumber: z.string().trim().min(1).max(200),
  date: z.string().trim().min(1).max(200),
  weight: z.string().trim().min(1).max(200),
  unit: z.string().trim().min(1).max(200).optional(),
  defaultUnit: z.enum(['lb', 'kg']).default('lb'),
  categories: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
});
export type ManifestMapping = z.infer<typeof manifestMappingSchema>;

export type ManifestCell = string | number | Date | null | undefined;
export type ManifestRow = { line: number; cells: Record<string, ManifestCell> };

export type ManifestProblemCode =
  | 'MANIFEST_COLUMN_MISSING'
  | 'MANIFEST_STORE_NUMBER_REQUIRED'
  | 'MANIFEST_DATE_INVALID'
  | 'MANIFEST_DATE_OUT_OF_RANGE'
  | 'MANIFEST_WEIGHT_NOT_NUMBER'
  | 'MANIFEST_WEIGHT_OUT_OF_RANGE'
  | 'MANIFEST_UNIT_UNKNOWN'
  | 'MANIFEST_DUPLICATE_LINE'
  | 'MANIFEST_STORE_NOT_YOURS';
export type ManifestProblem = { line: number; column: string | null; code: ManifestProblemCode; params: Record<string, string | number> };

export type CheckedManifestLine = {
  line: number;
  storeNumber: string;
  date: string;
  weight: number;
  weightUnit: WeightUnit;
  weightInPounds: number;
  categories: Record<string, string> | null;
  /** The same store number, date, pounds and categories: the same line, whichever file or call sends it. */
  key: string;
};

/** How far back a manifest line may be dated: two years before today (older months are closed and reported). */
export const MANIFEST_MAX_AGE_DAYS = 731;

const UNITS: Record<string, WeightUnit> = {
  lb: WeightUnit.Pounds,
  lbs: WeightUnit.Pounds,
  pound: WeightUnit.Pounds,
  pounds: WeightUnit.Pounds,
  livre: WeightUnit.Pounds,
  livres: WeightUnit.Pounds,
  kg: WeightUnit.Kilogram,
  kgs: WeightUnit.Kilogram,
  kilo: WeightUnit.Kilogram,
  kilos: WeightUnit.Kilogram,
  kilogram: WeightUnit.Kilogram,
  kilograms: WeightUnit.Kilogram,
  kilogramme: WeightUnit.Kilogram,
  kilogrammes: WeightUnit.Kilogram,
};

const text = (v: ManifestCell) =>
  v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();

/** A calendar date from ISO text (2026-11-12 or 2026/11/12) or a spreadsheet date cell; null when it is none. */
export function manifestDate(v: ManifestCell): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10);
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text(v));
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** A number from a cell: spaces and thousands commas left out ("1,200" is 1200); null when it is not a number. */
export function manifestWeight(v: ManifestCell): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const s = text(v).replace(/[\s\u00a0,]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  return Number(s);
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The columns of the mapping missing from the file's header: a file-level refusal (line 1). */
export function missingColumns(header: string[], mapping: ManifestMapping): ManifestProblem[] {
  const have = new Set(header.map((h) => h.trim().toLowerCase()));
  const wanted = [mapping.storeNumber, mapping.date, mapping.weight, ...(mapping.unit ? [mapping.unit] : []), ...mapping.categories];
  return wanted
    .filter((c) => !have.has(c.toLowerCase()))
    .map((c) => ({ line: 1, column: c, code: 'MANIFEST_COLUMN_MISSING' as const, params: { column: c } }));
}

/**
 * Checks every row: a store number, a date no later than today and at most two years back, a weight that is a
 * number above 0 and at most a truckload (MAX_DONATION_LBS), a known unit, and no line twice in the same file.
 * Whether the store number is one of the retailer's stores is the caller's (a line for a store not on file is kept).
 */
export function checkManifestRows(rows: ManifestRow[], mapping: ManifestMapping, today: string) {
  const lines: CheckedManifestLine[] = [];
  const problems: ManifestProblem[] = [];
  const seen = new Map<string, number>();
  const earliest = addDays(today, -MANIFEST_MAX_AGE_DAYS);
  // Cells are looked up by header name in any case, as the mapping was chosen from the header.
  const get = (cells: Record<string, ManifestCell>, column: string) => {
    if (column in cells) return cells[column];
    const k = Object.keys(cells).find((c) => c.trim().toLowerCase() === column.toLowerCase());
    return k === undefined ? undefined : cells[k];
  };
  for (const { line, cells } of rows) {
    const before = problems.length;
    const at = (column: string, code: ManifestProblemCode, params: Record<string, string | number> = {}) =>
      problems.push({ line, column, code, params });
    const storeNumber = text(get(cells, mapping.storeNumber));
    if (!storeNumber) at(mapping.storeNumber, 'MANIFEST_STORE_NUMBER_REQUIRED');
    const rawDate = get(cells, mapping.date);
    const date = manifestDate(rawDate);
    if (!date) at(mapping.date, 'MANIFEST_DATE_INVALID', { value: text(rawDate) });
    else if (date > today || date < earliest) at(mapping.date, 'MANIFEST_DATE_OUT_OF_RANGE', { value: date, from: earliest, to: today });
    const rawWeight = get(cells, mapping.weight);
    const weight = manifestWeight(rawWeight);
    let weightUnit: WeightUnit = mapping.defaultUnit === 'kg' ? WeightUnit.Kilogram : WeightUnit.Pounds;
    if (mapping.unit) {
      const u = text(get(cells, mapping.unit)).toLowerCase().replace(/\.$/, '');
      if (u) {
        const known = UNITS[u];
        if (known === undefined) at(mapping.unit, 'MANIFEST_UNIT_UNKNOWN', { value: u });
        else weightUnit = known;
      }
    }
    if (weight === null) at(mapping.weight, 'MANIFEST_WEIGHT_NOT_NUMBER', { value: text(rawWeight) });
    const weightInPounds = weight === null ? 0 : weightUnit === WeightUnit.Kilogram ? weight * LBS_PER_KG : weight;
    if (weight !== null && (weight <= 0 || weightInPounds > MAX_DONATION_LBS))
      at(mapping.weight, 'MANIFEST_WEIGHT_OUT_OF_RANGE', { value: weight, max: MAX_DONATION_LBS });
    if (problems.length > before) continue;
    const categories = mapping.categories.length ? Object.fromEntries(mapping.categories.map((c) => [c, text(get(cells, c))])) : null;
    const key = [storeNumber.toLowerCase(), date, round2(weightInPounds).toFixed(2), categories ? JSON.stringify(categories) : ''].join(
      '|',
    );
    const first = seen.get(key);
    if (first !== undefined) {
      at(mapping.storeNumber, 'MANIFEST_DUPLICATE_LINE', { first });
      continue;
    }
    seen.set(key, line);
    lines.push({ line, storeNumber, date: date!, weight: weight!, weightUnit, weightInPounds: round2(weightInPounds), categories, key });
  }
  return { lines, problems };
}
