// Store schedules (docs/product.md, Pickups): the slots and pauses program staff set on a store's screen, read back by
// the program, the store's partner and the pickups of a branch. A coordinator reaches a store one of whose branches
// is in their provinces, and names only such branches; anything else is the same 404 as an unknown store.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { ProgramAccess } from '@/lib/domain/program-access';
import { inProgramScope } from '@/lib/domain/program-access';
import type { PickupPause, PickupSlot, PickupSlotBody } from '@/lib/domain/pickups';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { isUuid } from '@/lib/domain/uuid';
import { storeDisplayName } from '@/lib/domain/store';
import type { Actor, PartnerGrant } from '../context';
import type { DbOrTx } from '../db/client';
import { banners, branchStores, branches, pickupPauses, pickupSlots, retailers, stores } from '../db/schema';
import { queryRows, returnedRow } from '../db/sql-rows';
import { partnerStoreWhere } from '../auth/partner-scope';
import { audit } from '../audit';
import { badRequest, notFound } from '../errors';

const slotColumns = {
  id: pickupSlots.id,
  storeId: pickupSlots.storeId,
  branchId: pickupSlots.branchId,
  backupBranchId: pickupSlots.backupBranchId,
  weekdays: pickupSlots.weekdays,
  windowStart: pickupSlots.windowStart,
  windowEnd: pickupSlots.windowEnd,
  everyWeeks: pickupSlots.everyWeeks,
  startsOn: pickupSlots.startsOn,
  endsOn: pickupSlots.endsOn,
};

/** The store if the caller reaches it (an administrator every store; a coordinator one served in their provinces). */
export async function programStore(db: DbOrTx, access: ProgramAccess, storeId: string) {
  const id = storeId.toLowerCase();
  if (!isUuid(id)) throw notFound();
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).limit(1);
  if (!store) throw notFound();
  if (access.role === 'admin') return store.id;
  const served = await db
    .select({ province: branches.province })
    .from(branchStores)
    .innerJoin(branches, eq(branches.id, branchStores.branchId))
    .where(eq(branchStores.storeId, id));
  if (!storeInScope(access, served)) throw notFound();
  return store.id;
}

/** A store is in a caller's scope when one of the branches serving it is (administrators: every store). */
export const storeInScope = (access: ProgramAccess, served: { province: string | null }[]) =>
  access.role === 'admin' || served.some((b) => inProgramScope(access, b.province));

/**
 * The one rule of a slot's branches: the collecting branch and the backup must serve the store (for the food donation
 * program) and be in a coordinator's provinces. `served`: the store's branches; answers the index of the first
 * refused id (0 collecting, 1 backup), or -1.
 */
export function refusedSlotBranch(access: ProgramAccess, served: { id: string; province: string | null }[], ids: string[]) {
  return ids.findIndex((id) => {
    const row = served.find((r) => r.id === id);
    return !row || !inProgramScope(access, row.province);
  });
}

/** A store's slots and pauses with the branches' names, for the program's and the partner's screens. */
export async function storeSchedule(db: DbOrTx, storeId: string) {
  const [store] = await db
    .select({ name: stores.name, banner: banners.name, retailer: retailers.name })
    .from(stores)
    .leftJoin(banners, eq(banners.id, stores.bannerId))
    .leftJoin(retailers, eq(retailers.id, stores.retailerId))
    .where(eq(stores.id, storeId));
  const slots = await queryRows<PickupSlot & { branchName: string; backupBranchName: string | null }>(
    db,
    sql`select ps.id, ps.store_id as "storeId", ps.branch_id as "branchId", b.name as "branchName",
          ps.backup_branch_id as "backupBranchId", bb.name as "backupBranchName", ps.weekdays,
          ps.window_start as "windowStart", ps.window_end as "windowEnd", ps.every_weeks as "everyWeeks",
          ps.starts_on::text as "startsOn", ps.ends_on::text as "endsOn"
        from pickup_slots ps join branches b on b.id = ps.branch_id left join branches bb on bb.id = ps.backup_branch_id
        where ps.store_id = ${storeId}::uuid order by ps.starts_on, ps.window_start, ps.id`,
  );
  const pauses = await db
    .select({
      id: pickupPauses.id,
      storeId: pickupPauses.storeId,
      startsOn: pickupPauses.startsOn,
      endsOn: pickupPauses.endsOn,
      reason: pickupPauses.reason,
    })
    .from(pickupPauses)
    .where(eq(pickupPauses.storeId, storeId))
    .orderBy(pickupPauses.startsOn);
  const served = await db
    .select({ id: branches.id, name: branches.name })
    .from(branchStores)
    .innerJoin(branches, eq(branches.id, branchStores.branchId))
    .where(and(eq(branchStores.storeId, storeId), eq(branchStores.campaignId, RFP_CAMPAIGN_ID)))
    .orderBy(branches.name);
  return {
    storeId,
    branches: served,
    storeName: store ? storeDisplayName({ name: store.name, banner: { name: store.banner }, retailer: { name: store.retailer } }) : '',
    slots: slots.map((s) => ({ ...s, weekdays: s.weekdays.map(Number), everyWeeks: Number(s.everyWeeks) })),
    pauses,
  };
}

/** The collecting and backup branches must serve the store, and be in a coordinator's provinces. */
export async function checkSlotBranches(db: DbOrTx, access: ProgramAccess, storeId: string, body: PickupSlotBody) {
  const ids = [body.branchId, body.backupBranchId].filter((v): v is string => v !== null).map((v) => v.toLowerCase());
  if (!ids.every(isUuid)) throw badRequest('PICKUP_BRANCH', 'branchId');
  const rows = await db
    .select({ id: branches.id, province: branches.province })
    .from(branchStores)
    .innerJoin(branches, eq(branches.id, branchStores.branchId))
    .where(and(eq(branchStores.storeId, storeId), eq(branchStores.campaignId, RFP_CAMPAIGN_ID), inArray(branchStores.branchId, ids)));
  const refused = refusedSlotBranch(access, rows, ids);
  if (refused >= 0) throw badRequest('PICKUP_BRANCH', refused === 0 ? 'branchId' : 'backupBranchId');
  return { branchId: body.branchId.toLowerCase(), backupBranchId: ids[1] ?? null };
}

export async function createSlot(db: DbOrTx, access: ProgramAccess, actor: Actor, storeId: string, body: PickupSlotBody) {
  const store = await programStore(db, access, storeId);
  const b = await checkSlotBranches(db, access, store, body);
  return db.transaction(async (tx) => {
    const values = { ...slotValues(body), ...b, storeId: store };
    const row = returnedRow(await tx.insert(pickupSlots).values(values).returning({ id: pickupSlots.id }));
    await audit(tx, { userId: actor.id, actor: actor.username, action: 'create', entity: 'pickup_slot', entityId: row.id, after: values });
    return { id: row.id };
  });
}

export const slotValues = (body: PickupSlotBody) => ({
  weekdays: [...new Set(body.weekdays)].sort(),
  windowStart: body.windowStart,
  windowEnd: body.windowEnd,
  everyWeeks: body.everyWeeks,
  startsOn: body.startsOn,
  endsOn: body.endsOn,
});

/** A slot the caller reaches through its store (the same 404 otherwise). */
async function reachableSlot(db: DbOrTx, access: ProgramAccess, slotId: string) {
  if (!isUuid(slotId.toLowerCase())) throw notFound();
  const [slot] = await db.select(slotColumns).from(pickupSlots).where(eq(pickupSlots.id, slotId.toLowerCase()));
  if (!slot) throw notFound();
  await programStore(db, access, slot.storeId);
  if (access.role !== 'admin') {
    const names = [slot.branchId, slot.backupBranchId].filter((v): v is string => v !== null);
    const rows = await db.select({ province: branches.province }).from(branches).where(inArray(branches.id, names));
    if (!rows.every((r) => inProgramScope(access, r.province))) throw notFound();
  }
  return slot;
}

export async function updateSlot(db: DbOrTx, access: ProgramAccess, actor: Actor, slotId: string, body: PickupSlotBody) {
  const before = await reachableSlot(db, access, slotId);
  const b = await checkSlotBranches(db, access, before.storeId, body);
  await db.transaction(async (tx) => {
    const after = { ...slotValues(body), ...b };
    await tx
      .update(pickupSlots)
      .set({ ...after, updatedAt: sql`now()` })
      .where(eq(pickupSlots.id, before.id));
    await audit(tx, {
      userId: actor.id,
      actor: actor.username,
      action: 'update',
      entity: 'pickup_slot',
      entityId: before.id,
      before,
      after,
    });
  });
  return { changed: true };
}

/** Deleting a slot takes its recorded outcomes and donation links with it; the donations stay. */
export async function deleteSlot(db: DbOrTx, access: ProgramAccess, actor: Actor, slotId: string) {
  const before = await reachableSlot(db, access, slotId);
  await db.transaction(async (tx) => {
    await tx.delete(pickupSlots).where(eq(pickupSlots.id, before.id));
    await audit(tx, { userId: actor.id, actor: actor.username, action: 'delete', entity: 'pickup_slot', entityId: before.id, before });
  });
  return { changed: true };
}

export async function createPause(
  db: DbOrTx,
  access: ProgramAccess,
  actor: Actor,
  storeId: string,
  body: { startsOn: string; endsOn: string; reason: string },
) {
  const store = await programStore(db, access, storeId);
  return db.transaction(async (tx) => {
    const row = returnedRow(
      await tx
        .insert(pickupPauses)
        .values({ ...body, storeId: store })
        .returning({ id: pickupPauses.id }),
    );
    await audit(tx, { userId: actor.id, actor: actor.username, action: 'create', entity: 'pickup_pause', entityId: row.id, after: body });
    return { id: row.id };
  });
}

export async function deletePause(db: DbOrTx, access: ProgramAccess, actor: Actor, pauseId: string) {
  const id = pauseId.toLowerCase();
  if (!isUuid(id)) throw notFound();
  const [pause] = await db.select().from(pickupPauses).where(eq(pickupPauses.id, id));
  if (!pause) throw notFound();
  await programStore(db, access, pause.storeId);
  await db.transaction(async (tx) => {
    await tx.delete(pickupPauses).where(eq(pickupPauses.id, id));
    await audit(tx, { userId: actor.id, actor: actor.username, action: 'delete', entity: 'pickup_pause', entityId: id, before: pause });
  });
  return { changed: true };
}

/** The schedules of a partner's stores that have any (`storeId`: that one store, when it is the partner's), read-only. */
export async function partnerSchedules(db: DbOrTx, grant: PartnerGrant, storeId?: string) {
  if (storeId !== undefined && !isUuid(storeId.toLowerCase())) return [];
  const one = storeId ? sql`and s.id = ${storeId.toLowerCase()}::uuid` : sql``;
  const ids = await queryRows<{ id: string }>(
    db,
    sql`select s.id from stores s where ${partnerStoreWhere(grant)} ${one}
          and exists (select 1 from pickup_slots ps where ps.store_id = s.id) order by s.name, s.id limit 500`,
  );
  const out = [];
  for (const { id } of ids) out.push(await storeSchedule(db, id));
  return out;
}

/** The slots a branch collects (as the collecting or the backup branch) and the pauses of their stores. */
export async function branchSlots(db: DbOrTx, branchIds: string[], storeId?: string) {
  if (!branchIds.length) return { slots: [] as PickupSlot[], pauses: [] as PickupPause[] };
  const forBranch = or(inArray(pickupSlots.branchId, branchIds), inArray(pickupSlots.backupBranchId, branchIds));
  const slots = (
    await db
      .select(slotColumns)
      .from(pickupSlots)
      .where(storeId ? and(forBranch, eq(pickupSlots.storeId, storeId)) : forBranch)
  ).map((s) => ({ ...s, weekdays: s.weekdays.map(Number), everyWeeks: Number(s.everyWeeks) }));
  const storeIds = [...new Set(slots.map((s) => s.storeId))];
  const pauses = storeIds.length
    ? await db
        .select({
          storeId: pickupPauses.storeId,
          startsOn: pickupPauses.startsOn,
          endsOn: pickupPauses.endsOn,
          reason: pickupPauses.reason,
        })
        .from(pickupPauses)
        .where(inArray(pickupPauses.storeId, storeIds))
    : [];
  return { slots, pauses };
}
