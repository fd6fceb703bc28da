// The schedule CSV import (docs/product.md, Pickups; docs/rules.md, Pickups): the store import's preview-then-apply
// (people-places/csv-import.ts: its reading, its problems by line and column, all lines or none), one slot a line.
// Each line is checked by the rules program staff meet on a store's screen: pickupSlotBodySchema for the slot itself,
// refusedSlotBranch for its branches and storeInScope for a coordinator's stores (schedules.ts). A line with the key of
// a slot on file (slotKey: store, branch, weekdays, window) changes that slot, so the same file twice changes nothing.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ProgramAccess } from '@/lib/domain/program-access';
import { pickupSlotBodySchema, SLOT_RULES, type PickupSlotBody } from '@/lib/domain/pickups';
import { normalizeTime, parseEveryWeeks, parseWeekdays, slotKey } from '@/lib/domain/schedule-import';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { isUuid } from '@/lib/domain/uuid';
import { auditMany, type AuditEntry } from '../audit';
import type { Actor } from '../context';
import type { Db, DbOrTx } from '../db/client';
import { pickupSlots } from '../db/schema';
import { queryRows } from '../db/sql-rows';
import { previewImport, problem, readCsv, runImport, type CsvResult } from '../people-places/csv-import';
import { AdminError, pickBranch } from '../people-places/user-admin';
import { refusedSlotBranch, slotValues, storeInScope } from './schedules';

const HEADERS: Record<string, string> = {
  storeid: 'storeId',
  storenumber: 'number',
  number: 'number',
  storeno: 'number',
  retailer: 'retailer',
  weekdays: 'weekdays',
  days: 'weekdays',
  jours: 'weekdays',
  windowstart: 'windowStart',
  starttime: 'windowStart',
  from: 'windowStart',
  windowend: 'windowEnd',
  endtime: 'windowEnd',
  to: 'windowEnd',
  everyweeks: 'everyWeeks',
  every: 'everyWeeks',
  rhythm: 'everyWeeks',
  frequency: 'everyWeeks',
  branch: 'branch',
  collectingbranch: 'branch',
  branchid: 'branch',
  foodbank: 'branch',
  backupbranch: 'backup',
  backup: 'backup',
  startdate: 'startsOn',
  startson: 'startsOn',
  enddate: 'endsOn',
  endson: 'endsOn',
};

type Store = { id: string; number: string | null; retailer: string | null; label: string };
type Slot = { id: string; storeId: string; branchId: string; backupBranchId: string | null; weekdays: number[] } & Omit<
  PickupSlotBody,
  'branchId' | 'backupBranchId' | 'weekdays'
>;

/** Everything the lines are matched against, read once (a query per line held the embedded database for seconds). */
async function loadPlaces(db: DbOrTx) {
  const [storeRows, branchRows, served, slots] = [
    await queryRows<Store>(
      db,
      sql`select s.id, s.number, r.name as retailer,
            concat_ws(' · ', r.name, bn.name, s.name, s.number) as label
          from stores s left join retailers r on r.id = s.retailer_id left join banners bn on bn.id = s.banner_id`,
    ),
    await queryRows<{ id: string; name: string; province: string | null }>(db, sql`select id, name, province from branches`),
    await queryRows<{ storeId: string; id: string; province: string | null }>(
      db,
      sql`select bs.store_id as "storeId", b.id, b.province from branch_stores bs join branches b on b.id = bs.branch_id
          where bs.campaign_id = ${RFP_CAMPAIGN_ID}`,
    ),
    await queryRows<Slot>(
      db,
      sql`select id, store_id as "storeId", branch_id as "branchId", backup_branch_id as "backupBranchId", weekdays,
            window_start as "windowStart", window_end as "windowEnd", every_weeks as "everyWeeks",
            starts_on::text as "startsOn", ends_on::text as "endsOn"
          from pickup_slots order by created_at, id`,
    ),
  ];
  const servedBy = new Map<string, { id: string; province: string | null }[]>();
  for (const l of served) servedBy.set(l.storeId, [...(servedBy.get(l.storeId) ?? []), l]);
  const slotByKey = new Map<string, Slot>();
  for (const s of slots) {
    const slot = { ...s, weekdays: s.weekdays.map(Number), everyWeeks: Number(s.everyWeeks) as 1 | 2 };
    if (!slotByKey.has(slotKey(slot))) slotByKey.set(slotKey(slot), slot);
  }
  return { storeRows, branchRows, servedBy, slotByKey };
}

/** The code of each rule of pickupSlotBodySchema a line breaks, by the column it names. */
function slotProblem(path: string, message: string): [string, string] {
  if (message === SLOT_RULES.windowOrder) return ['SCHEDULE_WINDOW_ORDER', 'windowEnd'];
  if (message === SLOT_RULES.endAfterStart) return ['SCHEDULE_END_BEFORE_START', 'endsOn'];
  if (message === SLOT_RULES.backupOther) return ['SCHEDULE_SAME_BACKUP', 'backup'];
  if (path === 'windowStart' || path === 'windowEnd') return ['SCHEDULE_BAD_TIME', path];
  if (path === 'startsOn' || path === 'endsOn') return ['SCHEDULE_BAD_DATE', path];
  if (path === 'everyWeeks') return ['SCHEDULE_BAD_EVERY', path];
  return ['SCHEDULE_BAD_WEEKDAY', 'weekdays'];
}

const CHANGED_FIELDS = ['backupBranchId', 'everyWeeks', 'startsOn', 'endsOn'] as const;

/**
 * Previews (dryRun) or applies a schedule file. Columns: store id, or store number (with a retailer column when the
 * number is on file for several retailers); weekdays; window start and end; every weeks (1 or 2, default 1);
 * collecting branch and backup branch (name or id); start date and end date (YYYY-MM-DD).
 */
export async function importSchedules(db: Db, access: ProgramAccess, actor: Actor, csvText: string, opts: { dryRun: boolean }) {
  const plan = async (dbOrTx: DbOrTx, out: CsvResult) => {
    const rows = readCsv(csvText, HEADERS, 'schedules');
    const places = await loadPlaces(dbOrTx);
    const byId = new Map(places.storeRows.map((s) => [s.id, s]));
    const branchById = new Map(places.branchRows.map((b) => [b.id, b]));
    const inFile = new Map<string, number>();
    const writes = { create: [] as (typeof pickupSlots.$inferInsert)[], update: [] as Slot[], audits: [] as AuditEntry[] };
    for (const { line, row } of rows) {
      const refuse = (column: string | null, code: string, message: string, params: Record<string, string | number> = {}) =>
        out.problems.push(problem(line, column, code, message, params));
      // The store: by id, else by number (and retailer); a coordinator's out-of-scope store is as unknown as none.
      const ref = row.storeId ?? row.number;
      const column = row.storeId ? 'storeId' : 'number';
      let store: Store | undefined;
      if (!ref) refuse('number', 'SCHEDULE_STORE_REQUIRED', 'a store id or store number is required');
      else {
        const retailer = row.retailer?.toLowerCase();
        const found = row.storeId
          ? [byId.get(row.storeId.toLowerCase())].filter((s): s is Store => !!s)
          : places.storeRows.filter((s) => s.number === row.number && (!retailer || s.retailer?.toLowerCase() === retailer));
        const mine = found.filter((s) => storeInScope(access, places.servedBy.get(s.id) ?? []));
        if (mine.length > 1)
          refuse(column, 'SCHEDULE_STORE_AMBIGUOUS', `${mine.length} stores have the number "${ref}": add a retailer column`, {
            value: ref,
            count: mine.length,
          });
        else if (!mine.length) refuse(column, 'SCHEDULE_UNKNOWN_STORE', `no store "${ref}" among the stores you schedule`, { value: ref });
        else store = mine[0];
      }
      // The branches, by id or name (the store import's pickBranch and its problems).
      const branchOf = (col: 'branch' | 'backup', key: string) => {
        try {
          return pickBranch(
            isUuid(key)
              ? [branchById.get(key.toLowerCase())].filter((b) => !!b)
              : places.branchRows.filter((b) => b.name.toLowerCase() === key.trim().toLowerCase()),
            key.trim(),
          );
        } catch (err) {
          if (!(err instanceof AdminError)) throw err;
          refuse(col, err.code, err.message, err.params);
          return undefined;
        }
      };
      const branch = row.branch ? branchOf('branch', row.branch) : undefined;
      if (!row.branch) refuse('branch', 'CSV_BRANCH_REQUIRED', 'a branch is required');
      const backup = row.backup ? branchOf('backup', row.backup) : undefined;
      const weekdays = parseWeekdays(row.weekdays ?? '');
      if (!weekdays)
        refuse('weekdays', 'SCHEDULE_BAD_WEEKDAY', `"${row.weekdays ?? ''}" is not a list of weekdays`, { value: row.weekdays ?? '' });
      const body = {
        branchId: branch?.id ?? '',
        backupBranchId: backup?.id ?? null,
        weekdays: weekdays ?? [1],
        windowStart: normalizeTime(row.windowStart ?? ''),
        windowEnd: normalizeTime(row.windowEnd ?? ''),
        everyWeeks: parseEveryWeeks(row.everyWeeks),
        startsOn: row.startsOn ?? '',
        endsOn: row.endsOn ?? null,
      };
      const parsed = pickupSlotBodySchema.safeParse(body);
      if (!parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues) {
          const [code, col] = slotProblem(String(issue.path[0] ?? ''), issue.message);
          // The order of two times or dates is no problem of its own when one of them is not a time or a date.
          const unread = { SCHEDULE_WINDOW_ORDER: 'SCHEDULE_BAD_TIME', SCHEDULE_END_BEFORE_START: 'SCHEDULE_BAD_DATE' }[code];
          if (seen.has(col) || parsed.error.issues.some((i) => unread && slotProblem(String(i.path[0] ?? ''), i.message)[0] === unread))
            continue;
          seen.add(col);
          const value =
            {
              windowStart: body.windowStart,
              windowEnd: body.windowEnd,
              startsOn: body.startsOn,
              endsOn: body.endsOn ?? '',
              everyWeeks: row.everyWeeks ?? '',
            }[col] ?? '';
          refuse(col, code, `${issue.message} (${col})`, { value });
        }
      }
      if (store && branch) {
        const ids = [branch.id, ...(backup ? [backup.id] : [])];
        const refused = refusedSlotBranch(access, places.servedBy.get(store.id) ?? [], ids);
        if (refused >= 0) {
          const name = refused === 0 ? branch.name : backup!.name;
          refuse(refused === 0 ? 'branch' : 'backup', 'SCHEDULE_BRANCH_NOT_SERVING', `"${name}" does not collect at this store`, {
            branch: name,
          });
        }
      }
      if (out.problems.some((p) => p.line === line) || !store || !parsed.success) continue;
      const values = { ...slotValues(parsed.data), branchId: branch!.id, backupBranchId: backup?.id ?? null, storeId: store.id };
      const key = slotKey(values);
      const first = inFile.get(key);
      if (first !== undefined) {
        refuse(null, 'SCHEDULE_DUPLICATE', `the same slot as line ${first}`, { first });
        continue;
      }
      inFile.set(key, line);
      const label = `${store.label} · ${branch!.name} · ${values.weekdays.join(',')} ${values.windowStart}–${values.windowEnd}`;
      const before = places.slotByKey.get(key);
      if (!before) {
        const id = randomUUID();
        writes.create.push({ id, ...values });
        writes.audits.push({
          userId: actor.id,
          actor: actor.username,
          action: 'create',
          entity: 'pickup_slot',
          entityId: id,
          after: values,
        });
        out.rows.push({ line, action: 'create', label, fields: {} });
        out.created++;
        continue;
      }
      const changed = CHANGED_FIELDS.filter((f) => before[f] !== values[f]);
      if (!changed.length) {
        out.rows.push({ line, action: 'unchanged', label, fields: {} });
        continue;
      }
      const after = { ...before, ...values, id: before.id };
      writes.update.push(after);
      writes.audits.push({
        userId: actor.id,
        actor: actor.username,
        action: 'update',
        entity: 'pickup_slot',
        entityId: before.id,
        before,
        after,
      });
      out.rows.push({ line, action: 'update', label, fields: Object.fromEntries(changed.map((f) => [f, values[f]])) });
      out.updated++;
    }
    return writes;
  };
  if (opts.dryRun) return previewImport(db, plan);
  return runImport(db, false, async (tx, out) => {
    const writes = await plan(tx, out);
    if (out.problems.length) return;
    for (let i = 0; i < writes.create.length; i += 500) await tx.insert(pickupSlots).values(writes.create.slice(i, i + 500));
    for (const s of writes.update) {
      const { backupBranchId, everyWeeks, startsOn, endsOn } = s;
      await tx
        .update(pickupSlots)
        .set({ backupBranchId, everyWeeks, startsOn, endsOn, updatedAt: sql`now()` })
        .where(eq(pickupSlots.id, s.id));
    }
    await auditMany(tx, writes.audits);
  });
}
