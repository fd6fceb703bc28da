import { checkManifestRows, manifestMappingSchema, missingColumns } from './manifest';

const mapping = manifestMappingSchema.parse({ storeNumber: 'Store #', date: 'Ship Date', weight: 'Net Wt', unit: 'UOM' });
const row = (line: number, store: string, date: unknown, weight: unknown, unit = 'LB') => ({
  line,
  cells: { 'Store #': store, 'Ship Date': date as string, 'Net Wt': weight as string, UOM: unit },
});

describe('checking a manifest file line by line', () => {
  it('reads the retailer columns, converts kilograms to pounds and gives each line its key', () => {
    const { lines, problems } = checkManifestRows(
      [row(2, '1042', '2026-11-12', '1,200'), row(3, '1043', new Date('2026-11-10'), 50, 'kg')],
      mapping,
      '2026-11-30',
    );
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.storeNumber, l.date, l.weightInPounds])).toEqual([
      ['1042', '2026-11-12', 1200],
      ['1043', '2026-11-10', 110.23],
    ]);
    expect(lines[0]!.key).toBe('1042|2026-11-12|1200.00|');
  });

  it('lists every problem by line: no store number, bad or future date, weight not a number, unknown unit, duplicate', () => {
    const { lines, problems } = checkManifestRows(
      [
        row(2, '', '2026-11-12', '10'),
        row(3, '1042', '2026-02-30', '10'),
        row(4, '1042', '2026-12-01', '10'),
        row(5, '1042', '2026-11-12', 'ten'),
        row(6, '1042', '2026-11-12', '10', 'crates'),
        row(7, '1042', '2026-11-12', '10'),
        row(8, '1042', '2026-11-12', '10'),
        row(9, '1042', '2024-01-01', '-3'),
      ],
      mapping,
      '2026-11-30',
    );
    expect(problems.map((p) => [p.line, p.code])).toEqual([
      [2, 'MANIFEST_STORE_NUMBER_REQUIRED'],
      [3, 'MANIFEST_DATE_INVALID'],
      [4, 'MANIFEST_DATE_OUT_OF_RANGE'],
      [5, 'MANIFEST_WEIGHT_NOT_NUMBER'],
      [6, 'MANIFEST_UNIT_UNKNOWN'],
      [8, 'MANIFEST_DUPLICATE_LINE'],
      [9, 'MANIFEST_DATE_OUT_OF_RANGE'],
      [9, 'MANIFEST_WEIGHT_OUT_OF_RANGE'],
    ]);
    expect(problems.find((p) => p.line === 8)?.params).toEqual({ first: 7 });
    expect(lines.map((l) => l.line)).toEqual([7]);
  });

  it('refuses a file whose header lacks a mapped column', () => {
    expect(missingColumns(['store #', 'Ship Date', 'Weight'], mapping).map((p) => p.params.column)).toEqual(['Net Wt', 'UOM']);
  });
});
