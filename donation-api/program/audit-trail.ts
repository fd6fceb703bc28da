// The audit trail shown: a donation's history, a branch's history and the program-wide log. Who acted is
// a name (the e-mail recorded, or the user's), never an id; each entry carries the fields that changed.
import { and, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { inProgramScope } from '@/lib/domain/program-access';
import { storeDisplayName } from '@/lib/domain/store';
import type { AuditEntry } from '@/lib/domain/program-workflow';
import type { AuthUser } from '../context';
import type { DbOrTx } from '../db/client';
import { auditLog, banners, branches, campaigns, categories, retailers, stores, users } from '../db/schema';
import { notFound } from '../errors';
import { peopleOnlySql } from './program-audit-filter';

export const AUDIT_PAGE = 50;
// Bookkeeping fields that change with every write and say nothing to a reader, and the parts of a donation's answer
// (recorded as its "before") that are derived from the fields a write sets: they are left out of the changes.
const HIDDEN = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'created_at',
  'updated_at',
  'updatedBy',
  'updatedByUserId',
  'passwordHash',
  'requestId',
  'submittedByUserId',
  'decidedByUserId',
  'contactId',
  'store',
  'campaignName',
  'campaign',
  'campaignCategories',
  'submitted',
  'submitDate',
  'createdBy',
  'createdByUserId',
  'createdByName',
  'updatedByName',
  'version',
  'ghgKgCo2e',
  'ghgFactorVersion',
]);

type Share = { categoryId: number; fraction: number };
/** Category shares as recorded (the answer's rich rows or the write's pairs), as sorted pairs, so both compare. */
function shares(v: unknown): Share[] | unknown {
  if (!Array.isArray(v)) return v;
  return v
    .map((c: { categoryId?: unknown; fraction?: unknown }) => ({ categoryId: Number(c?.categoryId), fraction: Number(c?.fraction) }))
    .filter((c) => Number.isFinite(c.categoryId) && c.fraction > 0)
    .sort((a, b) => a.categoryId - b.categoryId);
}

function fields(v: unknown): Record<string, unknown> {
  const o = (v && typeof v === 'object' && !Array.isArray(v) ? v : {}) as Record<string, unknown>;
  return 'categories' in o ? { ...o, categories: shares(o.categories) } : o;
}

/**
 * [field, before, after] for each field whose value differs (a creation lists its values, a deletion its last ones).
 * An update compares the fields it wrote: its "before" may be a whole answer with more in it (branch, program).
 */
export function changes(before: unknown, after: unknown, action = ''): [string, unknown, unknown][] {
  const b = fields(before);
  const a = fields(after);
  const written = action === 'update' && before && after ? Object.keys(a) : [...Object.keys(b), ...Object.keys(a)];
  const keys = [...new Set(written)].filter((k) => !HIDDEN.has(k));
  return keys.filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null)).map((k) => [k, b[k] ?? null, a[k] ?? null]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Names, not ids: store ids become the store's name (retailer - banner - store), branch ids the branch's, category
 * shares { name, nameFr, fraction } (the screen picks the language). Unknown ids (a store since deleted) stay.
 */
async function named(db: DbOrTx, entries: AuditEntry[]): Promise<AuditEntry[]> {
  const storeIds = new Set<string>();
  const branchIds = new Set<string>();
  const campaignIds = new Set<string>();
  let withShares = false;
  for (const e of entries)
    for (const [field, ...values] of e.changes)
      for (const v of values) {
        if (field === 'storeId' && typeof v === 'string' && UUID.test(v)) storeIds.add(v);
        if (field === 'branchId' && typeof v === 'string' && UUID.test(v)) branchIds.add(v);
        if (field === 'branchIds' && Array.isArray(v))
          v.filter((x) => typeof x === 'string' && UUID.test(x)).forEach((x) => branchIds.add(x));
        if (field === 'categories' && Array.isArray(v)) withShares = true;
        if (field === 'campaignId' && typeof v === 'string' && UUID.test(v)) campaignIds.add(v);
      }
  const [storeRows, branchRows, categoryRows, campaignRows] = await Promise.all([
    storeIds.size
      ? db
          .select({ id: stores.id, name: stores.name, retailer: retailers.name, banner: banners.name })
          .from(stores)
          .leftJoin(retailers, eq(retailers.id, stores.retailerId))
          .leftJoin(banners, eq(banners.id, stores.bannerId))
          .where(inArray(stores.id, [...storeIds]))
      : [],
    branchIds.size
      ? db
          .select({ id: branches.id, name: branches.name })
          .from(branches)
          .where(inArray(branches.id, [...branchIds]))
      : [],
    withShares ? db.select({ id: categories.id, name: categories.name, nameFr: categories.nameFr }).from(categories) : [],
    campaignIds.size
      ? db
          .select({ id: campaigns.id, name: campaigns.name })
          .from(campaigns)
          .where(inArray(campaigns.id, [...campaignIds]))
      : [],
  ]);
  const campaignName = new Map(campaignRows.map((r) => [r.id, r.name]));
  const storeName = new Map(
    storeRows.map((r) => [r.id, storeDisplayName({ name: r.name, retailer: { name: r.retailer }, banner: { name: r.banner } })]),
  );
  const branchName = new Map(branchRows.map((r) => [r.id, r.name]));
  const category = new Map(categoryRows.map((c) => [c.id, c]));
  const name = (field: string, v: unknown): unknown => {
    if (field === 'storeId' && typeof v === 'string') return storeName.get(v.toLowerCase()) ?? v;
    if (field === 'campaignId' && typeof v === 'string') return campaignName.get(v.toLowerCase()) ?? v;
    if (field === 'branchId' && typeof v === 'string') return branchName.get(v.toLowerCase()) ?? v;
    if (field === 'branchIds' && Array.isArray(v))
      return v.map((x) => (typeof x === 'string' ? (branchName.get(x.toLowerCase()) ?? x) : x));
    if (field === 'categories' && Array.isArray(v))
      return (v as Share[]).map((c) => ({
        name: category.get(c.categoryId)?.name ?? String(c.categoryId),
        nameFr: category.get(c.categoryId)?.nameFr ?? String(c.categoryId),
        fraction: c.fraction,
      }));
    return v;
  };
  return entries.map((e) => ({ ...e, changes: e.changes.map(([f, b, a]) => [f, name(f, b), name(f, a)]) }));
}

async function page(db: DbOrTx, where: SQL | undefined, before?: number, limit = AUDIT_PAGE) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor: sql<string>`coalesce(${auditLog.actor}, ${users.email}, '')`,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      branchId: auditLog.branchId,
      branchName: branches.name,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(branches, eq(branches.id, auditLog.branchId))
    .where(and(where, before ? lt(auditLog.id, before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const entries: AuditEntry[] = rows.slice(0, limit).map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    actor: r.actor,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    branchId: r.branchId,
    branchName: r.branchName ?? null,
    changes: changes(r.before, r.after, r.action),
  }));
  const last = entries.at(-1);
  return { entries: await named(db, entries), nextBefore: last && rows.length > limit ? last.id : null };
}

/** A donation's history, to its branch's staff or program staff in scope; otherwise the same 404 as an unknown id. */
export async function donationHistory(db: DbOrTx, user: AuthUser, donationId: string) {
  const id = donationId.toLowerCase();
  const [first] = await db
    .select({ branchId: auditLog.branchId, province: branches.province })
    .from(auditLog)
    .leftJoin(branches, eq(branches.id, auditLog.branchId))
    .where(and(eq(auditLog.entityId, id), sql`${auditLog.entity} in ('donation', 'campaign_donation')`))
    .limit(1);
  const allowed =
    !!first?.branchId && (user.branchIds.includes(first.branchId) || (!!user.program && inProgramScope(user.program, first.province)));
  if (!allowed) throw notFound();
  return page(db, and(eq(auditLog.entityId, id), sql`${auditLog.entity} in ('donation', 'campaign_donation')`), undefined, 500);
}

/** A branch's history, newest first, a page at a time. */
export function branchHistory(db: DbOrTx, branchId: string, before?: number) {
  return page(db, eq(auditLog.branchId, branchId), before);
}

export type AuditQuery = {
  q?: string;
  branchId?: string;
  action?: string;
  from?: string;
  to?: string;
  /** people (the default): the changes people made; all: sign-ins and system entries too. */
  include?: 'people' | 'all';
  before?: number;
};

/**
 * The program-wide log (administrators): words match who, what, the record and the branch; days (in timeZone) bound it; sign-ins
 * and system entries only with include=all.
 */
export function programLog(db: DbOrTx, query: AuditQuery, timeZone: string) {
  const words = (query.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    ...words.map((w) =>
      or(
        ilike(auditLog.actor, like(w)),
        ilike(auditLog.action, like(w)),
        ilike(auditLog.entity, like(w)),
        ilike(auditLog.entityId, like(w)),
        ilike(branches.name, like(w)),
        ilike(users.email, like(w)),
      ),
    ),
    query.branchId ? eq(auditLog.branchId, query.branchId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.include === 'all' ? undefined : peopleOnlySql(),
    // The days are the program's (the screen shows every time in its zone), read so the index on "at" still serves.
    query.from ? sql`${auditLog.at} >= (${query.from}::date::timestamp at time zone ${timeZone})` : undefined,
    query.to ? sql`${auditLog.at} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})` : undefined,
  );
  return page(db, where, query.before);
}
