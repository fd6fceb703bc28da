// A retailer's manifest received as a file or through the API (docs/rules.md, Manifests): all lines or none. Every
// format problem is listed by line and refuses the whole file; a line whose store number is none of the retailer's
// stores is kept (store_id null) and listed for the program; the same file (its hash) or the same lines (their key)
// sent again add nothing.
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { checkManifestRows, missingColumns, type ManifestMapping, type ManifestProblem, type ManifestRow } from '@/lib/domain/manifest';
import type { AuthUser, PartnerGrant } from '../context';
import type { Db } from '../db/client';
import { manifestLines, manifestMappings, manifests, stores } from '../db/schema';
import { ManifestFileError, readManifestCsv, readManifestXlsx, type ManifestFile } from './manifest-file';

export type ManifestInput =
  | { kind: 'file'; fileName?: string; csv?: string; xlsx?: string; mapping?: ManifestMapping; confirm: boolean }
  | { kind: 'api'; rows: ManifestRow[]; mapping: ManifestMapping; hash: string };

export type ManifestAnswer = {
  header: string[];
  /** The first rows as read, for choosing the mapping on screen. */
  sample: Record<string, string>[];
  mapping: ManifestMapping | null;
  problems: ManifestProblem[];
  /** Lines whose store number is none of the retailer's stores: kept, and listed for the program. */
  unmatched: { line: number; storeNumber: string }[];
  lines: number;
  newLines: number;
  written: boolean;
  sameFile: boolean;
  manifestId: string | null;
};

const SAMPLE_ROWS = 5;
const CHUNK = 1000;
const show = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

export async function savedMapping(db: Db, retailerId: string): Promise<ManifestMapping | null> {
  const [row] = await db
    .select({ mapping: manifestMappings.mapping })
    .from(manifestMappings)
    .where(eq(manifestMappings.retailerId, retailerId));
  return (row?.mapping as unknown as ManifestMapping | undefined) ?? null;
}

/** The retailer's stores by number; a partner limited to a banner or a list of stores owns only those. */
async function storesByNumber(db: Db, retailerId: string, grant: PartnerGrant | null) {
  const rows = await db
    .select({ id: stores.id, number: stores.number, bannerId: stores.bannerId })
    .from(stores)
    .where(eq(stores.retailerId, retailerId));
  const byNumber = new Map<string, { id: string; mine: boolean }>();
  for (const s of rows) {
    if (s.number === null) continue;
    const mine =
      !grant || ((!grant.bannerId || grant.bannerId === s.bannerId) && (!grant.storeIds.length || grant.storeIds.includes(s.id)));
    byNumber.set(s.number.trim().toLowerCase(), { id: s.id, mine });
  }
  return byNumber;
}

async function readFile(input: Extract<ManifestInput, { kind: 'file' }>): Promise<{ file: ManifestFile; hash: string }> {
  if (input.xlsx !== undefined) {
    const bytes = Buffer.from(input.xlsx, 'base64');
    return { file: await readManifestXlsx(bytes), hash: createHash('sha256').update(bytes).digest('hex') };
  }
  const text = input.csv ?? '';
  return { file: readManifestCsv(text), hash: createHash('sha256').update(text.replace(/\r\n/g, '\n').trim()).digest('hex') };
}

/**
 * Checks a manifest for a retailer and, when asked to and nothing is refused, keeps it. Without a mapping (none given,
 * none saved) the answer is the header and a sample to choose one from; a mapping given is saved with the manifest.
 */
export async function receiveManifest(
  db: Db,
  who: { user: AuthUser; retailerId: string; grant: PartnerGrant | null },
  input: ManifestInput,
  today: string,
): Promise<ManifestAnswer> {
  const answer: ManifestAnswer = {
    header: [],
    sample: [],
    mapping: null,
    problems: [],
    unmatched: [],
    lines: 0,
    newLines: 0,
    written: false,
    sameFile: false,
    manifestId: null,
  };
  let rows: ManifestRow[];
  let hash: string;
  let mapping: ManifestMapping | null;
  if (input.kind === 'file') {
    try {
      const read = await readFile(input);
      answer.header = read.file.header;
      answer.sample = read.file.rows
        .slice(0, SAMPLE_ROWS)
        .map((r) => Object.fromEntries(Object.entries(r.cells).map(([k, v]) => [k, show(v)])));
      rows = read.file.rows;
      hash = read.hash;
    } catch (err) {
      if (!(err instanceof ManifestFileError)) throw err;
      answer.problems.push({ line: 1, column: null, code: err.code as never, params: {} });
      return answer;
    }
    mapping = input.mapping ?? (await savedMapping(db, who.retailerId));
    if (!mapping) return answer;
    answer.problems.push(...missingColumns(answer.header, mapping));
    if (answer.problems.length) {
      answer.mapping = mapping;
      return answer;
    }
  } else {
    rows = input.rows;
    hash = input.hash;
    mapping = input.mapping;
  }
  answer.mapping = mapping;
  const { lines, problems } = checkManifestRows(rows, mapping, today);
  const byNumber = await storesByNumber(db, who.retailerId, who.grant);
  const storeOf = new Map<number, string | null>();
  for (const l of lines) {
    const store = byNumber.get(l.storeNumber.toLowerCase());
    if (store && !store.mine)
      problems.push({ line: l.line, column: mapping.storeNumber, code: 'MANIFEST_STORE_NOT_YOURS', params: { value: l.storeNumber } });
    if (!store) answer.unmatched.push({ line: l.line, storeNumber: l.storeNumber });
    storeOf.set(l.line, store?.id ?? null);
  }
  answer.problems.push(...problems.sort((a, b) => a.line - b.line));
  answer.lines = lines.length;
  if (answer.problems.length) return answer;

  // Which lines are already on file, from an earlier manifest or call: read in chunks of keys.
  const keys = lines.map((l) => l.key);
  const known = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const part = keys.slice(i, i + CHUNK);
    const found = await db
      .select({ key: manifestLines.lineKey })
      .from(manifestLines)
      .where(and(eq(manifestLines.retailerId, who.retailerId), inArray(manifestLines.lineKey, part)));
    for (const f of found) known.add(f.key);
  }
  const fresh = lines.filter((l) => !known.has(l.key));
  answer.newLines = fresh.length;
  const [same] = await db
    .select({ id: manifests.id })
    .from(manifests)
    .where(and(eq(manifests.retailerId, who.retailerId), eq(manifests.fileHash, hash)));
  if (same) {
    answer.sameFile = true;
    answer.manifestId = same.id;
    answer.newLines = 0;
    return answer;
  }
  // Every line already on file: nothing to keep, not even an empty manifest.
  if (!fresh.length || (input.kind === 'file' && !input.confirm)) return answer;

  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(manifests)
      .values({
        retailerId: who.retailerId,
        source: input.kind,
        fileName: input.kind === 'file' ? (input.fileName ?? null) : null,
        fileHash: hash,
        lineCount: lines.length,
        newLineCount: fresh.length,
        uploadedBy: who.user.username,
        uploadedByUserId: who.user.id,
      })
      .onConflictDoNothing()
      .returning({ id: manifests.id });
    // The same file sent twice at once: the other call kept it.
    if (!created) {
      answer.sameFile = true;
      answer.newLines = 0;
      return;
    }
    answer.manifestId = created.id;
    let added = 0;
    for (let i = 0; i < fresh.length; i += CHUNK) {
      const inserted = await tx
        .insert(manifestLines)
        .values(
          fresh.slice(i, i + CHUNK).map((l) => ({
            manifestId: created.id,
            retailerId: who.retailerId,
            storeId: storeOf.get(l.line) ?? null,
            storeNumber: l.storeNumber,
            date: l.date,
            weight: l.weight,
            weightUnit: l.weightUnit,
            weightInPounds: l.weightInPounds,
            categories: l.categories,
            lineKey: l.key,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: manifestLines.id });
      added += inserted.length;
    }
    answer.newLines = added;
    if (input.kind === 'file' && input.mapping)
      await tx
        .insert(manifestMappings)
        .values({ retailerId: who.retailerId, mapping: input.mapping, updatedBy: who.user.username })
        .onConflictDoUpdate({
          target: manifestMappings.retailerId,
          set: { mapping: input.mapping, updatedBy: who.user.username, updatedAt: new Date() },
        });
    answer.written = true;
  });
  return answer;
}

/** The API's lines as rows of a file in fixed columns; their hash is the lines' own, so the same call twice is one. */
export function apiRows(
  lines: { storeNumber: string; date: string; weight: number | string; unit?: string; categories?: Record<string, string> }[],
) {
  const categoryNames = [...new Set(lines.flatMap((l) => Object.keys(l.categories ?? {})))].sort();
  const rows: ManifestRow[] = lines.map((l, i) => ({
    line: i + 1,
    cells: { storeNumber: l.storeNumber, date: l.date, weight: l.weight, unit: l.unit ?? 'lb', ...(l.categories ?? {}) },
  }));
  const mapping: ManifestMapping = {
    storeNumber: 'storeNumber',
    date: 'date',
    weight: 'weight',
    unit: 'unit',
    defaultUnit: 'lb',
    categories: categoryNames,
  };
  const hash = createHash('sha256').update(JSON.stringify(lines)).digest('hex');
  return { rows, mapping, hash: `api:${hash}` };
}
