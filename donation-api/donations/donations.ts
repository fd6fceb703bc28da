import { and, eq, sql } from 'drizzle-orm';
import { parseCalendarDate, formatCalendarDate, type CalendarDate } from '@/lib/domain/dates';
import { checkDonationRules, type SaveDonationBody } from '@/lib/domain/donation';
import { RFP_CAMPAIGN_ID, type WeightUnit } from '@/lib/domain/enums';
import { UUID_PATTERN } from '@/lib/domain/uuid';
import { toPounds } from '@/lib/domain/weight';
import type { AuthUser } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { branchStores, campaigns, donationCategories, donations } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { audit } from '../audit';
import { ghgKgCo2e, newestGhgFactors } from './ghg';
import { kindFilter, selectDonations, shapeOf, uuidList, type DonationAnswer, type DonationKind, type DonationOf } from './donation-query';
import { lockOpenMonths, monthOf } from './month-lock';
import { queryRows, returnedRow } from '../db/sql-rows';
import type { ReferenceCache } from '../db/reference-cache';
import { markCreated, remarkUpdated, weightFlagFor } from '../program/weight-flags';
import { linkDonationToPickup } from '../pickups/pickups';

// Ids in a saved body may be missing or null: a guard, so that a checked id is a string after it.
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID_PATTERN.test(v);

/** What a donation write needs besides the body: who writes, today's date, the banana-box weight. */
export type WriteContext = { user: AuthUser; today: CalendarDate; bananaBoxLbs: number; reference: ReferenceCache };

function monthRange(year: number, month: number): { from: string; to: string } {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { from: formatCalendarDate({ year, month, day: 1 }), to: formatCalendarDate({ ...next, day: 1 }) };
}

/** A month's donations of one branch (RFP or the other programs), in date order. */
export async function listMonthDonations<K extends DonationKind>(db: DbOrTx, branchId: string, year: number, month: number, kind: K) {
  const { from, to } = monthRange(year, month);
  const rows = await selectDonations(
    db,
    sql`d.branch_id = ${branchId}::uuid and ${kindFilter(kind)} and d.date >= ${from}::date and d.date < ${to}::date`,
  );
  return rows.map((row) => shapeOf(kind, row));
}

/** One donation of the caller's branches; another branch's id and an unknown id are the same 404. */
export async function getDonation<K extends DonationKind>(db: DbOrTx, branchIds: string[], id: string, kind: K): Promise<DonationOf<K>> {
  if (!isUuid(id) || branchIds.length === 0) throw notFound();
  const [row] = await selectDonations(
    db,
    sql`d.id = ${id}::uuid and d.branch_id in (${uuidList(branchIds)}) and ${kindFilter(kind)}`,
    sql``,
  );
  if (!row) throw notFound();
  return shapeOf(kind, row);
}

type ValidDonation = {
  date: string;
  storeId: string;
  source: number;
  weight: number;
  weightUnit: number;
  weightInPounds: number;
  categories: { categoryId: number; fraction: number }[];
};

/** The donation rules on the server (docs/product.md, The donation form); saveDonationBodySchema checked the shape. */
async function validate(
  tx: DbOrTx,
  body: SaveDonationBody,
  ctx: WriteContext,
  target: { branchId: string; campaignId: string },
  storeFallback?: string,
): Promise<ValidDonation> {
  const known = await ctx.reference.knownCategories(tx);
  const shares = body.campaignCategories ?? body.categories;
  const storeId = body.storeId ?? storeFallback ?? null;
  const violations = checkDonationRules(
    { date: body.date, storeId, source: body.source, weight: body.weight, weightUnit: body.weightUnit, categories: shares },
    { today: ctx.today, categories: known, bananaBoxLbs: ctx.bananaBoxLbs },
  );
  const [violation] = violations;
  if (violation) throw badRequest(violation.code, violation.field);
  // Store must be one this branch is served by, for this program.
  if (!isUuid(storeId)) throw badRequest('VALIDATION_STORE', 'storeId');
  const [served] = await tx
    .select({ storeId: branchStores.storeId })
    .from(branchStores)
    .where(
      and(eq(branchStores.branchId, target.branchId), eq(branchStores.campaignId, target.campaignId), eq(branchStores.storeId, storeId)),
    )
    .limit(1);
  if (!served) throw badRequest('VALIDATION_STORE', 'storeId');
  return {
    date: formatCalendarDate(parseCalendarDate(body.date)!),
    storeId,
    source: body.source,
    weight: body.weight,
    weightUnit: body.weightUnit,
    weightInPounds: toPounds(body.weight, body.weightUnit as WeightUnit, ctx.bananaBoxLbs),
    // Zero shares carry no information; only the categories present are stored.
    categories: shares
      .filter((c) => c.fraction > 0)
      .map((c) => ({ categoryId: c.categoryId, fraction: Math.round(c.fraction * 100) / 100 })),
  };
}

function checkBodyBranch(body: SaveDonationBody, branchId: string) {
  // The path names the branch; a body that names another one is a confused client, not a second target.
  if (body.branchId !== undefined && body.branchId !== branchId) throw new ApiError(400, 'BAD_REQUEST', 'branchId');
}

async function writeCategories(tx: Tx, donationId: string, shares: ValidDonation['categories'], replace: boolean) {
  if (replace) await tx.delete(donationCategories).where(eq(donationCategories.donationId, donationId));
  if (shares.length) await tx.insert(donationCategories).values(shares.map((c) => ({ donationId, ...c })));
}

/** The campaign a write targets: the RFP for plain donations, an existing other program otherwise. */
export async function resolveCampaign(db: DbOrTx, kind: DonationKind, campaignId?: string): Promise<string> {
  if (kind === 'rfp') return RFP_CAMPAIGN_ID;
  if (!isUuid(campaignId) || campaignId === RFP_CAMPAIGN_ID) throw notFound();
  const [c] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
  if (!c) throw notFound();
  return c.id;
}

/**
 * Creates a donation: rules, store served, month lock, row, categories, gas figure and audit in one
 * transaction. The caller has already checked the branch is theirs.
 */
export async function createDonation<K extends DonationKind>(
  db: DbOrTx,
  ctx: WriteContext,
  branchId: string,
  kind: K,
  body: SaveDonationBody,
  campaignIdParam?: string,
) {
  checkBodyBranch(body, branchId);
  const campaignId = await resolveCampaign(db, kind, campaignIdParam ?? body.campaignId);
  if (kind === 'campaign' && body.campaignId !== undefined && body.campaignId !== campaignId)
    throw new ApiError(400, 'VALIDATION_CAMPAIGN', 'campaignId');
  const id = await db.transaction(async (tx) => {
    const v = await validate(tx, body, ctx, { branchId, campaignId });
    await lockOpenMonths(tx, [monthOf(branchId, v.date)]);
    const factors = await newestGhgFactors(tx);
    const flag = await weightFlagFor(tx, { branchId, campaignId, storeId: v.storeId }, v.weightInPounds);
    const row = returnedRow(
      await tx
        .insert(donations)
        .values({ branchId, campaignId, ...savedColumns(v, factors, ctx), createdBy: ctx.user.email, createdByUserId: ctx.user.id })
        .returning({ id: donations.id }),
    );
    await writeCategories(tx, row.id, v.categories, false);
    await markCreated(tx, row.id, flag);
    // The pickup it was: the one the pickups screen named, else the store's within a day (docs/rules.md, Pickups).
    if (kind === 'rfp') await linkDonationToPickup(tx, { id: row.id, branchId, storeId: v.storeId, date: v.date }, body.pickupId);
    await audit(tx, {
      userId: ctx.user.id,
      actor: ctx.user.email,
      action: 'create',
      entity: kind === 'rfp' ? 'donation' : 'campaign_donation',
      entityId: row.id,
      branchId,
      after: { ...v, campaignId },
    });
    return row.id;
  });
  return getDonation(db, ctx.user.branchIds, id, kind);
}

/** The columns a create and an update both write: the validated values, the gas figure and who saved it. */
function savedColumns(v: Awaited<ReturnType<typeof validate>>, factors: Awaited<ReturnType<typeof newestGhgFactors>>, ctx: WriteContext) {
  return {
    storeId: v.storeId,
    date: v.date,
    source: v.source,
    weight: v.weight,
    weightUnit: v.weightUnit,
    weightInPounds: v.weightInPounds,
    ghgKgCo2e: factors ? ghgKgCo2e(v.weightInPounds, v.categories, factors) : null,
    ghgFactorVersion: factors?.version ?? null,
    updatedBy: ctx.user.email,
    updatedByUserId: ctx.user.id,
  };
}

/** The donation row, locked for this transaction, if it is one of the caller's of that kind. */
async function lockDonation(tx: Tx, branchIds: string[], id: string, kind: DonationKind): Promise<DonationAnswer> {
  // On a write, unknown, foreign and deleted-meanwhile are the same 404, with a code the edit screen can explain.
  const gone = () => new ApiError(404, 'DONATION_NOT_FOUND');
  if (!isUuid(id) || branchIds.length === 0) throw gone();
  const locked = await queryRows<{ id: string }>(
    tx,
    sql`select d.id from donations d where d.id = ${id}::uuid and d.branch_id in (${uuidList(branchIds)}) and ${kindFilter(kind)} for update`,
  );
  if (!locked.length) throw gone();
  const [row] = await selectDonations(tx, sql`d.id = ${id}::uuid`, sql``);
  if (!row) throw gone();
  return row;
}

/** Updates a donation; when the date moves, both the old and the new month must be open. */
export async function updateDonation<K extends DonationKind>(db: DbOrTx, ctx: WriteContext, id: string, kind: K, body: SaveDonationBody) {
  await db.transaction(async (tx) => {
    const before = await lockDonation(tx, ctx.user.branchIds, id, kind);
    checkBodyBranch(body, before.branchId);
    if (body.version !== undefined && body.version !== before.version) throw new ApiError(409, 'DONATION_CONFLICT', 'version');
    if (body.campaignId !== undefined && body.campaignId !== before.campaignId)
      throw new ApiError(400, 'VALIDATION_CAMPAIGN', 'campaignId');
    const v = await validate(tx, body, ctx, { branchId: before.branchId, campaignId: before.campaignId }, before.storeId);
    await lockOpenMonths(tx, [monthOf(before.branchId, before.date), monthOf(before.branchId, v.date)]);
    const factors = await newestGhgFactors(tx);
    const flag = await weightFlagFor(
      tx,
      { branchId: before.branchId, campaignId: before.campaignId, storeId: v.storeId },
      v.weightInPounds,
    );
    await tx
      .update(donations)
      .set({ ...savedColumns(v, factors, ctx), version: sql`${donations.version} + 1`, updatedAt: sql`now()` })
      .where(eq(donations.id, id));
    await writeCategories(tx, id, v.categories, true);
    // Another store has another usual weight: a move is judged again like a new weight.
    await remarkUpdated(tx, id, flag, v.weightInPounds !== before.weightInPounds || v.storeId !== before.storeId);
    await audit(tx, {
      userId: ctx.user.id,
      actor: ctx.user.email,
      action: 'update',
      entity: kind === 'rfp' ? 'donation' : 'campaign_donation',
      entityId: id,
      branchId: before.branchId,
      before,
      after: v,
    });
  });
  return getDonation(db, ctx.user.branchIds, id, kind);
}

export async function deleteDonation(db: DbOrTx, user: AuthUser, id: string, kind: DonationKind) {
  await db.transaction(async (tx) => {
    const before = await lockDonation(tx, user.branchIds, id, kind);
    await lockOpenMonths(tx, [monthOf(before.branchId, before.date)]);
    await tx.delete(donations).where(eq(donations.id, id));
    await audit(tx, {
      userId: user.id,
      actor: user.email,
      action: 'delete',
      entity: kind === 'rfp' ? 'donation' : 'campaign_donation',
      entityId: id,
      branchId: before.branchId,
      before,
    });
  });
}

/** Years that have donations in the given branches, newest first. */
export async function donationYears(db: DbOrTx, branchIds: string[]): Promise<number[]> {
  if (branchIds.length === 0) return [];
  const res = await queryRows<{ year: number }>(
    db,
    sql`select distinct extract(year from d.date)::int as year from donations d where d.branch_id in (${uuidList(branchIds)}) order by year desc`,
  );
  return res.map((r) => Number(r.year));
}

/** Donations of a branch between two calendar dates (inclusive), every program, one page at a time. */
export async function pagedDonations(
  db: DbOrTx,
  opts: { branchId: string; from: string; to: string; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  const where = sql`d.branch_id = ${opts.branchId}::uuid and d.date >= ${opts.from}::date and d.date <= ${opts.to}::date`;
  const dir = opts.order === 'desc' ? sql`desc` : sql`asc`;
  const [entities, count] = await Promise.all([
    selectDonations(db, where, sql`order by d.date ${dir}, d.created_at ${dir}, d.id ${dir} limit ${opts.limit} offset ${opts.offset}`),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from donations d where ${where}`),
  ]);
  return { entities, total: Number(count[0]?.total ?? 0) };
}
