import { z } from 'zod';
import { PROVINCE_CODES } from './enums';
import { dayNumber, MISSED_REASONS, type MissedReason, type PickupState } from './pickups';

// Pickup reliability (docs/rules.md, Pickup reliability): how a month's or a quarter's scheduled pickups ended, counted
// by branch, store, retailer or province, and the stores whose pickups failed several times in a row. The one rule,
// read by the program's screen and its files, the partner's figure and the partner's statement.

export const RELIABILITY_GROUPS = ['branch', 'store', 'retailer', 'province'] as const;
export type ReliabilityGroup = (typeof RELIABILITY_GROUPS)[number];
/** This many scheduled pickups of a store in a row, each missed or without food, flag the store. */
export const FLAG_RUN = 3;

/**
 * What a scheduled pickup counts as. `recorded` is a pickup with a donation linked (collected); `pending` one whose
 * date has come but that is not yet unrecorded (today's, or late by less than UNRECORDED_AFTER_DAYS). A pickup still
 * to come is not counted at all (null): nothing could have been recorded for it.
 */
export type CountedState = 'recorded' | 'no_food' | 'missed' | 'unrecorded' | 'pending';

export function countedState(state: PickupState): CountedState | null {
  if (state === 'upcoming') return null;
  if (state === 'late' || state === 'today') return 'pending';
  return state;
}

/** A scheduled pickup as the rule reads it: its store, its date and place in the day, its state and a missed reason. */
export type ReliabilityPickup = {
  storeId: string;
  date: string;
  /** Orders two pickups of one store on the same day (two slots). */
  windowStart: string;
  slotId: string;
  state: PickupState;
  reason: MissedReason | null;
};

export type MissedByReason = Record<MissedReason, number>;
export type ReliabilityCounts = {
  /** Every pickup of the period whose date has come (or with something recorded already). */
  scheduled: number;
  recorded: number;
  noFood: number;
  missed: number;
  missedByReason: MissedByReason;
  unrecorded: number;
  pending: number;
};
export type ReliabilityPercents = {
  recorded: number | null;
  noFood: number | null;
  missed: number | null;
  missedByReason: Record<MissedReason, number | null>;
  unrecorded: number | null;
  pending: number | null;
};

const noReasons = (): MissedByReason => ({ truck: 0, staff: 0, store_closed: 0, weather: 0, other: 0 });

export function emptyCounts(): ReliabilityCounts {
  return { scheduled: 0, recorded: 0, noFood: 0, missed: 0, missedByReason: noReasons(), unrecorded: 0, pending: 0 };
}

/** Adds one pickup to the counts (a pickup still to come adds nothing). */
export function addPickup(counts: ReliabilityCounts, p: Pick<ReliabilityPickup, 'state' | 'reason'>): void {
  const counted = countedState(p.state);
  if (!counted) return;
  counts.scheduled++;
  if (counted === 'recorded') counts.recorded++;
  else if (counted === 'no_food') counts.noFood++;
  else if (counted === 'unrecorded') counts.unrecorded++;
  else if (counted === 'pending') counts.pending++;
  else {
    counts.missed++;
    counts.missedByReason[p.reason ?? 'other']++;
  }
}

export function countPickups(pickups: readonly Pick<ReliabilityPickup, 'state' | 'reason'>[]): ReliabilityCounts {
  const counts = emptyCounts();
  for (const p of pickups) addPickup(counts, p);
  return counts;
}

/** n as a percentage of `of`, to one decimal; none (null) when nothing was scheduled, never 0 % or NaN. */
export function percentOf(n: number, of: number): number | null {
  return of > 0 ? Math.round((n / of) * 1000) / 10 : null;
}

/** Each count as a percentage of the scheduled pickups. */
export function percentsOf(c: ReliabilityCounts): ReliabilityPercents {
  const p = (n: number) => percentOf(n, c.scheduled);
  return {
    recorded: p(c.recorded),
    noFood: p(c.noFood),
    missed: p(c.missed),
    missedByReason: Object.fromEntries(MISSED_REASONS.map((r) => [r, p(c.missedByReason[r])])) as Record<MissedReason, number | null>,
    unrecorded: p(c.unrecorded),
    pending: p(c.pending),
  };
}

const failed = (state: PickupState) => state === 'missed' || state === 'no_food';

/**
 * The flag of one store: the dates of its longest run of scheduled pickups in a row (by date, then window, then slot,
 * whatever the slot) each missed or without food, when that run has FLAG_RUN pickups or more; else null. Any other
 * pickup whose date has come (collected, unrecorded, today's or late) ends a run; pickups still to come are left out.
 */
export function storeFlag(pickups: readonly ReliabilityPickup[]): string[] | null {
  const ordered = pickups
    .filter((p) => countedState(p.state) !== null)
    .sort(
      (a, b) => dayNumber(a.date) - dayNumber(b.date) || a.windowStart.localeCompare(b.windowStart) || a.slotId.localeCompare(b.slotId),
    );
  let best: string[] = [];
  let run: string[] = [];
  for (const p of ordered) {
    run = failed(p.state) ? [...run, p.date] : [];
    if (run.length > best.length) best = run;
  }
  return best.length >= FLAG_RUN ? best : null;
}

/** The flagged stores among these pickups, by store id, each with the dates of its run. */
export function flaggedStores(pickups: readonly ReliabilityPickup[]): Map<string, string[]> {
  const byStore = new Map<string, ReliabilityPickup[]>();
  for (const p of pickups) (byStore.get(p.storeId) ?? byStore.set(p.storeId, []).get(p.storeId)!).push(p);
  const out = new Map<string, string[]>();
  for (const [storeId, list] of byStore) {
    const run = storeFlag(list);
    if (run) out.set(storeId, run);
  }
  return out;
}

/**
 * The counts of each group (its key from `keyOf`; pickups whose key is null form one group of their own) and how many
 * of its stores are flagged (a store counts in every group one of its pickups falls in).
 */
export function groupPickups<P extends ReliabilityPickup>(
  pickups: readonly P[],
  keyOf: (p: P) => string | null,
  flags: Map<string, string[]> = flaggedStores(pickups),
) {
  const groups = new Map<string | null, { key: string | null; counts: ReliabilityCounts; stores: Set<string>; first: P }>();
  for (const p of pickups) {
    const key = keyOf(p);
    const g = groups.get(key) ?? groups.set(key, { key, counts: emptyCounts(), stores: new Set(), first: p }).get(key)!;
    addPickup(g.counts, p);
    g.stores.add(p.storeId);
  }
  return [...groups.values()].map((g) => ({
    key: g.key,
    first: g.first,
    counts: g.counts,
    percents: percentsOf(g.counts),
    flaggedStores: [...g.stores].filter((s) => flags.has(s)).length,
  }));
}

/** The first and last day of a month or a quarter. */
export function reliabilityPeriod(year: number, period: { month?: number; quarter?: number }) {
  const first = period.month ?? ((period.quarter ?? 1) - 1) * 3 + 1;
  const last = period.month ?? first + 2;
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay)}` };
}

const reliabilityQueryShape = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12).optional(),
  quarter: z.coerce.number().int().min(1).max(4).optional(),
  groupBy: z.enum(RELIABILITY_GROUPS).default('branch'),
});
const onePeriod = (q: { month?: number; quarter?: number }) => (q.month === undefined) !== (q.quarter === undefined);
const ONE_PERIOD = { error: 'Choose a month or a quarter.', path: ['month'] };
export const reliabilityQuerySchema = reliabilityQueryShape.refine(onePeriod, ONE_PERIOD);
/** The file of the same query: its format, and the language of its headings and name (the caller's by default). */
export const reliabilityExportQuerySchema = reliabilityQueryShape
  .extend({ format: z.enum(['csv', 'xlsx']), lang: z.enum(['en', 'fr']).optional() })
  .refine(onePeriod, ONE_PERIOD);
export type ReliabilityQuery = z.infer<typeof reliabilityQuerySchema>;

const reasonCounts = z.object({ truck: z.number(), staff: z.number(), store_closed: z.number(), weather: z.number(), other: z.number() });
const pct = z.number().nullable();
export const reliabilityCountsSchema = z.object({
  scheduled: z.number(),
  recorded: z.number(),
  noFood: z.number(),
  missed: z.number(),
  missedByReason: reasonCounts,
  unrecorded: z.number(),
  pending: z.number(),
});
export const reliabilityPercentsSchema = z.object({
  recorded: pct,
  noFood: pct,
  missed: pct,
  missedByReason: z.object({ truck: pct, staff: pct, store_closed: pct, weather: pct, other: pct }),
  unrecorded: pct,
  pending: pct,
});

export const reliabilityRowSchema = z.object({
  /** The branch's, store's or retailer's id, the province's code; null: no retailer, or no province. */
  key: z.string().nullable(),
  name: z.string(),
  province: z.enum(PROVINCE_CODES).nullable(),
  counts: reliabilityCountsSchema,
  percents: reliabilityPercentsSchema,
  /** How many of the group's stores are flagged; for a store, 1 or 0. */
  flaggedStores: z.number(),
});
export type ReliabilityRow = z.infer<typeof reliabilityRowSchema>;

export const reliabilityAnswerSchema = z.object({
  year: z.number(),
  month: z.number().nullable(),
  quarter: z.number().nullable(),
  from: z.string(),
  to: z.string(),
  /** The day the counts were made: pickups after it are still to come. */
  today: z.string(),
  groupBy: z.enum(RELIABILITY_GROUPS),
  rows: z.array(reliabilityRowSchema),
  total: z.object({ counts: reliabilityCountsSchema, percents: reliabilityPercentsSchema, flaggedStores: z.number() }),
  flagged: z.array(
    z.object({
      storeId: z.string(),
      storeName: z.string(),
      branchName: z.string(),
      province: z.enum(PROVINCE_CODES).nullable(),
      dates: z.array(z.string()),
    }),
  ),
});
export type ReliabilityAnswer = z.infer<typeof reliabilityAnswerSchema>;

/** A partner's stores over a period: pickups collected and without food, of those whose date has come. */
export const partnerPickupsSchema = z.object({
  from: z.string(),
  to: z.string(),
  scheduled: z.number(),
  collected: z.number(),
  noFood: z.number(),
});
export type PartnerPickups = z.infer<typeof partnerPickupsSchema>;
