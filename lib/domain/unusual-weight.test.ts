import { UNUSUAL_WEIGHT_CEILING_LBS, UNUSUAL_WEIGHT_CONFIRM_FACTOR, unusualWeight } from './unusual-weight';

describe('an unusual weight (the form asks, the API marks)', () => {
  it('is above 5 times the store’s usual weight, not at it', () => {
    expect(UNUSUAL_WEIGHT_CONFIRM_FACTOR).toBe(5);
    expect(unusualWeight(3301, 660)).toEqual({ reason: 'unusual_weight', usualPounds: 660, bound: 'usual' });
    expect(unusualWeight(3300, 660)).toBeNull();
    expect(unusualWeight(99_999, 660)?.bound).toBe('usual');
  });
  it('is above 20,000 lb for any store, also one with no usual weight yet', () => {
    expect(UNUSUAL_WEIGHT_CEILING_LBS).toBe(20_000);
    expect(unusualWeight(20_001, null)).toEqual({ reason: 'unusual_weight', usualPounds: null, bound: 'ceiling' });
    expect(unusualWeight(20_000, null)).toBeNull();
    expect(unusualWeight(20_001, 0)).toEqual({ reason: 'unusual_weight', usualPounds: null, bound: 'ceiling' });
    // A store that usually gives 5,000 lb: 21,000 is within 5×, but still above the ceiling.
    expect(unusualWeight(21_000, 5000)).toEqual({ reason: 'unusual_weight', usualPounds: 5000, bound: 'ceiling' });
  });
  it('is never a store with no history under the ceiling, nor a weight that is not a number', () => {
    expect(unusualWeight(5000, null)).toBeNull();
    expect(unusualWeight(5000, undefined)).toBeNull();
    expect(unusualWeight(Number.NaN, 100)).toBeNull();
    expect(unusualWeight(0, 100)).toBeNull();
  });
});
