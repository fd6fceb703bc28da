// The demo's pickup schedules (docs/product.md, Pickups): every store of the three demo branches has a slot, most of
// them weekly, every third one twice a week, since the first day of last month. What happened at each pickup is
// recorded relative to the seed's day, so the demo always shows each state: most pickups have their donation, a few
// were missed or had no food, a few of last month and the branch's latest one two days back have nothing recorded
// (unrecorded: the pickups screen, the month's warning and the daily digest show them), and those of yesterday and
// today are still open.
import { randomUUID } from 'node:crypto';
import { RFP_CAMPAIGN_ID, Source, WeightUnit } from '@/lib/domain/enums';
import { addDays, expandSlots, MISSED_REASONS, type PickupSlot } from '@/lib/domain/pickups';
import { sql } from 'drizzle-orm';
import { ghgKgCo2e, type GhgFactors } from '../donations/ghg';
import type { DbOrTx } from '../db/client';
import { donationCategories, donations, pickupDonations, pickupOutcomes, pickupSlots } from '../db/schema';
import { queryRows } from '../db/sql-rows';
import { insertInBatches, mulberry32, randomSplit } from './demo-helpers';

/**
 * Stores left without a demo slot: the first two of Toronto's list (by name), where the browser test of the pickups
 * screen sets its own daily slot and counts that store's pickups (e2e/pickups.spec.ts).
 */
const LEFT_FOR_BROWSER_TESTS = new Set(['0524', '1092']);

/** Of a branch's pickups two days back or more, in date order, every 20th from the 4th has nothing recorded, … */
const EVERY = 20;
const UNRECORDED_AT = 3;
/** … every 20th from the 9th was missed, and every 20th from the 13th had no food. */
const MISSED_AT = 8;
const NO_FOOD_AT = 12;

type DemoBranch = { id: string; storeIds: string[]; owner: { id: string; email: string } };

export async function seedDemoPickups(
  tx: DbOrTx,
  opts: { today: { year: number; month: number; day: number }; branches: DemoBranch[]; factors: GhgFactors | null },
) {
  const rand = mulberry32(20260036);
  const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const today = iso(opts.today.year, opts.today.month, opts.today.day);
  const last = opts.today.month === 1 ? { y: opts.today.year - 1, m: 12 } : { y: opts.today.year, m: opts.today.month - 1 };
  const startsOn = iso(last.y, last.m, 1);
  const numbers = new Map(
    (
      await queryRows<{ id: string; number: string | null }>(
        tx,
        sql`select id, number from stores where id = any(${`{${opts.branches.flatMap((b) => b.storeIds).join(',')}}`}::uuid[])`,
      )
    ).map((r) => [r.id, r.number]),
  );
  const donationRows: (typeof donations.$inferInsert)[] = [];
  const categoryRows: (typeof donationCategories.$inferInsert)[] = [];
  const links: (typeof pickupDonations.$inferInsert)[] = [];
  const outcomes: (typeof pickupOutcomes.$inferInsert)[] = [];
  for (const b of opts.branches) {
    const stores = b.storeIds.filter((id) => !LEFT_FOR_BROWSER_TESTS.has(numbers.get(id) ?? ''));
    const values = stores.map((storeId, i) => {
      const day = 1 + (i % 5);
      return {
        storeId,
        branchId: b.id,
        // Weekly on a weekday, Monday to Friday; every third store twice a week, three days apart.
        weekdays: i % 3 === 1 ? [day, day + 3 > 6 ? day - 3 : day + 3].sort() : [day],
        windowStart: i % 2 === 0 ? '08:00' : '13:30',
        windowEnd: i % 2 === 0 ? '10:00' : '15:00',
        everyWeeks: 1,
        startsOn,
      };
    });
    if (!values.length) continue;
    const rows = await tx.insert(pickupSlots).values(values).returning({ id: pickupSlots.id, storeId: pickupSlots.storeId });
    const slots: PickupSlot[] = rows.map((r, i) => ({ ...values[i]!, id: r.id, backupBranchId: null, endsOn: null }));
    // Yesterday's and today's pickups stay open (late, today): only those two days back or more are answered here.
    const answered = expandSlots(slots, [], startsOn, addDays(today, -2));
    answered.forEach((p, k) => {
      const at = new Date(`${addDays(p.date, 1)}T15:00:00Z`);
      if (k === answered.length - 1 || k % EVERY === UNRECORDED_AT) return;
      if (k % EVERY === MISSED_AT || k % EVERY === NO_FOOD_AT) {
        const missed = k % EVERY === MISSED_AT;
        const reason = missed ? MISSED_REASONS[Math.floor(k / EVERY) % MISSED_REASONS.length] : null;
        outcomes.push({
          slotId: p.slotId,
          pickupDate: p.date,
          branchId: b.id,
          outcome: missed ? 'missed' : 'no_food',
          reason,
          reasonText: reason === 'other' ? 'The loading dock was closed for repairs.' : null,
          recordedByUserId: b.owner.id,
          recordedAt: at,
        });
        return;
      }
      const weight = Math.round((60 + rand() * 640) * 10) / 10;
      const split = randomSplit(rand);
      const id = randomUUID();
      donationRows.push({
        id,
        branchId: b.id,
        campaignId: RFP_CAMPAIGN_ID,
        storeId: p.storeId,
        date: p.date,
        source: rand() < 0.8 ? Source.BackStore : Source.FrontStore,
        weight,
        weightUnit: WeightUnit.Pounds,
        weightInPounds: weight,
        ghgKgCo2e: opts.factors ? ghgKgCo2e(weight, split, opts.factors) : null,
        ghgFactorVersion: opts.factors?.version ?? null,
        createdBy: b.owner.email,
        createdByUserId: b.owner.id,
        updatedBy: b.owner.email,
        updatedByUserId: b.owner.id,
        createdAt: at,
        updatedAt: at,
      });
      for (const c of split) categoryRows.push({ donationId: id, ...c });
      links.push({ donationId: id, slotId: p.slotId, pickupDate: p.date });
    });
  }
  await insertInBatches(donationRows, 500, (rows) => tx.insert(donations).values(rows));
  await insertInBatches(categoryRows, 1000, (rows) => tx.insert(donationCategories).values(rows));
  await insertInBatches(links, 1000, (rows) => tx.insert(pickupDonations).values(rows));
  await insertInBatches(outcomes, 1000, (rows) => tx.insert(pickupOutcomes).values(rows));
}
