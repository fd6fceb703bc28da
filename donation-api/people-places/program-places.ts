// Branches and stores managed by program administrators, and branch staff's store requests. Who may call is the
// route's declared access, checked before these run: they take what it checked and the actor's identity.
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import type { CreateStoreBody, ProgramBranchRow, ProgramStore, StoreRequest, StoreRequestBody } from '@/lib/domain/program-places';
import type { ProgramAccess } from '@/lib/domain/program-access';
import { programBranch } from '../auth/program-scope';
import { audit } from '../audit';
import type { Actor, ApiDeps } from '../context';
import { branches, branchStores, storeRequests, stores } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { isUuid } from '@/lib/domain/uuid';
import { queryRows, returnedRow } from '../db/sql-rows';
import { listStores } from '../donations/stores';
import { upsertStore } from './store-admin';
import { mailNewStoreRequest, mailStoreDecision } from './store-request-mail';

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

function requireReason(reason: string) {
  if (!reason.trim()) throw new ApiError(400, 'REASON_REQUIRED', 'reason');
  return reason.trim();
}

type Branch = typeof branches.$inferSelect;

export async function listProgramBranches(deps: ApiDeps): Promise<ProgramBranchRow[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    province: string | null;
    city: string | null;
    deactivated_at: string | Date | null;
    users: string;
    stores: string;
  }>(
    deps.db,
    sql`select b.id, b.name, b.province, b.city, b.deactivated_at,
          (select count(*) from user_branches ub where ub.branch_id = b.id) as users,
          (select count(*) from branch_stores bs where bs.branch_id = b.id and bs.campaign_id = ${RFP_CAMPAIGN_ID}::uuid) as stores
        from branches b order by b.deactivated_at is not null, lower(b.name)`,
  );
  return rows.map((r) => ({ ...r, deactivatedAt: iso(r.deactivated_at), users: Number(r.users), stores: Number(r.stores) }));
}

/** A branch with its people and its (RFP) stores, for the edit screen; `branch`: the one the route's access checked. */
export async function branchProfile(deps: ApiDeps, branch: Branch) {
  const people = await queryRows<{ id: string; username: string; email: string; lead: boolean; disabled: boolean }>(
    deps.db,
    sql`select u.id, u.username, u.email, ub.lead, u.disabled from user_branches ub join users u on u.id = ub.user_id
        where ub.branch_id = ${branch.id}::uuid order by u.username`,
  );
  const { createdAt: _c, updatedAt: _u, deactivatedAt, ...fields } = branch;
  return {
    branch: { ...fields, deactivatedAt: iso(deactivatedAt) },
    users: people,
    stores: await listStores(deps.db, branch.id, RFP_CAMPAIGN_ID),
  };
}

/**
 * Deactivates a branch (its history stays; `branches.deactivated_at` lets the oversight screens leave it out from that
 * month on) or reactivates it. Its people keep their links: an administrator unlinks them when they should go.
 */
export async function setBranchActive(deps: ApiDeps, actor: Actor, branch: Branch, active: boolean, reason: string) {
  const why = requireReason(reason);
  const now = deps.now();
  if (active === !branch.deactivatedAt) return { changed: false };
  await deps.db.transaction(async (tx) => {
    await tx
      .update(branches)
      .set({ deactivatedAt: active ? null : now, updatedAt: now })
      .where(eq(branches.id, branch.id));
    await audit(tx, {
      userId: actor.id,
      actor: actor.username,
      action: active ? 'reactivate' : 'deactivate',
      entity: 'branch',
      entityId: branch.id,
      branchId: branch.id,
      before: { deactivatedAt: branch.deactivatedAt },
      after: { deactivatedAt: active ? null : now.toISOString(), reason: why },
    });
  });
  return { changed: true };
}

export async function listProgramStores(deps: ApiDeps, q: string): Promise<ProgramStore[]> {
  const like = `%${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<{
    id: string;
    name: string;
    number: string | null;
    retailer: string | null;
    banner: string | null;
    branches: { branchId: string; branchName: string }[] | null;
  }>(
    deps.db,
    sql`select s.id, s.name, s.number, r.name as retailer, bn.name as banner,
          (select json_agg(json_build_object('branchId', b.id, 'branchName', b.name) order by b.name)
             from branch_stores bs join branches b on b.id = bs.branch_id
             where bs.store_id = s.id and bs.campaign_id = ${RFP_CAMPAIGN_ID}::uuid) as branches
        from stores s left join retailers r on r.id = s.retailer_id left join banners bn on bn.id = s.banner_id
        where lower(s.name) like ${like} or lower(coalesce(s.number, '')) like ${like} or lower(coalesce(r.name, '')) like ${like}
          or lower(coalesce(bn.name, '')) like ${like}
        order by r.name, bn.name, s.name limit 200`,
  );
  return rows.map((r) => ({ ...r, branches: r.branches ?? [] }));
}

// The route's access checked the program role only: the branches named in the body are scoped here.
async function scopedBranchIds(deps: ApiDeps, access: ProgramAccess, ids: string[]) {
  const out: string[] = [];
  for (const id of [...new Set(ids.map((i) => i.toLowerCase()))]) out.push((await programBranch(deps.db, access, id)).id);
  return out;
}

/**
 * The branches a store serves (RFP). Moving a store changes only these links: donations carry their own branch, so
 * a store's past donations stay with the branch that logged them.
 */
export async function setStoreBranches(
  deps: ApiDeps,
  access: ProgramAccess,
  actor: Actor,
  storeId: string,
  branchIds: string[],
  reason: string,
) {
  const wanted = await scopedBranchIds(deps, access, branchIds);
  const why = requireReason(reason);
  if (!isUuid(storeId)) throw notFound();
  return deps.db.transaction(async (tx) => {
    const [store] = await tx.select().from(stores).where(eq(stores.id, storeId.toLowerCase()));
    if (!store) throw notFound();
    const rfp = and(eq(branchStores.storeId, store.id), eq(branchStores.campaignId, RFP_CAMPAIGN_ID));
    const before = (await tx.select({ branchId: branchStores.branchId }).from(branchStores).where(rfp)).map((r) => r.branchId);
    const removed = before.filter((b) => !wanted.includes(b));
    const added = wanted.filter((b) => !before.includes(b));
    if (removed.length) await tx.delete(branchStores).where(and(rfp, inArray(branchStores.branchId, removed)));
    if (added.length)
      await tx.insert(branchStores).values(added.map((branchId) => ({ branchId, storeId: store.id, campaignId: RFP_CAMPAIGN_ID })));
    if (removed.length || added.length)
      await audit(tx, {
        userId: actor.id,
        actor: actor.username,
        action: 'update',
        entity: 'branch_store',
        entityId: store.id,
        before: { branchIds: before },
        after: { branchIds: wanted, reason: why },
      });
    return { changed: removed.length + added.length > 0 };
  });
}

export async function createProgramStore(deps: ApiDeps, access: ProgramAccess, actor: Actor, body: CreateStoreBody) {
  const branchIds = await scopedBranchIds(deps, access, body.branchIds);
  const why = requireReason(body.reason);
  return deps.db.transaction(async (tx) => {
    const { storeId, action } = await upsertStore(tx, actor.username, body);
    if (branchIds.length)
      await tx
        .insert(branchStores)
        .values(branchIds.map((branchId) => ({ branchId, storeId, campaignId: RFP_CAMPAIGN_ID })))
        .onConflictDoNothing();
    await audit(tx, {
      userId: actor.id,
      actor: actor.username,
      action: 'link',
      entity: 'branch_store',
      entityId: storeId,
      after: { branchIds, reason: why },
    });
    return { id: storeId, created: action === 'create' };
  });
}

/**
 * 'My store is not in the list': any member of the branch may ask; program administrators decide. `id`: the branch
 * the route's access checked for writing.
 */
export async function createStoreRequest(deps: ApiDeps, actor: Actor, id: string, body: StoreRequestBody) {
  if (!body.retailer || !body.name) throw new ApiError(400, 'STORE_REQUEST_VALIDATE', body.retailer ? 'name' : 'retailer');
  const row = await deps.db.transaction(async (tx) => {
    const row = returnedRow(
      await tx
        .insert(storeRequests)
        .values({
          branchId: id,
          requestedBy: actor.username,
          requestedByUserId: actor.id,
          retailer: body.retailer,
          banner: body.banner || null,
          name: body.name,
          number: body.number || null,
          address: body.address || null,
          createdAt: deps.now(),
        })
        .returning(),
    );
    await audit(tx, {
      userId: actor.id,
      actor: actor.username,
      action: 'create',
      entity: 'store_request',
      entityId: row.id,
      branchId: id,
      after: row,
    });
    return row;
  });
  const [b] = await deps.db.select({ name: branches.name }).from(branches).where(eq(branches.id, id));
  await mailNewStoreRequest(deps, { ...row, branchName: b?.name ?? '', requestedBy: actor.username });
  return { id: row.id };
}

/**
 * GET /api/branch/{branchId}/store-requests: the branch's requests of the last 90 days and their outcome. `id`: the
 * branch the route's access checked for reading.
 */
export async function branchStoreRequests(deps: ApiDeps, id: string): Promise<StoreRequest[]> {
  const since = new Date(deps.now().getTime() - 90 * 86_400_000);
  const rows = await deps.db
    .select({ r: storeRequests, branchName: branches.name })
    .from(storeRequests)
    .innerJoin(branches, eq(branches.id, storeRequests.branchId))
    .where(and(eq(storeRequests.branchId, id), gte(storeRequests.createdAt, since)))
    .orderBy(desc(storeRequests.createdAt));
  return rows.map(({ r, branchName }) => requestAnswer(r, branchName));
}

function requestAnswer(r: typeof storeRequests.$inferSelect, branchName: string): StoreRequest {
  return {
    id: r.id,
    branchId: r.branchId,
    branchName,
    requestedBy: r.requestedBy,
    retailer: r.retailer,
    banner: r.banner,
    name: r.name,
    number: r.number,
    address: r.address,
    status: r.status,
    decisionReason: r.decisionReason,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listStoreRequests(deps: ApiDeps): Promise<StoreRequest[]> {
  const rows = await deps.db
    .select({ r: storeRequests, branchName: branches.name })
    .from(storeRequests)
    .innerJoin(branches, eq(branches.id, storeRequests.branchId))
    .where(eq(storeRequests.status, 'open'))
    .orderBy(storeRequests.createdAt);
  return rows.map(({ r, branchName }) => requestAnswer(r, branchName));
}

/** Approving creates (or finds) the store and links it to the branch that asked; refusing only closes the request. */
export async function decideStoreRequest(deps: ApiDeps, actor: Actor, requestId: string, approve: boolean, reason: string) {
  if (!isUuid(requestId)) throw notFound();
  const why = approve ? reason.trim() : requireReason(reason);
  const decided = await deps.db.transaction(async (tx) => {
    const [req] = await tx.select().from(storeRequests).where(eq(storeRequests.id, requestId.toLowerCase())).for('update');
    if (!req || req.status !== 'open') throw notFound();
    let storeId: string | null = null;
    if (approve) {
      const row = { retailer: req.retailer, banner: req.banner ?? undefined, name: req.name, number: req.number ?? undefined };
      storeId = (await upsertStore(tx, actor.username, row)).storeId;
      await tx.insert(branchStores).values({ branchId: req.branchId, storeId, campaignId: RFP_CAMPAIGN_ID }).onConflictDoNothing();
    }
    const values = {
      status: approve ? 'approved' : 'refused',
      storeId,
      decidedBy: actor.username,
      decidedAt: deps.now(),
      decisionReason: why || null,
    };
    await tx.update(storeRequests).set(values).where(eq(storeRequests.id, req.id));
    await audit(tx, {
      userId: actor.id,
      actor: actor.username,
      action: approve ? 'approve' : 'refuse',
      entity: 'store_request',
      entityId: req.id,
      branchId: req.branchId,
      before: { status: req.status },
      after: values,
    });
    return { storeId, req };
  });
  await mailStoreDecision(deps, decided.req.requestedByUserId, decided.req, approve, why);
  return { storeId: decided.storeId };
}
