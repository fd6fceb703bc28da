// A branch's scheduled pickups (docs/product.md, Pickups): its slots expanded over a range of dates, each with what
// was recorded for it (linked donations, no food, missed), and the one-tap actions. The rules are lib/domain/pickups.ts.
import { sql } from 'drizzle-orm';
import {
  addDays,
  dayNumber,
  expandSlots,
  parsePickupId,
  pickupForDonation,
  pickupOrder,
  pickupState,
  type BranchPickup,
  type MissedReason,
  type PickupOutcomeBody,
} from '@/lib/domain/pickups';
import { storeDisplayName } from '@/lib/domain/store';
import type { Actor } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { pickupDonations, pickupOutcomes } from '../db/schema';
import { queryRows } from '../db/sql-rows';
import { ApiError, badRequest, notFound } from '../errors';
import { branchSlots } from './schedules';

/** The longest range of dates one call reads. */
export const PICKUP_RANGE_DAYS = 92;

type Recorded = {
  donations: Map<string, number>;
  outcomes: Map<string, { outcome: 'no_food' | 'missed'; reason: MissedReason | null; reasonText: string | null }>;
};

/** What was recorded for these slots' pickups between two dates: linked donations and outcomes, by pickup id. */
export async function recordedFor(db: DbOrTx, slotIds: string[], from: string, to: string): Promise<Recorded> {
  const donations = new Map<string, number>();
  const outcomes: Recorded['outcomes'] = new Map();
  if (!slotIds.length) return { donations, outcomes };
  const list = sql`${`{${slotIds.join(',')}}`}::uuid[]`;
  const linked = await queryRows<{ id: string; n: number }>(
    db,
    sql`select slot_id || '_' || pickup_date::text as id, count(*)::int as n from pickup_donations
        where slot_id = any(${list}) and pickup_date between ${from}::date and ${to}::date group by slot_id, pickup_date`,
  );
  for (const r of linked) donations.set(r.id, Number(r.n));
  const rows = await queryRows<{ id: string; outcome: 'no_food' | 'missed'; reason: MissedReason | null; reasonText: string | null }>(
    db,
    sql`select slot_id || '_' || pickup_date::text as id, outcome, reason, reason_text as "reasonText" from pickup_outcomes
        where slot_id = any(${list}) and pickup_date between ${from}::date and ${to}::date`,
  );
  for (const r of rows) outcomes.set(r.id, { outcome: r.outcome, reason: r.reason, reasonText: r.reasonText });
  return { donations, outcomes };
}

async function storeNames(db: DbOrTx, storeIds: string[]) {
  if (!storeIds.length) return new Map<string, string>();
  const rows = await queryRows<{ id: string; name: string; banner: string | null; retailer: string | null }>(
    db,
    sql`select s.id, s.name, b.name as banner, r.name as retailer from stores s left join banners b on b.id = s.banner_id
        left join retailers r on r.id = s.retailer_id where s.id = any(${`{${storeIds.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, storeDisplayName({ name: r.name, banner: { name: r.banner }, retailer: { name: r.retailer } })]));
}

/**
 * A branch's pickups from `from` to `to`: late ones first (unrecorded, then late, oldest first), then today's and the
 * ones to come, then those already recorded. `collectingOnly` leaves out the slots the branch only backs up.
 */
export async function branchPickups(
  db: DbOrTx,
  branchId: string,
  range: { from: string; to: string },
  today: string,
  opts: { collectingOnly?: boolean } = {},
): Promise<BranchPickup[]> {
  const span = dayNumber(range.to) - dayNumber(range.from);
  if (!(span >= 0 && span < PICKUP_RANGE_DAYS)) throw badRequest('PICKUP_RANGE', 'to');
  const { slots, pauses } = await branchSlots(db, [branchId]);
  const mine = opts.collectingOnly ? slots.filter((s) => s.branchId === branchId) : slots;
  const scheduled = expandSlots(mine, pauses, range.from, range.to);
  const recorded = await recordedFor(
    db,
    mine.map((s) => s.id),
    range.from,
    range.to,
  );
  const names = await storeNames(db, [...new Set(mine.map((s) => s.storeId))]);
  const bySlot = new Map(mine.map((s) => [s.id, s]));
  const out = scheduled.map((p): BranchPickup => {
    const slot = bySlot.get(p.slotId)!;
    const donations = recorded.donations.get(p.pickupId) ?? 0;
    const outcome = recorded.outcomes.get(p.pickupId);
    return {
      pickupId: p.pickupId,
      slotId: p.slotId,
      storeId: p.storeId,
      storeName: names.get(p.storeId) ?? '',
      date: p.date,
      windowStart: slot.windowStart,
      windowEnd: slot.windowEnd,
      backup: slot.branchId !== branchId,
      state: pickupState(p.date, { donations, outcome: outcome?.outcome ?? null }, today),
      donations,
      reason: outcome?.reason ?? null,
      reasonText: outcome?.reasonText ?? null,
    };
  });
  return out.sort(
    (a, b) =>
      pickupOrder(a.state) - pickupOrder(b.state) ||
      a.date.localeCompare(b.date) ||
      a.windowStart.localeCompare(b.windowStart) ||
      a.storeName.localeCompare(b.storeName),
  );
}

/** The scheduled pickup a branch may act on, or the same 404 as an unknown one. */
async function branchPickup(db: DbOrTx, branchId: string, pickupId: string) {
  const parsed = parsePickupId(pickupId);
  if (!parsed) throw notFound();
  const { slots, pauses } = await branchSlots(db, [branchId]);
  const [p] = expandSlots(
    slots.filter((s) => s.id === parsed.slotId),
    pauses,
    parsed.date,
    parsed.date,
  );
  if (!p) throw notFound();
  return p;
}

/**
 * No food or missed for a pickup. The pickup's key makes a second tap record nothing twice (changed: false); another
 * answer for a pickup that already has one, or a donation, is refused (409).
 */
export async function recordOutcome(db: DbOrTx, actor: Actor, branchId: string, pickupId: string, body: PickupOutcomeBody, today: string) {
  const p = await branchPickup(db, branchId, pickupId);
  if (p.date > today) throw badRequest('PICKUP_NOT_YET');
  const reason = body.outcome === 'missed' ? body.reason : null;
  const reasonText = body.outcome === 'missed' && body.reason === 'other' ? (body.reasonText ?? '') || null : null;
  return db.transaction(async (tx) => {
    const [linked] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from pickup_donations where slot_id = ${p.slotId}::uuid and pickup_date = ${p.date}::date`,
    );
    if (Number(linked!.n) > 0) throw new ApiError(409, 'PICKUP_RECORDED');
    const inserted = await tx
      .insert(pickupOutcomes)
      .values({ slotId: p.slotId, pickupDate: p.date, branchId, outcome: body.outcome, reason, reasonText, recordedByUserId: actor.id })
      .onConflictDoNothing()
      .returning({ slotId: pickupOutcomes.slotId });
    if (inserted.length) return { pickupId: p.pickupId, changed: true };
    const [existing] = await queryRows<{ outcome: string; reason: string | null }>(
      tx,
      sql`select outcome, reason from pickup_outcomes where slot_id = ${p.slotId}::uuid and pickup_date = ${p.date}::date`,
    );
    if (existing?.outcome !== body.outcome || existing.reason !== reason) throw new ApiError(409, 'PICKUP_RECORDED');
    return { pickupId: p.pickupId, changed: false };
  });
}

/**
 * Links a donation being saved to its pickup, in the donation's transaction: the pickup the form named (it must be
 * the branch's, for that store, within a day of the date), else the store's nearest pickup within a day. A pickup that
 * was marked no food or missed is left as marked: the donation is then not linked.
 */
export async function linkDonationToPickup(
  tx: Tx,
  donation: { id: string; branchId: string; storeId: string; date: string },
  pickupId?: string | null,
) {
  const { slots, pauses } = await branchSlots(tx, [donation.branchId], donation.storeId);
  if (!slots.length) return null;
  let target = pickupForDonation(slots, pauses, donation.date);
  const named = pickupId ? parsePickupId(pickupId) : null;
  if (named) {
    const near = expandSlots(
      slots.filter((s) => s.id === named.slotId),
      pauses,
      addDays(donation.date, -1),
      addDays(donation.date, 1),
    ).find((p) => p.date === named.date);
    if (near) target = near;
  }
  if (!target) return null;
  const [marked] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from pickup_outcomes where slot_id = ${target.slotId}::uuid and pickup_date = ${target.date}::date`,
  );
  if (Number(marked!.n) > 0) return null;
  await tx
    .insert(pickupDonations)
    .values({ donationId: donation.id, slotId: target.slotId, pickupDate: target.date })
    .onConflictDoNothing();
  return target.pickupId;
}
