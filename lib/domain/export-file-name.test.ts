import { asciiFileName, attachmentDisposition, exportFileName } from './export-file-name';

describe('exportFileName', () => {
  it('names each year export with the branch, the year and the format', () => {
    expect(exportFileName('Daily Bread Food Bank', 2026)).toBe('Daily Bread Food Bank-branch-donations-export-2026.csv');
    expect(exportFileName('Daily Bread Food Bank', 2026, 'csv-fr')).toBe('Daily Bread Food Bank-branch-donations-export-2026-fr.csv');
    expect(exportFileName('Daily Bread Food Bank', 2026, 'xlsx')).toBe('Daily Bread Food Bank-branch-donations-export-2026.xlsx');
    expect(exportFileName('Daily Bread Food Bank', 2025)).not.toBe(exportFileName('Daily Bread Food Bank', 2026));
  });

  it('replaces what breaks a file name and falls back on "branch"', () => {
    expect(exportFileName('A/B: "C"', 2026)).toBe('A B C-branch-donations-export-2026.csv');
    expect(exportFileName('', 2026)).toBe('branch-branch-donations-export-2026.csv');
  });

  it('gives an ASCII name and the UTF-8 one in the header', () => {
    const name = exportFileName('Banque alimentaire, Québec', 2026, 'csv-fr');
    expect(asciiFileName(name)).toBe('Banque alimentaire, Quebec-branch-donations-export-2026-fr.csv');
    expect(asciiFileName('日本 "x"')).toBe('__ _x_');
    expect(attachmentDisposition(name)).toBe(
      `attachment; filename="Banque alimentaire, Quebec-branch-donations-export-2026-fr.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  });
});
