// Pickup reliability (docs/product.md, Pickup reliability; docs/rules.md, Pickup reliability): the scheduled pickups of
// a month or a quarter, as the program sees them grouped by branch, store, retailer or province, and as a partner
// sees its own stores. The counting and the flag are lib/domain/pickup-reliability.ts; this reads the slots in scope,
// expands them (lib/domain/pickups.ts) and joins what was recorded.
import { sql, type SQL } from 'drizzle-orm';
import type { ProvinceCode } from '@/lib/domain/enums';
import {
  countPickups,
  flaggedStores,
  groupPickups,
  percentsOf,
  reliabilityPeriod,
  type PartnerPickups,
  type ReliabilityAnswer,
  type ReliabilityGroup,
  type ReliabilityPickup,
  type ReliabilityQuery,
} from '@/lib/domain/pickup-reliability';
import { addDays, expandSlots, pickupState, type PickupPause, type PickupSlot } from '@/lib/domain/pickups';
import type { ProgramAccess } from '@/lib/domain/program-access';
import { storeDisplayName } from '@/lib/domain/store';
import { partnerStoreWhere } from '../auth/partner-scope';
import type { PartnerGrant } from '../context';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/sql-rows';
import { recordedFor } from './pickups';

/** The days a partner's period is counted by at a time. */
const CHUNK_DAYS = 92;

type SlotRow = PickupSlot & {
  branchName: string;
  province: ProvinceCode | null;
  storeName: string;
  banner: string | null;
  retailerId: string | null;
  retailer: string | null;
};

/** A pickup with what each grouping reads: its slot's collecting branch (and its province), its store and retailer. */
type Scored = ReliabilityPickup & { slot: SlotRow };

/** The slots whose stores or branches `where` admits (aliases: ps slot, b collecting branch, s store), and their pauses. */
async function slotsWhere(db: DbOrTx, where: SQL) {
  const slots = await queryRows<SlotRow>(
    db,
    sql`select ps.id, ps.store_id as "storeId", ps.branch_id as "branchId", ps.backup_branch_id as "backupBranchId",
          ps.weekdays, ps.window_start as "windowStart", ps.window_end as "windowEnd", ps.every_weeks as "everyWeeks",
          ps.starts_on::text as "startsOn", ps.ends_on::text as "endsOn", b.name as "branchName", b.province,
          s.name as "storeName", bn.name as banner, s.retailer_id as "retailerId", r.name as retailer
        from pickup_slots ps join branches b on b.id = ps.branch_id join stores s on s.id = ps.store_id
          left join banners bn on bn.id = s.banner_id left join retailers r on r.id = s.retailer_id
        where ${where}`,
  );
  const typed = slots.map((s) => ({ ...s, weekdays: s.weekdays.map(Number), everyWeeks: Number(s.everyWeeks) }));
  const storeIds = [...new Set(typed.map((s) => s.storeId))];
  const pauses = storeIds.length
    ? await queryRows<PickupPause>(
        db,
        sql`select store_id as "storeId", starts_on::text as "startsOn", ends_on::text as "endsOn", reason from pickup_pauses
          where store_id = any(${`{${storeIds.join(',')}}`}::uuid[])`,
      )
    : [];
  return { slots: typed, pauses };
}

/** Every scheduled pickup of these slots from `from` to `to`, with its state on `today`. */
async function scoredPickups(db: DbOrTx, where: SQL, from: string, to: string, today: string): Promise<Scored[]> {
  const { slots, pauses } = await slotsWhere(db, where);
  const scheduled = expandSlots(slots, pauses, from, to);
  const recorded = await recordedFor(
    db,
    slots.map((s) => s.id),
    from,
    to,
  );
  const bySlot = new Map(slots.map((s) => [s.id, s]));
  return scheduled.map((p) => {
    const slot = bySlot.get(p.slotId)!;
    const outcome = recorded.outcomes.get(p.pickupId);
    const donations = recorded.donations.get(p.pickupId) ?? 0;
    return {
      storeId: p.storeId,
      date: p.date,
      windowStart: slot.windowStart,
      slotId: p.slotId,
      state: pickupState(p.date, { donations, outcome: outcome?.outcome ?? null }, today),
      reason: outcome?.outcome === 'missed' ? outcome.reason : null,
      slot,
    };
  });
}

const storeName = (s: SlotRow) => storeDisplayName({ name: s.storeName, banner: { name: s.banner }, retailer: { name: s.retailer } });

const GROUPS: Record<
  ReliabilityGroup,
  { key: (s: SlotRow) => string | null; name: (s: SlotRow) => string; province: (s: SlotRow) => ProvinceCode | null }
> = {
  branch: { key: (s) => s.branchId, name: (s) => s.branchName, province: (s) => s.province },
  store: { key: (s) => s.storeId, name: storeName, province: (s) => s.province },
  retailer: { key: (s) => s.retailerId, name: (s) => s.retailer ?? '', province: () => null },
  province: { key: (s) => s.province, name: (s) => s.province ?? '', province: (s) => s.province },
};

/**
 * GET /api/program/reliability: a month's or a quarter's pickups in the caller's scope (a coordinator: the slots whose
 * collecting branch is in their provinces), grouped, with the total and the flagged stores.
 */
export async function programReliability(
  db: DbOrTx,
  program: ProgramAccess,
  q: ReliabilityQuery,
  today: string,
): Promise<ReliabilityAnswer> {
  const { from, to } = reliabilityPeriod(q.year, q);
  const scope =
    program.role === 'admin'
      ? sql`true`
      : program.provinces.length
        ? sql`b.province = any(${`{${program.provinces.join(',')}}`}::text[])`
        : sql`false`;
  const pickups = await scoredPickups(db, scope, from, to, today);
  const group = GROUPS[q.groupBy];
  const flags = flaggedStores(pickups);
  const rows = groupPickups(pickups, (p) => group.key(p.slot), flags)
    .map((g) => ({
      key: g.key,
      name: group.name(g.first.slot),
      province: group.province(g.first.slot),
      counts: g.counts,
      percents: g.percents,
      flaggedStores: g.flaggedStores,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.key ?? '').localeCompare(b.key ?? ''));
  const slotOf = new Map(pickups.map((p) => [p.storeId, p.slot]));
  const flagged = [...flags.entries()]
    .map(([storeId, dates]) => {
      const slot = slotOf.get(storeId)!;
      return { storeId, storeName: storeName(slot), branchName: slot.branchName, province: slot.province, dates };
    })
    .sort((a, b) => a.storeName.localeCompare(b.storeName));
  const counts = countPickups(pickups);
  return {
    year: q.year,
    month: q.month ?? null,
    quarter: q.quarter ?? null,
    from,
    to,
    today,
    groupBy: q.groupBy,
    rows,
    total: { counts, percents: percentsOf(counts), flaggedStores: flags.size },
    flagged,
  };
}

/**
 * A partner's stores over a period of months (the partner's figures' period and filters): the pickups whose date has
 * come, how many were collected (a donation linked) and how many had no food. The partner sees only its stores.
 */
export async function partnerPickups(
  db: DbOrTx,
  grant: PartnerGrant,
  period: { from: string; to: string },
  today: string,
  filters: { bannerId?: string; storeId?: string; province?: string } = {},
): Promise<PartnerPickups> {
  const parts: SQL[] = [partnerStoreWhere(grant)];
  if (filters.bannerId) parts.push(sql`s.banner_id = ${filters.bannerId}::uuid`);
  if (filters.storeId) parts.push(sql`s.id = ${filters.storeId}::uuid`);
  if (filters.province) parts.push(sql`b.province = ${filters.province}`);
  // A chain's thousands of slots over up to three years: counted a quarter at a time, so that the pickups held at once
  // stay those of one quarter.
  const where = sql.join(parts, sql` and `);
  const total = { scheduled: 0, collected: 0, noFood: 0 };
  for (let from = period.from; from <= period.to; from = addDays(from, CHUNK_DAYS)) {
    const last = addDays(from, CHUNK_DAYS - 1);
    const c = countPickups(await scoredPickups(db, where, from, last < period.to ? last : period.to, today));
    total.scheduled += c.scheduled;
    total.collected += c.recorded;
    total.noFood += c.noFood;
  }
  return { from: period.from, to: period.to, ...total };
}
