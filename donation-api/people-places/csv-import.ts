// CSV imports of branches and stores (all rows or none), shared by `npm run admin` and the program's screens.
// Each import reads what it matches against once and matches in memory, recording per row what it creates or changes
// and every problem (row and column). A preview (dry run) writes nothing and needs no transaction; confirm writes in
// one transaction, rolled back when any row is refused.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { checkBranchRules, EMAIL_PATTERN } from '@/lib/domain/branch-rules';
import { apiError } from '@/lib/domain/errors';
import { audit } from '../audit';
import type { Db, DbOrTx } from '../db/client';
import { branches } from '../db/schema';
import { BRANCH_TEXT_FIELDS, normalizeProvince } from './branches';
import { isUuid } from '@/lib/domain/uuid';
import { BranchIndex } from './csv-import-branches';
import { loadStorePlaces, storePlanner, writeStorePlan } from './csv-import-stores';
import { AdminError } from './user-admin';
import { returnedRow } from '../db/sql-rows';

/** 'Store #' → 'storenumber', 'Postal Code' → 'postalcode', 'phone_number' → 'phonenumber'. */
const headerKey = (h: string) =>
  h
    .toLowerCase()
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]/g, '');

export function readCsv(text: string, headerMap: Record<string, string>, what: string): { line: number; row: Record<string, string> }[] {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (err) {
    throw new AdminError(`The ${what} file is not valid CSV: ${(err as Error).message}`, 'CSV_INVALID', { detail: (err as Error).message });
  }
  const [header, ...rows] = records;
  if (!header) throw new AdminError(`The ${what} file is empty.`, 'CSV_EMPTY');
  const columns = header.map((h) => {
    const field = headerMap[headerKey(h)];
    const known = [...new Set(Object.values(headerMap))].join(', ');
    if (!field)
      throw new AdminError(`Unknown column "${h}" in the ${what} file. Known: ${known}.`, 'CSV_UNKNOWN_COLUMN', { column: h, known });
    return field;
  });
  return rows.map((cells, i) => {
    const row: Record<string, string> = {};
    columns.forEach((field, c) => {
      if (cells[c] !== undefined && cells[c] !== '') row[field] = cells[c];
    });
    return { line: i + 2, row };
  });
}

/** A refused row or file: the English message (command line) and a stable code with params (screens, both languages). */
export type CsvProblem = { line: number; column: string | null; message: string; code: string; params: Record<string, string | number> };
export const problem = (
  line: number,
  column: string | null,
  code: string,
  message: string,
  params: Record<string, string | number> = {},
) => ({
  line,
  column,
  code,
  message,
  params,
});
export type CsvRow = { line: number; action: 'create' | 'update' | 'unchanged'; label: string; fields: Record<string, unknown> };
export type CsvResult = { rows: CsvRow[]; problems: CsvProblem[]; written: boolean; created: number; updated: number; linked: number };

class Rollback extends Error {}

type ImportWork = (db: DbOrTx, out: CsvResult) => Promise<unknown>;
const emptyResult = (): CsvResult => ({ rows: [], problems: [], written: false, created: 0, updated: 0, linked: 0 });

/**
 * Runs an import's work in a transaction; keeps it only when no row is refused and it is not a dry run. A file-level
 * refusal (not CSV, empty, unknown column) is one problem on line 1.
 */
export async function runImport(db: Db, dryRun: boolean, work: ImportWork): Promise<CsvResult> {
  const out = emptyResult();
  try {
    await db.transaction(async (tx) => {
      await work(tx, out);
      if (dryRun || out.problems.length) throw new Rollback();
    });
    out.written = true;
  } catch (err) {
    if (err instanceof AdminError) out.problems.push(problem(1, null, err.code, err.message, err.params));
    else if (!(err instanceof Rollback)) throw err;
  }
  return out;
}

/**
 * A preview of an import: the same work, which only reads, outside a transaction, so it holds nothing and other
 * users' calls interleave with its reads. A file-level refusal is one problem on line 1, as in runImport.
 */
export async function previewImport(db: Db, work: ImportWork): Promise<CsvResult> {
  const out = emptyResult();
  try {
    await work(db, out);
  } catch (err) {
    if (!(err instanceof AdminError)) throw err;
    out.problems.push(problem(1, null, err.code, err.message, err.params));
  }
  return out;
}

/** The command line's answer: the counts, or every problem with nothing written. */
function orThrow(r: CsvResult) {
  const [first] = r.problems;
  if (r.problems.length === 1 && first?.line === 1 && first.column === null) throw new AdminError(first.message);
  if (r.problems.length)
    throw new AdminError(
      `Nothing imported:\n${r.problems.map((p) => `line ${p.line}${p.column ? ` (${p.column})` : ''}: ${p.message}`).join('\n')}`,
    );
  return r;
}

const BRANCH_HEADERS: Record<string, string> = {
  id: 'id',
  branchid: 'id',
  name: 'name',
  branch: 'name',
  branchname: 'name',
  foodbank: 'name',
  email: 'email',
  phonenumber: 'phoneNumber',
  phone: 'phoneNumber',
  province: 'province',
  city: 'city',
  address1: 'address1',
  address: 'address1',
  address2: 'address2',
  postalcode: 'postalCode',
  postcode: 'postalCode',
  lat: 'lat',
  latitude: 'lat',
  lng: 'lng',
  lon: 'lng',
  longitude: 'lng',
  website: 'website',
  operatinghours: 'operatingHours',
  hours: 'operatingHours',
  contactname: 'contactName',
  contacttitle: 'contactTitle',
  contactemail: 'contactEmail',
  contactphonenumber: 'contactPhoneNumber',
  contactphone: 'contactPhoneNumber',
  numstaff: 'numStaff',
  numvolunteers: 'numVolunteers',
  numservedinpreviousyear: 'numServedInPreviousYear',
  totalpoundsdistributedannually: 'totalPoundsDistributedAnnually',
};

const toNumber = (v: string | undefined) => {
  if (v === undefined) return undefined;
  const n = Number(v.replace(/[\s,]/g, ''));
  return Number.isFinite(n) ? n : null; // statistics that are not numbers become null
};

type BranchValues = Partial<typeof branches.$inferInsert>;
type Branch = typeof branches.$inferSelect;

function branchValues(row: Record<string, string>, line: number, problems: CsvProblem[]): BranchValues {
  const v: BranchValues = {};
  for (const f of BRANCH_TEXT_FIELDS) {
    if (row[f] !== undefined) v[f] = row[f];
  }
  if (row.email !== undefined && !EMAIL_PATTERN.test(row.email))
    problems.push(problem(line, 'email', 'CSV_NOT_EMAIL', `"${row.email}" is not an e-mail address`, { value: row.email }));
  if (row.province !== undefined) {
    const p = normalizeProvince(row.province);
    if (p === undefined)
      problems.push(problem(line, 'province', 'CSV_UNKNOWN_PROVINCE', `unknown province "${row.province}"`, { value: row.province }));
    else v.province = p;
  }
  for (const f of ['numStaff', 'numVolunteers', 'numServedInPreviousYear'] as const) {
    const n = toNumber(row[f]);
    if (n !== undefined) v[f] = n === null || n < 0 || n > 2_147_483_647 ? null : Math.round(n);
  }
  for (const f of ['totalPoundsDistributedAnnually', 'lat', 'lng'] as const) {
    const n = toNumber(row[f]);
    if (n !== undefined) v[f] = n;
  }
  return v;
}

/**
 * Creates or updates branches from CSV (a header row; columns named like the branch fields, any case or
 * spacing). A row matches an existing branch by id, else by name; empty cells leave a field as it is. A branch
 * created or changed must still meet the organisation details' rules (name, phone, e-mail, address, city, postal code).
 */
export async function previewBranches(db: Db, csvText: string, actor: string, opts: { dryRun: boolean; now?: Date }) {
  const now = opts.now ?? new Date();
  const work = async (tx: DbOrTx, out: CsvResult) => {
    const rows = readCsv(csvText, BRANCH_HEADERS, 'branches');
    // One read of every branch, matched in memory (a query per row held the embedded database for seconds).
    const known = new BranchIndex(await tx.select().from(branches));
    for (const { line, row } of rows) {
      const problems = out.problems;
      if (row.id !== undefined && !isUuid(row.id))
        problems.push(problem(line, 'id', 'CSV_NOT_BRANCH_ID', `"${row.id}" is not a branch id`, { value: row.id }));
      if (row.id === undefined && !row.name) problems.push(problem(line, 'name', 'CSV_NAME_REQUIRED', 'a name (or id) is required'));
      const values = branchValues(row, line, problems);
      if (problems.some((p) => p.line === line)) continue;
      const id = row.id?.toLowerCase();
      const matches = id ? known.withId(id) : known.named(values.name!);
      if (matches.length > 1) {
        problems.push(
          problem(line, 'name', 'CSV_SAME_NAME', `${matches.length} branches are named "${values.name}"; add an id column`, {
            count: matches.length,
            value: values.name ?? '',
          }),
        );
        continue;
      }
      const before = matches[0];
      for (const v of checkBranchRules({ ...before, ...values })) {
        problems.push(problem(line, v.field, v.code, apiError(v.code).message));
      }
      if (problems.some((p) => p.line === line)) continue;
      const label = values.name ?? before?.name ?? '';
      if (before) {
        const changed = Object.keys(values).filter((k) => before[k as keyof typeof before] !== values[k as keyof BranchValues]);
        if (!changed.length) {
          out.rows.push({ line, action: 'unchanged', label, fields: {} });
          continue;
        }
        if (!opts.dryRun) {
          const [after] = await tx
            .update(branches)
            .set({ ...values, updatedAt: now })
            .where(eq(branches.id, before.id))
            .returning();
          await audit(tx, { actor, action: 'update', entity: 'branch', entityId: before.id, branchId: before.id, before, after });
        }
        known.update(before, values);
        out.rows.push({
          line,
          action: 'update',
          label,
          fields: Object.fromEntries(changed.map((k) => [k, values[k as keyof BranchValues]])),
        });
        out.updated++;
      } else {
        let created: Branch = { ...values, name: values.name!, id: id ?? randomUUID() } as Branch;
        if (!opts.dryRun) {
          created = returnedRow(
            await tx
              .insert(branches)
              .values({ ...values, name: values.name!, ...(id ? { id } : {}) })
              .returning(),
          );
          await audit(tx, { actor, action: 'create', entity: 'branch', entityId: created.id, branchId: created.id, after: created });
        }
        known.add(created);
        out.rows.push({ line, action: 'create', label, fields: values });
        out.created++;
      }
    }
  };
  return opts.dryRun ? previewImport(db, work) : runImport(db, false, work);
}

/** The command line's import: all rows or none; refusals list every bad line. */
export async function importBranches(db: Db, csvText: string, actor: string, now = new Date()) {
  const r = orThrow(await previewBranches(db, csvText, actor, { dryRun: false, now }));
  return { created: r.created, updated: r.updated };
}

const STORE_HEADERS: Record<string, string> = {
  retailer: 'retailer',
  retailername: 'retailer',
  banner: 'banner',
  bannername: 'banner',
  storename: 'name',
  name: 'name',
  store: 'name',
  number: 'number',
  storenumber: 'number',
  storeno: 'number',
  no: 'number',
  branch: 'branch',
  branchname: 'branch',
  branchid: 'branch',
  foodbank: 'branch',
  campaign: 'campaign',
  campaignid: 'campaign',
  program: 'campaign',
  programid: 'campaign',
};

/**
 * Creates or updates stores from CSV: retailer, banner (optional), store name, number, branch (name or id)
 * and optionally a program (name or id; RFP when absent), and links each store to its branch. Retailers
 * and banners are found by name or created. A store is the same store when its retailer and number match
 * (or, without a number, its retailer, banner and name). Matched in memory (csv-import-stores.ts): a preview
 * reads each table once and writes nothing; confirm reads and writes in one transaction.
 */
export async function previewStores(db: Db, csvText: string, actor: string, opts: { dryRun: boolean }) {
  const plan = async (dbOrTx: DbOrTx, out: CsvResult) => {
    const rows = readCsv(csvText, STORE_HEADERS, 'stores');
    const planner = storePlanner(await loadStorePlaces(dbOrTx));
    for (const { line, row } of rows) {
      const problems = out.problems;
      const { retailer, name, branch: branchRef } = row;
      if (!retailer) problems.push(problem(line, 'retailer', 'CSV_RETAILER_REQUIRED', 'a retailer is required'));
      if (!name) problems.push(problem(line, 'name', 'CSV_STORE_NAME_REQUIRED', 'a store name is required'));
      if (!branchRef) problems.push(problem(line, 'branch', 'CSV_BRANCH_REQUIRED', 'a branch is required'));
      if (!retailer || !name || !branchRef || problems.some((p) => p.line === line)) continue;
      const at = <T>(column: string, f: () => T) => {
        try {
          return f();
        } catch (err) {
          if (!(err instanceof AdminError)) throw err;
          problems.push(problem(line, column, err.code, err.message, err.params));
          return undefined;
        }
      };
      const branch = at('branch', () => planner.branch(branchRef));
      const campaignId = at('campaign', () => planner.campaign(row.campaign));
      if (!branch || !campaignId) continue;
      const { action, linked } = planner.store(actor, { ...row, retailer, name, branch: branchRef }, branch, campaignId);
      const label = [row.retailer, row.banner, row.name, row.number].filter(Boolean).join(' · ');
      if (action === 'create') out.created++;
      if (action === 'update') out.updated++;
      if (linked) out.linked++;
      out.rows.push({
        line,
        action: linked && action === 'unchanged' ? 'update' : action,
        label,
        fields: { branch: branch.name, ...(linked ? { linked: true } : {}) },
      });
    }
    return planner.writes;
  };
  if (opts.dryRun) return previewImport(db, plan);
  return runImport(db, false, async (tx, out) => {
    const writes = await plan(tx, out);
    if (!out.problems.length) await writeStorePlan(tx, writes);
  });
}

/** The command line's import: all rows or none. */
export async function importStores(db: Db, csvText: string, actor: string) {
  const r = orThrow(await previewStores(db, csvText, actor, { dryRun: false }));
  return { created: r.created, updated: r.updated, linked: r.linked };
}
