import { z } from 'zod';
import { formatCalendarDate, parseCalendarDate, todayCalendarDate } from './dates';
import { limitedText } from './text-limits';

// Pickups (docs/product.md, Pickups; docs/rules.md, Pickups): a store's slots expanded into scheduled pickups, and the
// state of each. Dates are calendar dates counted as whole days since 1970-01-01, so daylight-saving changes and
// month ends cannot move a pickup.

export const MISSED_REASONS = ['truck', 'staff', 'store_closed', 'weather', 'other'] as const;
export type MissedReason = (typeof MISSED_REASONS)[number];
export const PICKUP_TEXT_MAX = { reason: 300, pauseReason: 200 } as const;
/** A scheduled pickup with nothing recorded this many days after its date is unrecorded. */
export const UNRECORDED_AFTER_DAYS = 2;
/** A donation is linked to a slot's pickup at most this many days from the donation's date. */
export const LINK_WITHIN_DAYS = 1;

export type PickupSlot = {
  id: string;
  storeId: string;
  branchId: string;
  backupBranchId: string | null;
  /** ISO weekdays: 1 Monday … 7 Sunday. */
  weekdays: number[];
  windowStart: string;
  windowEnd: string;
  /** 1 every week, 2 every other week, counted from the week (Monday to Sunday) of startsOn. */
  everyWeeks: number;
  startsOn: string;
  endsOn: string | null;
};
export type PickupPause = { storeId: string; startsOn: string; endsOn: string; reason: string };
export type ScheduledPickup = { pickupId: string; slotId: string; storeId: string; date: string };

const DAY_MS = 86_400_000;

/** Day numbers already read: a quarter's tens of thousands of pickups share about ninety dates. */
const DAY_CACHE = new Map<string, number>();
const DAY_CACHE_MAX = 20_000;

/** Whole days since 1970-01-01 of a YYYY-MM-DD date (NaN for anything else). */
export function dayNumber(date: string): number {
  const known = DAY_CACHE.get(date);
  if (known !== undefined) return known;
  const d = parseCalendarDate(date);
  const day = d ? Date.UTC(d.year, d.month - 1, d.day) / DAY_MS : Number.NaN;
  if (DAY_CACHE.size >= DAY_CACHE_MAX) DAY_CACHE.clear();
  DAY_CACHE.set(date, day);
  return day;
}

/** The YYYY-MM-DD date of a day number. */
export function dateOfDay(day: number): string {
  const d = new Date(day * DAY_MS);
  return formatCalendarDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

export const addDays = (date: string, days: number) => dateOfDay(dayNumber(date) + days);

/** ISO weekday (1 Monday … 7 Sunday) of a day number; 1970-01-01 was a Thursday. */
export const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

/** A pickup's identity: its slot and its date. */
export const pickupIdOf = (slotId: string, date: string) => `${slotId}_${date}`;

export function parsePickupId(pickupId: string): { slotId: string; date: string } | null {
  const m = /^([0-9a-f-]{36})_(\d{4}-\d{2}-\d{2})$/i.exec(pickupId);
  const [, slotId, date] = m ?? [];
  if (!slotId || !date || Number.isNaN(dayNumber(date))) return null;
  return { slotId: slotId.toLowerCase(), date };
}

/** A slot with its dates as day numbers, read once: the expansion asks every slot about every day of a range. */
type DaySlot = { slot: PickupSlot; start: number; end: number; anchorMonday: number; weekdays: Set<number> };

function daySlot(slot: PickupSlot): DaySlot {
  const start = dayNumber(slot.startsOn);
  return {
    slot,
    start,
    end: slot.endsOn ? dayNumber(slot.endsOn) : Number.POSITIVE_INFINITY,
    anchorMonday: start - (isoWeekday(start) - 1),
    weekdays: new Set(slot.weekdays),
  };
}

/** Whether a slot has a pickup on this day (its weekdays, its rhythm, its dates), pauses aside. */
function slotFallsOn(s: DaySlot, day: number): boolean {
  if (day < s.start || day > s.end) return false;
  if (!s.weekdays.has(isoWeekday(day))) return false;
  if (s.slot.everyWeeks <= 1) return true;
  return Math.floor((day - s.anchorMonday) / 7) % s.slot.everyWeeks === 0;
}

/** The scheduled pickups of these slots from `from` to `to` (both included), pauses skipped, by date then slot. */
export function expandSlots(slots: PickupSlot[], pauses: PickupPause[], from: string, to: string): ScheduledPickup[] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (Number.isNaN(first) || Number.isNaN(last)) return [];
  // Pauses by store, so that a program's or a chain's thousands of slots do not each read every store's pauses.
  const paused = new Map<string, { from: number; to: number }[]>();
  for (const p of pauses) {
    const list = paused.get(p.storeId) ?? paused.set(p.storeId, []).get(p.storeId)!;
    list.push({ from: dayNumber(p.startsOn), to: dayNumber(p.endsOn) });
  }
  const ready = slots.map(daySlot);
  const out: ScheduledPickup[] = [];
  for (let day = first; day <= last; day++) {
    let date: string | undefined;
    for (const s of ready) {
      if (!slotFallsOn(s, day)) continue;
      if (paused.get(s.slot.storeId)?.some((p) => day >= p.from && day <= p.to)) continue;
      date ??= dateOfDay(day);
      out.push({ pickupId: pickupIdOf(s.slot.id, date), slotId: s.slot.id, storeId: s.slot.storeId, date });
    }
  }
  return out;
}

/** The pickup of these slots (one store's) nearest a donation's date, at most LINK_WITHIN_DAYS away; ties: earlier. */
export function pickupForDonation(slots: PickupSlot[], pauses: PickupPause[], date: string): ScheduledPickup | null {
  const near = expandSlots(slots, pauses, addDays(date, -LINK_WITHIN_DAYS), addDays(date, LINK_WITHIN_DAYS));
  const day = dayNumber(date);
  near.sort((a, b) => Math.abs(dayNumber(a.date) - day) - Math.abs(dayNumber(b.date) - day) || a.date.localeCompare(b.date));
  return near[0] ?? null;
}

export type PickupState = 'recorded' | 'no_food' | 'missed' | 'unrecorded' | 'late' | 'today' | 'upcoming';

/**
 * The one rule of an unrecorded pickup: nothing recorded (no donation, no "no food", no "missed") and today is at least
 * UNRECORDED_AFTER_DAYS days after its date. `today` comes from the caller's clock (see todayFrom).
 */
export function isUnrecorded(date: string, recordedAnything: boolean, today: string): boolean {
  return !recordedAnything && dayNumber(today) - dayNumber(date) >= UNRECORDED_AFTER_DAYS;
}

/** Today's date in the program's time zone, from an injected clock. */
export const todayFrom = (now: Date, timeZone: string) => formatCalendarDate(todayCalendarDate(now, timeZone));

export function pickupState(
  date: string,
  recorded: { donations: number; outcome: 'no_food' | 'missed' | null },
  today: string,
): PickupState {
  if (recorded.donations > 0) return 'recorded';
  if (recorded.outcome) return recorded.outcome;
  if (isUnrecorded(date, false, today)) return 'unrecorded';
  const d = dayNumber(date) - dayNumber(today);
  return d < 0 ? 'late' : d === 0 ? 'today' : 'upcoming';
}

/** Late first (unrecorded, then late, oldest first), then today and the week ahead, then what is recorded. */
export function pickupOrder(state: PickupState): number {
  return { unrecorded: 0, late: 1, today: 2, upcoming: 3, recorded: 4, no_food: 4, missed: 4 }[state];
}

/** The words of the slot rules below, so that a CSV import can tell which rule refused a line (schedule-import.ts). */
export const SLOT_RULES = {
  windowOrder: 'The window ends after it starts.',
  endAfterStart: 'The end date is on or after the start.',
  backupOther: 'The backup branch is another branch.',
} as const;

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A date as YYYY-MM-DD.' })
  .refine((v) => !Number.isNaN(dayNumber(v)), { error: 'A date as YYYY-MM-DD.' });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'A time as HH:MM.' });

export const pickupSlotBodySchema = z
  .strictObject({
    branchId: z.string().max(64),
    backupBranchId: z.string().max(64).nullable().default(null),
    weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
    windowStart: clock,
    windowEnd: clock,
    everyWeeks: z.union([z.literal(1), z.literal(2)]).default(1),
    startsOn: isoDate,
    endsOn: isoDate.nullable().default(null),
  })
  .refine((v) => v.windowEnd > v.windowStart, { error: SLOT_RULES.windowOrder, path: ['windowEnd'] })
  .refine((v) => v.endsOn === null || v.endsOn >= v.startsOn, { error: SLOT_RULES.endAfterStart, path: ['endsOn'] })
  .refine((v) => v.backupBranchId !== v.branchId, { error: SLOT_RULES.backupOther, path: ['backupBranchId'] });
export type PickupSlotBody = z.infer<typeof pickupSlotBodySchema>;

export const pickupPauseBodySchema = z
  .strictObject({
    startsOn: isoDate,
    endsOn: isoDate,
    reason: limitedText(PICKUP_TEXT_MAX.pauseReason, 'Reason').min(1),
  })
  .refine((v) => v.endsOn >= v.startsOn, { error: SLOT_RULES.endAfterStart, path: ['endsOn'] });

export const pickupOutcomeBodySchema = z.discriminatedUnion('outcome', [
  z.strictObject({ outcome: z.literal('no_food') }),
  z.strictObject({
    outcome: z.literal('missed'),
    reason: z.enum(MISSED_REASONS),
    reasonText: limitedText(PICKUP_TEXT_MAX.reason, 'Reason').optional(),
  }),
]);
export type PickupOutcomeBody = z.infer<typeof pickupOutcomeBodySchema>;

export const pickupSlotSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  backupBranchId: z.string().nullable(),
  backupBranchName: z.string().nullable(),
  weekdays: z.array(z.number()),
  windowStart: z.string(),
  windowEnd: z.string(),
  everyWeeks: z.number(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
});
export const pickupPauseSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  reason: z.string(),
});
export const storeScheduleSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  slots: z.array(pickupSlotSchema),
  pauses: z.array(pickupPauseSchema),
  /** The branches that serve the store: the ones a slot may name. */
  branches: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type StoreSchedule = z.infer<typeof storeScheduleSchema>;

export const branchPickupSchema = z.object({
  pickupId: z.string(),
  slotId: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  date: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  /** The branch collects as the slot's backup. */
  backup: z.boolean(),
  state: z.enum(['recorded', 'no_food', 'missed', 'unrecorded', 'late', 'today', 'upcoming']),
  donations: z.number(),
  reason: z.enum(MISSED_REASONS).nullable(),
  reasonText: z.string().nullable(),
});
export type BranchPickup = z.infer<typeof branchPickupSchema>;
