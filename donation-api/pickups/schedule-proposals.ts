// A branch lead's proposed schedule change (docs/product.md, Pickups), shaped as the store requests and the reopening
// requests are: the lead proposes (audit entry, mail to the program staff in scope), the program approves (the change
// is made by createSlot / updateSlot, the calls of the store's screen, with the approver's scope) or declines with a
// reason (audit entry, mail to the lead). A lead reaches only the stores the branch collects from (branch_stores) and
// the slots naming the branch; anything else is the same 404 as an unknown id.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProgramAccess } from '@/lib/domain/program-access';
import { pickupSlotBodySchema, type PickupSlotBody } from '@/lib/domain/pickups';
import type { ScheduleProposal, ScheduleProposalBody } from '@/lib/domain/schedule-proposals';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { isUuid } from '@/lib/domain/uuid';
import { audit } from '../audit';
import { branchScopeWhere } from '../auth/program-scope';
import type { Actor, ApiDeps } from '../context';
import type { DbOrTx } from '../db/client';
import { branches, branchStores, pickupSlots, scheduleProposals } from '../db/schema';
import { queryRows, returnedRow } from '../db/sql-rows';
import { ApiError, badRequest, notFound } from '../errors';
import { mailProposalDecided, mailProposalMade } from './schedule-proposal-mail';
import { checkSlotBranches, createSlot, updateSlot } from './schedules';

type Deps = Pick<ApiDeps, 'db' | 'mailer' | 'log' | 'config' | 'now'>;
/** A lead's proposal is held to the rule of a slot's branches without a province: the program's scope applies later. */
const EVERY_PROVINCE: ProgramAccess = { role: 'admin', provinces: [] };
/** How long a lead sees a decided proposal on the branch's screen. */
const SHOWN_DAYS = 90;

type SlotRow = typeof pickupSlots.$inferSelect;
const slotBody = (s: SlotRow): PickupSlotBody => ({
  branchId: s.branchId,
  backupBranchId: s.backupBranchId,
  weekdays: s.weekdays.map(Number),
  windowStart: s.windowStart,
  windowEnd: s.windowEnd,
  everyWeeks: Number(s.everyWeeks) as 1 | 2,
  startsOn: s.startsOn,
  endsOn: s.endsOn,
});
const names = (s: { branchId: string; backupBranchId: string | null }) => [s.branchId, s.backupBranchId];

/** The stores the branch collects from, with their serving branches and the slots naming the branch. */
async function leadStores(db: DbOrTx, branchId: string) {
  const stores = await queryRows<{ storeId: string; storeName: string }>(
    db,
    sql`select s.id as "storeId", concat_ws(' - ', r.name, bn.name, s.name) as "storeName"
        from branch_stores bs join stores s on s.id = bs.store_id
        left join retailers r on r.id = s.retailer_id left join banners bn on bn.id = s.banner_id
        where bs.branch_id = ${branchId}::uuid and bs.campaign_id = ${RFP_CAMPAIGN_ID} order by 2, 1`,
  );
  const ids = stores.map((s) => s.storeId);
  if (!ids.length) return [];
  const served = await db
    .select({ storeId: branchStores.storeId, id: branches.id, name: branches.name })
    .from(branchStores)
    .innerJoin(branches, eq(branches.id, branchStores.branchId))
    .where(and(inArray(branchStores.storeId, ids), eq(branchStores.campaignId, RFP_CAMPAIGN_ID)))
    .orderBy(branches.name);
  const slots = await db
    .select()
    .from(pickupSlots)
    .where(
      and(
        inArray(pickupSlots.storeId, ids),
        sql`(${pickupSlots.branchId} = ${branchId}::uuid or ${pickupSlots.backupBranchId} = ${branchId}::uuid)`,
      ),
    )
    .orderBy(pickupSlots.startsOn, pickupSlots.windowStart);
  const nameOf = new Map(served.map((b) => [b.id, b.name]));
  return stores.map((s) => ({
    ...s,
    branches: served.filter((b) => b.storeId === s.storeId).map(({ id, name }) => ({ id, name })),
    slots: slots
      .filter((x) => x.storeId === s.storeId)
      .map((x) => ({
        ...slotBody(x),
        id: x.id,
        storeId: x.storeId,
        branchName: nameOf.get(x.branchId) ?? '',
        backupBranchName: x.backupBranchId ? (nameOf.get(x.backupBranchId) ?? '') : null,
      })),
  }));
}

/** The proposals matching `where`, newest first, with the slots as on file and as proposed. */
async function proposalsWhere(db: DbOrTx, where: SQL | undefined): Promise<(ScheduleProposal & { province: string | null })[]> {
  const rows = await db
    .select({ p: scheduleProposals, branchName: branches.name, province: branches.province, current: pickupSlots })
    .from(scheduleProposals)
    .innerJoin(branches, eq(branches.id, scheduleProposals.branchId))
    .leftJoin(pickupSlots, eq(pickupSlots.id, scheduleProposals.slotId))
    .where(where)
    .orderBy(desc(scheduleProposals.requestedAt))
    .limit(500);
  const storeIds = [...new Set(rows.map((r) => r.p.storeId))];
  const storeNames = storeIds.length
    ? await queryRows<{ id: string; name: string }>(
        db,
        sql`select s.id, concat_ws(' - ', r.name, bn.name, s.name) as name from stores s
            left join retailers r on r.id = s.retailer_id left join banners bn on bn.id = s.banner_id
            where s.id in (${sql.join(
              storeIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
      )
    : [];
  const slotOf = (r: (typeof rows)[number]) => (r.p.slot ? (r.p.slot as PickupSlotBody) : null);
  const branchIds = [
    ...new Set(
      rows.flatMap((r) => [
        ...names(slotOf(r) ?? { branchId: r.p.branchId, backupBranchId: null }),
        ...(r.current ? names(r.current) : []),
      ]),
    ),
  ].filter((v): v is string => !!v);
  const branchNames = branchIds.length
    ? await db.select({ id: branches.id, name: branches.name }).from(branches).where(inArray(branches.id, branchIds))
    : [];
  const nameOf = (id: string | null) => (id ? (branchNames.find((b) => b.id === id)?.name ?? '') : null);
  const named = (s: PickupSlotBody) => ({ ...s, branchName: nameOf(s.branchId) ?? '', backupBranchName: nameOf(s.backupBranchId) });
  return rows
    .map((r) => ({ ...r, slot: slotOf(r) }))
    .map(({ p, branchName, province, current, slot }) => ({
      id: p.id,
      storeId: p.storeId,
      storeName: storeNames.find((s) => s.id === p.storeId)?.name ?? '',
      branchId: p.branchId,
      branchName,
      province,
      kind: p.kind as ScheduleProposal['kind'],
      slotId: p.slotId,
      current: current ? named(slotBody(current)) : null,
      proposed: slot ? named(slot) : null,
      endsOn: p.endsOn,
      note: p.note,
      status: p.status as ScheduleProposal['status'],
      requestedBy: p.requestedBy,
      requestedAt: p.requestedAt.toISOString(),
      decidedBy: p.decidedBy,
      decidedAt: p.decidedAt?.toISOString() ?? null,
      decisionReason: p.decisionReason,
    }));
}

/** GET /api/branch/{branchId}/schedule-proposals: the lead's stores and slots, and the branch's recent proposals. */
export async function branchProposals(deps: Deps, branchId: string) {
  const since = new Date(deps.now().getTime() - SHOWN_DAYS * 86_400_000);
  const proposals = await proposalsWhere(
    deps.db,
    and(
      eq(scheduleProposals.branchId, branchId),
      sql`(${scheduleProposals.status} = 'open' or ${scheduleProposals.requestedAt} >= ${since})`,
    ),
  );
  return { stores: await leadStores(deps.db, branchId), proposals: proposals.map(({ province: _, ...p }) => p) };
}

/** The program's list: proposals of branches in the caller's scope (`status`: only those). */
export async function listProposals(db: DbOrTx, access: ProgramAccess, status?: ScheduleProposal['status']) {
  const rows = await proposalsWhere(db, and(branchScopeWhere(access), status ? eq(scheduleProposals.status, status) : undefined));
  return rows.map(({ province: _, ...p }) => p);
}

/** A slot naming the branch, of a store the branch collects from (the same 404 otherwise). */
async function leadSlot(db: DbOrTx, branchId: string, slotId: string) {
  if (!isUuid(slotId.toLowerCase())) throw notFound();
  const [slot] = await db.select().from(pickupSlots).where(eq(pickupSlots.id, slotId.toLowerCase()));
  if (!slot || !names(slot).includes(branchId)) throw notFound();
  await leadStore(db, branchId, slot.storeId);
  return slot;
}

async function leadStore(db: DbOrTx, branchId: string, storeId: string) {
  const id = storeId.toLowerCase();
  if (!isUuid(id)) throw notFound();
  const [link] = await db
    .select({ storeId: branchStores.storeId })
    .from(branchStores)
    .where(and(eq(branchStores.branchId, branchId), eq(branchStores.storeId, id), eq(branchStores.campaignId, RFP_CAMPAIGN_ID)));
  if (!link) throw notFound();
  return id;
}

/** A proposed slot names the branch (collecting or backup) and only branches that serve the store. */
async function checkProposedSlot(db: DbOrTx, branchId: string, storeId: string, slot: PickupSlotBody) {
  const checked = { ...slot, ...(await checkSlotBranches(db, EVERY_PROVINCE, storeId, slot)) };
  if (!names(checked).includes(branchId)) throw badRequest('PICKUP_BRANCH', 'branchId');
  return checked;
}

/** POST /api/branch/{branchId}/schedule-proposals: `branchId` is the branch the route checked the caller leads. */
export async function proposeChange(deps: Deps, actor: Actor, branchId: string, body: ScheduleProposalBody) {
  const note = body.note.trim();
  if (!note) throw badRequest('REASON_REQUIRED', 'note');
  let values: Pick<typeof scheduleProposals.$inferInsert, 'storeId' | 'kind' | 'slotId' | 'slot' | 'endsOn'>;
  if (body.kind === 'add') {
    const storeId = await leadStore(deps.db, branchId, body.storeId);
    values = { storeId, kind: 'add', slotId: null, slot: await checkProposedSlot(deps.db, branchId, storeId, body.slot), endsOn: null };
  } else {
    const current = await leadSlot(deps.db, branchId, body.slotId);
    if (body.kind === 'change') {
      const slot = await checkProposedSlot(deps.db, branchId, current.storeId, body.slot);
      values = { storeId: current.storeId, kind: 'change', slotId: current.id, slot, endsOn: null };
    } else {
      // An ended slot is the slot on file with this last day, held to the slot rules (not before its start).
      if (!pickupSlotBodySchema.safeParse({ ...slotBody(current), endsOn: body.endsOn }).success) throw badRequest('BAD_REQUEST', 'endsOn');
      values = { storeId: current.storeId, kind: 'end', slotId: current.id, slot: null, endsOn: body.endsOn };
    }
  }
  const row = await deps.db.transaction(async (tx) => {
    const row = returnedRow(
      await tx
        .insert(scheduleProposals)
        .values({ ...values, branchId, note, requestedBy: actor.username, requestedByUserId: actor.id, requestedAt: deps.now() })
        .returning(),
    );
    await audit(tx, {
      userId: actor.id,
      actor: actor.username,
      action: 'create',
      entity: 'schedule_proposal',
      entityId: row.id,
      branchId,
      after: row,
    });
    return row;
  });
  const [answer] = await proposalsWhere(deps.db, eq(scheduleProposals.id, row.id));
  if (!answer) throw notFound();
  await mailProposalMade(deps, answer);
  const { province: _, ...proposal } = answer;
  return proposal;
}

/** Approves (the change is made with the approver's scope and the slot rules) or declines (a reason is required). */
export async function decideProposal(deps: Deps, actor: Actor, access: ProgramAccess, id: string, approve: boolean, reasonText: string) {
  if (!isUuid(id.toLowerCase())) throw notFound();
  const reason = reasonText.trim();
  if (!approve && !reason) throw badRequest('REASON_REQUIRED', 'reason');
  const [found] = await proposalsWhere(deps.db, and(eq(scheduleProposals.id, id.toLowerCase()), branchScopeWhere(access)));
  if (!found) throw notFound();
  const decided = await deps.db.transaction(async (tx) => {
    // Locked: two staff answering at once, one wins and the other is told it is answered.
    const [p] = await tx.select().from(scheduleProposals).where(eq(scheduleProposals.id, found.id)).for('update');
    if (!p) throw notFound();
    if (p.status !== 'open') throw new ApiError(409, 'REOPEN_ALREADY_DECIDED');
    let appliedSlotId: string | null = null;
    if (approve) {
      if (p.kind === 'add') appliedSlotId = (await createSlot(tx, access, actor, p.storeId, p.slot as PickupSlotBody)).id;
      else {
        // A slot deleted since the proposal cannot be changed or ended: the same 404 as an unknown slot.
        if (!p.slotId) throw notFound();
        const [current] = await tx.select().from(pickupSlots).where(eq(pickupSlots.id, p.slotId));
        if (!current) throw notFound();
        const body = p.kind === 'change' ? (p.slot as PickupSlotBody) : { ...slotBody(current), endsOn: p.endsOn };
        await updateSlot(tx, access, actor, p.slotId, body);
        appliedSlotId = p.slotId;
      }
    }
    const values = {
      status: approve ? 'approved' : 'declined',
      decidedBy: actor.username,
      decidedByUserId: actor.id,
      decidedAt: deps.now(),
      decisionReason: reason || null,
      appliedSlotId,
    };
    await tx.update(scheduleProposals).set(values).where(eq(scheduleProposals.id, p.id));
    await audit(tx, {
      userId: actor.id,
      actor: actor.username,
      action: approve ? 'approve' : 'decline',
      entity: 'schedule_proposal',
      entityId: p.id,
      branchId: p.branchId,
      before: { status: p.status },
      after: values,
    });
    return { ...p, ...values };
  });
  await mailProposalDecided(deps, decided.requestedByUserId, found, approve, reason);
  return { status: decided.status as ScheduleProposal['status'], slotId: decided.appliedSlotId };
}
