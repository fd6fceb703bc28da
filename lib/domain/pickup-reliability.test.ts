import {
  countedState,
  countPickups,
  flaggedStores,
  groupPickups,
  percentOf,
  percentsOf,
  reliabilityPeriod,
  reliabilityQuerySchema,
  storeFlag,
  type ReliabilityPickup,
} from './pickup-reliability';
import type { PickupState } from './pickups';

const SLOT = '00000000-0000-4000-8000-000000000001';
const pickup = (date: string, state: PickupState, over: Partial<ReliabilityPickup> = {}): ReliabilityPickup => ({
  storeId: 'store-a',
  date,
  windowStart: '09:00',
  slotId: SLOT,
  state,
  reason: state === 'missed' ? 'truck' : null,
  ...over,
});

describe('pickup reliability', () => {
  it('counts what each pickup became, and leaves out the pickups still to come', () => {
    const counts = countPickups([
      pickup('2026-06-01', 'recorded'),
      pickup('2026-06-02', 'no_food'),
      pickup('2026-06-03', 'missed', { reason: 'weather' }),
      pickup('2026-06-04', 'missed', { reason: 'staff' }),
      pickup('2026-06-05', 'unrecorded'),
      pickup('2026-06-06', 'late'),
      pickup('2026-06-07', 'today'),
      pickup('2026-06-08', 'upcoming'),
    ]);
    expect(counts).toEqual({
      scheduled: 7,
      recorded: 1,
      noFood: 1,
      missed: 2,
      missedByReason: { truck: 0, staff: 1, store_closed: 0, weather: 1, other: 0 },
      unrecorded: 1,
      pending: 2,
    });
    expect(countedState('upcoming')).toBeNull();
    expect(countedState('late')).toBe('pending');
  });

  it('gives percentages of the scheduled pickups, and none at all when nothing was scheduled', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(0, 4)).toBe(0);
    expect(percentOf(0, 0)).toBeNull();
    const none = percentsOf(countPickups([pickup('2026-06-08', 'upcoming')]));
    expect(none.recorded).toBeNull();
    expect(none.missedByReason.truck).toBeNull();
    expect(Object.values(none).some((v) => typeof v === 'number' && Number.isNaN(v))).toBe(false);
    const some = percentsOf(countPickups([pickup('2026-06-01', 'recorded'), pickup('2026-06-02', 'missed', { reason: 'truck' })]));
    expect([some.recorded, some.missed, some.missedByReason.truck, some.noFood]).toEqual([50, 50, 50, 0]);
  });

  it('flags a store after three scheduled pickups in a row missed or without food, not after two', () => {
    expect(storeFlag([pickup('2026-06-01', 'missed'), pickup('2026-06-03', 'no_food')])).toBeNull();
    expect(storeFlag([pickup('2026-06-01', 'missed'), pickup('2026-06-03', 'no_food'), pickup('2026-06-05', 'missed')])).toEqual([
      '2026-06-01',
      '2026-06-03',
      '2026-06-05',
    ]);
    // A collected or unrecorded pickup between them ends the run; so does one of another slot on the same store.
    expect(
      storeFlag([
        pickup('2026-06-01', 'missed'),
        pickup('2026-06-03', 'recorded'),
        pickup('2026-06-05', 'missed'),
        pickup('2026-06-08', 'no_food'),
      ]),
    ).toBeNull();
    expect(
      storeFlag([
        pickup('2026-06-01', 'missed'),
        pickup('2026-06-03', 'unrecorded'),
        pickup('2026-06-05', 'missed'),
        pickup('2026-06-08', 'missed'),
      ]),
    ).toBeNull();
    const other = '00000000-0000-4000-8000-000000000002';
    expect(
      storeFlag([
        pickup('2026-06-01', 'missed'),
        pickup('2026-06-01', 'recorded', { slotId: other, windowStart: '14:00' }),
        pickup('2026-06-03', 'missed'),
        pickup('2026-06-05', 'missed'),
      ]),
    ).toBeNull();
    // The order is the dates', whatever the order given; pickups still to come are not part of a run.
    expect(
      storeFlag([
        pickup('2026-06-05', 'no_food'),
        pickup('2026-06-04', 'upcoming'),
        pickup('2026-06-01', 'missed'),
        pickup('2026-06-03', 'missed'),
      ]),
    ).toEqual(['2026-06-01', '2026-06-03', '2026-06-05']);
    const flags = flaggedStores([
      pickup('2026-06-01', 'missed'),
      pickup('2026-06-02', 'missed'),
      pickup('2026-06-03', 'missed'),
      pickup('2026-06-01', 'missed', { storeId: 'store-b' }),
    ]);
    expect([...flags.keys()]).toEqual(['store-a']);
  });

  it('groups the counts and the flagged stores by any key, a missing key being a group of its own', () => {
    const rows = groupPickups(
      [
        { ...pickup('2026-06-01', 'missed'), group: 'x' },
        { ...pickup('2026-06-02', 'missed'), group: 'x' },
        { ...pickup('2026-06-03', 'no_food'), group: 'y' },
        { ...pickup('2026-06-01', 'recorded', { storeId: 'store-b' }), group: null },
      ],
      (p) => p.group,
    );
    expect(rows.map((r) => [r.key, r.counts.scheduled, r.flaggedStores, r.percents.missed])).toEqual([
      ['x', 2, 1, 100],
      ['y', 1, 1, 0],
      [null, 1, 0, 0],
    ]);
  });

  it('reads a month or a quarter, never both or neither', () => {
    expect(reliabilityPeriod(2026, { month: 2 })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(reliabilityPeriod(2028, { month: 2 })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(reliabilityPeriod(2026, { quarter: 4 })).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(reliabilityQuerySchema.safeParse({ year: '2026', month: '6' }).data).toEqual({ year: 2026, month: 6, groupBy: 'branch' });
    expect(reliabilityQuerySchema.safeParse({ year: '2026' }).success).toBe(false);
    expect(reliabilityQuerySchema.safeParse({ year: '2026', month: '6', quarter: '2' }).success).toBe(false);
    expect(reliabilityQuerySchema.safeParse({ year: '2026', quarter: '5' }).success).toBe(false);
  });
});
