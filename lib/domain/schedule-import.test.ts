import { normalizeTime, parseEveryWeeks, parseWeekdays, slotKey } from './schedule-import';

describe('schedule import cells', () => {
  it('reads weekdays in English, in French and as numbers, once each and in order', () => {
    expect(parseWeekdays('Mon Wed')).toEqual([1, 3]);
    expect(parseWeekdays('mercredi; LUNDI')).toEqual([1, 3]);
    expect(parseWeekdays('Tue., Thu and Sat')).toEqual([2, 4, 6]);
    expect(parseWeekdays('7,1,1')).toEqual([1, 7]);
    expect(parseWeekdays('Funday')).toBeNull();
    expect(parseWeekdays('8')).toBeNull();
    expect(parseWeekdays('')).toBeNull();
  });

  it('writes times as HH:MM and leaves anything else for the slot rule to refuse', () => {
    expect(['9:00', '09:00', '9h00', '13 h 30'].map(normalizeTime)).toEqual(['09:00', '09:00', '09:00', '13:30']);
    expect(normalizeTime('noon')).toBe('noon');
  });

  it('reads the rhythm, every week when empty', () => {
    expect([undefined, '', '1', 'weekly', 'Aux deux semaines', 'every other week', '2'].map(parseEveryWeeks)).toEqual([
      1, 1, 1, 1, 2, 2, 2,
    ]);
    expect(parseEveryWeeks('3')).toBeNaN();
  });

  it('keys a slot by store, collecting branch, weekdays and window, whatever the order of the weekdays', () => {
    const slot = { storeId: 's', branchId: 'b', weekdays: [3, 1], windowStart: '09:00', windowEnd: '11:00' };
    expect(slotKey(slot)).toBe(slotKey({ ...slot, weekdays: [1, 3, 3] }));
    expect(slotKey(slot)).not.toBe(slotKey({ ...slot, windowEnd: '12:00' }));
    expect(slotKey(slot)).not.toBe(slotKey({ ...slot, branchId: 'c' }));
  });
});
