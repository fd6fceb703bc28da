// npm run bench:manifests - a 50,000-line manifest checked, saved and reconciled, on PostgreSQL: one national retailer
// with BENCH_STORES stores (1,500) served by BENCH_BRANCHES branches (500), a month of lines (about 33 a store) and
// about as many donations (most matching, some differing, some missing). Times in process: receiveManifest (read the
// CSV, check every line, match the stores, find the keys already kept, write in one transaction) and the program's
// reconciliation of the month (read both sides, pair them, group by retailer and branch). Env: BENCH_DATABASE_URL
// (postgres://postgres@127.0.0.1:5432/rfp_bench_manifests, dropped and created anew), BENCH_LINES (50,000).
import './load-env';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { openDb } from '../donation-api/db/client';
import { ensureReferenceData } from '../donation-api/db/reference-data';
import { receiveManifest } from '../donation-api/manifests/manifest-upload';
import { programReconciliation } from '../donation-api/manifests/reconciliation';
import { manifestMappingSchema } from '../lib/domain/manifest';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rfp_bench_manifests';
const STORES = Number(process.env.BENCH_STORES ?? 1500);
const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 500);
const LINES = Number(process.env.BENCH_LINES ?? 50_000);
const RETAILER = '22222222-2222-4222-8222-222222222222';

async function scratchDatabase() {
  const name = new URL(PG_URL).pathname.slice(1);
  const admin = new URL(PG_URL);
  admin.pathname = '/postgres';
  const c = new Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.query(`create database ${name}`);
  await c.end();
}

async function main() {
  await scratchDatabase();
  const { db, close } = await openDb({ databaseUrl: PG_URL });
  await ensureReferenceData(db);
  const today = new Date();
  const m = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 2, 1));
  const year = m.getUTCFullYear();
  const month = m.getUTCMonth() + 1;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const iso = (d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  // Places: branches, the retailer's stores numbered 1..STORES, each linked to a branch.
  await db.execute(sql`insert into retailers (id, name) values (${RETAILER}::uuid, 'National Grocer')`);
  await db.execute(sql`insert into branches (id, name, province)
    select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Branch ' || g, 'ON' from generate_series(1, ${BRANCHES}) g`);
  await db.execute(sql`insert into stores (id, name, number, retailer_id)
    select ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'Store ' || g, g::text, ${RETAILER}::uuid from generate_series(1, ${STORES}) g`);
  await db.execute(sql`insert into branch_stores (branch_id, store_id, campaign_id)
    select ('00000000-0000-4000-8000-' || lpad((1 + (g - 1) % ${BRANCHES})::text, 12, '0'))::uuid,
           ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, '00000000-0000-0000-0000-000000000000'::uuid
    from generate_series(1, ${STORES}) g`);
  // The manifest: line i is store 1 + i % STORES, day 1 + floor(i / STORES) % days, a weight from i.
  const lines: string[] = ['Store #,Ship Date,Net Wt,UOM'];
  const weight = (i: number) => 50 + (i % 400);
  for (let i = 0; i < LINES; i++) lines.push(`${1 + (i % STORES)},${iso(1 + (Math.floor(i / STORES) % days))},${weight(i)}.${i % 10},LB`);
  const csv = lines.join('\n');
  // The branches' side: 85 % of the lines typed (within 3 %), 5 % differing (×1.5), 10 % missing; a donation per line.
  await db.execute(sql`insert into donations (branch_id, campaign_id, store_id, date, source, weight, weight_unit, weight_in_pounds)
    select ('00000000-0000-4000-8000-' || lpad((1 + (i % ${STORES}) % ${BRANCHES})::text, 12, '0'))::uuid,
      '00000000-0000-0000-0000-000000000000'::uuid,
      ('00000000-0000-4000-9000-' || lpad((1 + i % ${STORES})::text, 12, '0'))::uuid,
      make_date(${year}, ${month}, 1 + (i / ${STORES}) % ${days}), 0,
      w, 1, w
    from (select i, (50 + i % 400 + (i % 10) / 10.0) * (case when i % 20 = 3 then 1.5 else 1.02 end) as w
          from generate_series(0, ${LINES - 1}) i where i % 10 <> 7) x`);
  await db.execute(sql`analyze`);
  const mapping = manifestMappingSchema.parse({ storeNumber: 'Store #', date: 'Ship Date', weight: 'Net Wt', unit: 'UOM' });
  const user = { id: '00000000-0000-4000-a000-000000000001', username: 'bench' } as never;
  const todayIso = today.toISOString().slice(0, 10);
  const t0 = performance.now();
  const answer = await receiveManifest(
    db,
    { user, retailerId: RETAILER, grant: null },
    { kind: 'file', csv, mapping, confirm: true },
    todayIso,
  );
  const t1 = performance.now();
  const rec = await programReconciliation(db, { role: 'admin', provinces: [] } as never, year, month);
  const t2 = performance.now();
  const again = await receiveManifest(
    db,
    { user, retailerId: RETAILER, grant: null },
    { kind: 'file', csv: csv + '\n', mapping, confirm: true },
    todayIso,
  );
  const t3 = performance.now();
  console.log(
    JSON.stringify(
      {
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
        lines: answer.lines,
        written: answer.written,
        problems: answer.problems.length,
        checkAndSaveMs: Math.round(t1 - t0),
        reconcileMs: Math.round(t2 - t1),
        totalMs: Math.round(t2 - t0),
        reconciled: rec.total,
        sameLinesAgainMs: Math.round(t3 - t2),
        sameLinesAgainNew: again.newLines,
      },
      null,
      2,
    ),
  );
  await close();
}

void main();
