// The export's floor: PostgreSQL's own `COPY … TO STDOUT` of the same rows and columns, received by psql
// and thrown away, next to the API's CSV export in bench:api's table.
import { spawnSync } from 'node:child_process';
import { EXPORT_SELECT } from '../donation-api/donations/export';
import { log, ms, type BenchRow } from './bench-support';

export function copyFloor(results: BenchRow[], url: string, branchId: string, year: number) {
  if (!/^[0-9a-f-]{36}$/.test(branchId)) throw new Error(`not a branch id: ${branchId}`);
  const where = `d.branch_id = '${branchId}'::uuid and d.date >= '${year}-01-01'::date and d.date < '${year + 1}-01-01'::date`;
  // The same rows and columns as the export reads: the donations, then their shares by category.
  const copies = [
    `copy (${EXPORT_SELECT} where ${where} order by d.date, d.created_at, d.id) to stdout with (format csv)`,
    `copy (select dc.donation_id, dc.category_id, dc.fraction from donation_categories dc join donations d on d.id = dc.donation_id where ${where}) to stdout with (format csv)`,
  ];
  const runs: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    bytes = 0;
    for (const copy of copies) {
      const r = spawnSync('psql', [url, '-X', '-q', '-c', copy], { maxBuffer: 1 << 30, encoding: 'buffer' });
      if (r.status !== 0) throw new Error(`psql failed: ${r.stderr.toString()}`);
      bytes += r.stdout.byteLength;
    }
    runs.push(ms(t0));
  }
  const median = runs.sort((a, b) => a - b)[1];
  const mb = (bytes / 1024 / 1024).toFixed(1);
  results.push({
    target: 'postgres',
    operation: `export floor: COPY … TO STDOUT of the same rows (psql)`,
    median: median!,
    p95: NaN,
    n: 3,
    note: `${mb} MB: the donations, then their shares`,
  });
  log(`postgres COPY floor: ${median!.toFixed(0)} ms, ${mb} MB`);
}
