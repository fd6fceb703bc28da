import {
  addDays,
  expandSlots,
  isUnrecorded,
  isoWeekday,
  dayNumber,
  parsePickupId,
  pickupForDonation,
  pickupIdOf,
  pickupState,
  todayFrom,
  type PickupSlot,
} from './pickups';

const SLOT = '11111111-1111-4111-8111-111111111111';
const STORE = '22222222-2222-4222-8222-222222222222';
const slot = (over: Partial<PickupSlot> = {}): PickupSlot => ({
  id: SLOT,
  storeId: STORE,
  branchId: 'b',
  backupBranchId: null,
  weekdays: [2],
  windowStart: '09:00',
  windowEnd: '11:00',
  everyWeeks: 1,
  startsOn: '2026-01-01',
  endsOn: null,
  ...over,
});
const dates = (s: PickupSlot[], from: string, to: string, pauses = []) => expandSlots(s, pauses, from, to).map((p) => p.date);

describe('a store slot expanded into scheduled pickups', () => {
  it('falls on its weekdays every week (Tuesdays and Fridays of November 2026)', () => {
    expect(isoWeekday(dayNumber('2026-11-03'))).toBe(2);
    expect(dates([slot({ weekdays: [2, 5] })], '2026-11-01', '2026-11-14')).toEqual([
      '2026-11-03',
      '2026-11-06',
      '2026-11-10',
      '2026-11-13',
    ]);
  });

  it('every other week counts from the week of its start date, across a month end', () => {
    // Starts Thursday 29 October 2026: that week's Tuesday is before the start; 10 and 24 November are the pickups.
    const s = slot({ everyWeeks: 2, startsOn: '2026-10-29' });
    expect(dates([s], '2026-10-26', '2026-11-30')).toEqual(['2026-11-10', '2026-11-24']);
    expect(dates([slot({ everyWeeks: 2, startsOn: '2026-10-27' })], '2026-10-26', '2026-11-30')).toEqual([
      '2026-10-27',
      '2026-11-10',
      '2026-11-24',
    ]);
  });

  it('keeps its days across the daylight-saving changes (8 March and 1 November 2026) and a leap day', () => {
    expect(dates([slot({ weekdays: [7] })], '2026-02-28', '2026-03-15')).toEqual(['2026-03-01', '2026-03-08', '2026-03-15']);
    expect(dates([slot({ weekdays: [7] })], '2026-10-25', '2026-11-08')).toEqual(['2026-10-25', '2026-11-01', '2026-11-08']);
    expect(dates([slot({ weekdays: [7], startsOn: '2028-01-01' })], '2028-02-28', '2028-03-01')).toEqual([]);
    expect(dates([slot({ weekdays: [2], startsOn: '2028-01-01' })], '2028-02-28', '2028-03-01')).toEqual(['2028-02-29']);
  });

  it('stays within its start and end dates', () => {
    expect(dates([slot({ startsOn: '2026-11-04', endsOn: '2026-11-17' })], '2026-11-01', '2026-11-30')).toEqual([
      '2026-11-10',
      '2026-11-17',
    ]);
  });

  it('skips the dates of a pause of its store, not of another store', () => {
    const pause = { storeId: STORE, startsOn: '2026-11-09', endsOn: '2026-11-16', reason: 'Renovation' };
    expect(expandSlots([slot()], [pause], '2026-11-01', '2026-11-30').map((p) => p.date)).toEqual([
      '2026-11-03',
      '2026-11-17',
      '2026-11-24',
    ]);
    expect(expandSlots([slot()], [{ ...pause, storeId: 'other' }], '2026-11-01', '2026-11-14')).toHaveLength(2);
  });

  it('names each pickup by its slot and date, and reads the name back', () => {
    const [p] = expandSlots([slot()], [], '2026-11-03', '2026-11-03');
    expect(p!.pickupId).toBe(pickupIdOf(SLOT, '2026-11-03'));
    expect(parsePickupId(p!.pickupId)).toEqual({ slotId: SLOT, date: '2026-11-03' });
    expect(parsePickupId(`${SLOT}_2026-02-30`)).toBeNull();
    expect(parsePickupId('nope')).toBeNull();
  });
});

describe('a donation linked to its pickup', () => {
  it('takes the pickup within a day of its date, the nearest one', () => {
    const s = [slot({ weekdays: [2, 3] })];
    expect(pickupForDonation(s, [], '2026-11-03')?.date).toBe('2026-11-03');
    expect(pickupForDonation(s, [], '2026-11-05')?.date).toBe('2026-11-04');
    expect(pickupForDonation(s, [], '2026-11-02')?.date).toBe('2026-11-03');
    expect(pickupForDonation(s, [], '2026-11-07')).toBeNull();
  });
});

describe('an unrecorded pickup', () => {
  it('is one with nothing recorded two days after its date', () => {
    expect(isUnrecorded('2026-11-30', false, '2026-12-01')).toBe(false);
    expect(isUnrecorded('2026-11-30', false, '2026-12-02')).toBe(true);
    expect(isUnrecorded('2026-11-30', true, '2026-12-02')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('reads today from the injected clock in the program time zone', () => {
    // 02:00 UTC on 2 December is still 1 December in Toronto: the pickup of 30 November is late, not yet unrecorded.
    const today = todayFrom(new Date('2026-12-02T02:00:00Z'), 'America/Toronto');
    expect(today).toBe('2026-12-01');
    expect(pickupState('2026-11-30', { donations: 0, outcome: null }, today)).toBe('late');
    expect(pickupState('2026-11-30', { donations: 0, outcome: null }, '2026-12-02')).toBe('unrecorded');
  });

  it('a donation, no food or missed is something recorded', () => {
    expect(pickupState('2026-11-02', { donations: 2, outcome: null }, '2026-12-02')).toBe('recorded');
    expect(pickupState('2026-11-02', { donations: 0, outcome: 'no_food' }, '2026-12-02')).toBe('no_food');
    expect(pickupState('2026-12-02', { donations: 0, outcome: null }, '2026-12-02')).toBe('today');
    expect(pickupState('2026-12-04', { donations: 0, outcome: null }, '2026-12-02')).toBe('upcoming');
  });
});
