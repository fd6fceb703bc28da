// Apart from csv.ts so the browser can name the file without loading the export's row and CSV code.

/** {branch}-branch-donations-export.csv, with characters that break file names or headers replaced. */
export function exportFileName(branchName: string): string {
  const safe =
    branchName
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'branch';
  return `${safe}-branch-donations-export.csv`;
}
