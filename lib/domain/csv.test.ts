import { stringify } from 'csv-stringify/sync';
import { DEFAULT_CATEGORIES } from './categories';
import { csvDelimiter, csvLines, csvNumber, exportCsv, exportFileName, exportHeader, exportRow, guardCell } from './csv';

const cats = [...DEFAULT_CATEGORIES];
const base = {
  retailer: 'Sobeys Inc.',
  banner: 'IGA',
  storeNumber: '8123',
  storeName: 'Rue Saint-Jean',
  foodBank: 'Banque alimentaire de Québec',
  date: '2026-02-03',
  source: 0,
  weightInPounds: 12.345,
  shares: { 1: 0.5, 2: 0.5 },
};

describe('CSV export columns', () => {
  it('has the fixed columns then one per category in display order', () => {
    expect(exportHeader([...cats].reverse())).toEqual([
      'Retailer',
      'Banner',
      'Store #',
      'Store Name',
      'Food Bank',
      'Date',
      'Source',
      'Weight (lbs)',
      'Meat & Seafood',
      'Dairy',
      'Bakery',
      'Frozen',
      'Produce',
      'Non-perishable',
      'Non-food items',
      'Waste',
      'No Donation',
    ]);
  });

  it('formats a row: MM/DD/yyyy, source label, pounds to 2 decimals, whole percents, 0% when absent', () => {
    expect(exportRow(base, cats)).toEqual([
      'Sobeys Inc.',
      'IGA',
      '8123',
      'Rue Saint-Jean',
      'Banque alimentaire de Québec',
      '02/03/2026',
      'Back of Store',
      '12.35',
      '50%',
      '50%',
      '0%',
      '0%',
      '0%',
      '0%',
      '0%',
      '0%',
      '0%',
    ]);
    expect(exportRow({ ...base, source: 1, banner: null, shares: { 9: 0.333 } }, cats).slice(0, 9)).toEqual([
      'Sobeys Inc.',
      'N/A',
      '8123',
      'Rue Saint-Jean',
      'Banque alimentaire de Québec',
      '02/03/2026',
      'Front of Store',
      '12.35',
      '0%',
    ]);
    expect(exportRow({ ...base, shares: { 9: 0.333 } }, cats).at(-1)).toBe('33%');
    expect(exportRow({ ...base, banner: '  ' }, cats)[1]).toBe('N/A');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('guards %j against formula injection', (v) => {
    expect(guardCell(v)).toBe(`'${v}`);
  });
  it('leaves ordinary cells alone', () => {
    expect(guardCell('Loblaws')).toBe('Loblaws');
    expect(guardCell('a=b')).toBe('a=b');
  });

  it('quotes per RFC 4180 with CRLF line ends', () => {
    expect(csvLines([['a,b', 'say "hi"', 'line\nbreak', 'plain']])).toBe('"a,b","say ""hi""","line\nbreak",plain\r\n');
  });

  it.each([',', ';'] as const)('writes what csv-stringify writes, delimiter %j, on random cells', (delimiter) => {
    // A fixed-seed generator over the characters that matter (both delimiters, quotes, CR, LF, spaces, accents).
    let seed = 13;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['a', 'É', ' ', ',', ';', '"', '\r', '\n', '\r\n', "'", '=', '0', '.'];
    const cell = () => Array.from({ length: Math.floor(next() * 6) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    const rows = Array.from({ length: 400 }, () => Array.from({ length: 1 + Math.floor(next() * 5) }, cell));
    const oracle = stringify(rows, { delimiter, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
    expect(csvLines(rows, delimiter)).toBe(oracle);
    expect(rows.flat().some((c) => c.includes('"')) && rows.flat().some((c) => c.includes(delimiter))).toBe(true);
  });

  it('writes nothing for no rows', () => {
    expect(csvLines([])).toBe('');
  });

  it('builds a whole file with the UTF-8 BOM', () => {
    const csv = exportCsv([base], cats);
    expect(csv.startsWith('\uFEFFRetailer,Banner,')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
  });

  it('names the file after the branch and the year', () => {
    expect(exportFileName('Toronto Community Food Bank', 2026)).toBe('Toronto Community Food Bank-branch-donations-export-2026.csv');
  });
});

describe('CSV conventions per language', () => {
  it('writes English with commas and a decimal point, French with semicolons and a decimal comma', () => {
    expect(csvDelimiter('en')).toBe(',');
    expect(csvDelimiter('fr')).toBe(';');
    expect(csvNumber(1234.5, 'en')).toBe('1234.5');
    expect(csvNumber(1234.5, 'fr')).toBe('1234,5');
    expect(csvNumber(40, 'fr')).toBe('40');
    expect(csvLines([['Toronto, ON', csvNumber(12.25, 'fr')]], csvDelimiter('fr'))).toBe('Toronto, ON;12,25\r\n');
  });
});
