import { proposedDate } from './proposed-date';
import { isUnusualWeight } from './usual-weight';

describe('the date the add form proposes', () => {
  const today = { year: 2026, month: 11, day: 23 };
  it('is today in the current month, or with no month given', () => {
    expect(proposedDate(2026, 11, today)).toEqual(today);
    expect(proposedDate(undefined, undefined, today)).toEqual(today);
    expect(proposedDate(2026, 13, today)).toEqual(today);
  });
  it('is the 1st of an earlier month, and today for a month still to come', () => {
    expect(proposedDate(2026, 9, today)).toEqual({ year: 2026, month: 9, day: 1 });
    expect(proposedDate(2025, 12, today)).toEqual({ year: 2025, month: 12, day: 1 });
    expect(proposedDate(2027, 1, today)).toEqual(today);
  });
});

describe('an unusual weight for a store', () => {
  it('is over 3 times its median; no median, no warning', () => {
    expect(isUnusualWeight(301, 100)).toBe(true);
    expect(isUnusualWeight(300, 100)).toBe(false);
    expect(isUnusualWeight(5000, null)).toBe(false);
    expect(isUnusualWeight(5000, 0)).toBe(false);
  });
});
