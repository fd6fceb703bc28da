import { DEFAULT_CATEGORIES } from './categories';
import { checkDonationRules, type DonationRuleContext } from './donation';

const ctx = { today: { year: 2026, month: 6, day: 10 }, categories: [...DEFAULT_CATEGORIES] };
const ok = {
  date: '2026-06-01',
  storeId: 's',
  source: 0,
  weight: 10,
  weightUnit: 1,
  categories: [
    { categoryId: 1, fraction: 0.3 },
    { categoryId: 2, fraction: 0.7 },
  ],
};
const codes = (over: Partial<typeof ok>, c: DonationRuleContext = ctx) => checkDonationRules({ ...ok, ...over }, c).map((v) => v.code);

describe('donation rules of the form and the API', () => {
  it('accepts a valid donation', () => expect(codes({})).toEqual([]));
  it('needs exactly 100% on the server', () => {
    expect(
      codes({
        categories: [
          { categoryId: 1, fraction: 0.33 },
          { categoryId: 2, fraction: 0.66 },
        ],
      }),
    ).toEqual(['VALIDATION_CATEGORIES']);
    // The add form rounds the total up.
    expect(
      codes(
        {
          categories: [
            { categoryId: 1, fraction: 0.335 },
            { categoryId: 2, fraction: 0.66 },
          ],
        },
        { ...ctx, roundTotalUp: true },
      ),
    ).toEqual(['VALIDATION_CATEGORIES']);
  });
  it('weighs No Donation: exactly 0 at 100%, > 0 otherwise', () => {
    expect(codes({ weight: 0, categories: [{ categoryId: 9, fraction: 1 }] })).toEqual([]);
    expect(codes({ weight: 1, categories: [{ categoryId: 9, fraction: 1 }] })).toEqual(['VALIDATION_WEIGHT']);
    expect(codes({ weight: 0 })).toEqual(['VALIDATION_WEIGHT']);
    expect(codes({ weight: Number.NaN })).toEqual(['VALIDATION_WEIGHT']);
  });
  it('refuses a weight below 0.01 (1e-300 was accepted), accepts 0.01', () => {
    for (const weight of [1e-300, Number.MIN_VALUE, 0.009]) expect(codes({ weight })).toEqual(['VALIDATION_WEIGHT']);
    expect(codes({ weight: 0.01 })).toEqual([]);
  });
  it('reads a date as YYYY-MM-DD only: a date-time, with or without an offset, is refused', () => {
    for (const date of ['2026-05-31T23:30:00-04:00', '2026-06-01T00:00:00Z', '2026-06-01T00:00:00'])
      expect(codes({ date })).toEqual(['VALIDATION_DATE_FORMAT']);
  });
  it('closes last year from April, and two years back before April', () => {
    expect(codes({ date: '2025-12-31' })).toEqual(['VALIDATION_DATE_PREVIOUS_YEAR']);
    const march = { ...ctx, today: { year: 2026, month: 3, day: 31 } };
    expect(codes({ date: '2025-01-01' }, march)).toEqual([]);
    expect(codes({ date: '2024-12-31' }, march)).toEqual(['VALIDATION_DATE']);
    expect(codes({ date: 'soon' })).toEqual(['VALIDATION_DATE_FORMAT']);
  });
});

describe('date and weight bounds (the form runs these rules as its resolver)', () => {
  it('refuses a date after today, accepts today', () => {
    expect(codes({ date: '2026-06-11' })).toEqual(['VALIDATION_DATE_FUTURE']);
    expect(codes({ date: '2099-01-01' })).toEqual(['VALIDATION_DATE_FUTURE']);
    expect(codes({ date: '2026-06-10' })).toEqual([]);
  });
  it('refuses more than 100,000 lbs in any unit', () => {
    expect(codes({ weight: 100_000 })).toEqual([]);
    expect(codes({ weight: 100_000.5 })).toEqual(['VALIDATION_WEIGHT_MAX']);
    expect(codes({ weight: 999_999_999 })).toEqual(['VALIDATION_WEIGHT_MAX']);
    expect(codes({ weight: 45_360, weightUnit: 0 })).toEqual(['VALIDATION_WEIGHT_MAX']);
    expect(codes({ weight: 2_500, weightUnit: 2 })).toEqual([]);
    expect(codes({ weight: 2_501, weightUnit: 2 })).toEqual(['VALIDATION_WEIGHT_MAX']);
    expect(codes({ weight: 2_000, weightUnit: 2 }, { ...ctx, bananaBoxLbs: 60 })).toEqual(['VALIDATION_WEIGHT_MAX']);
  });
});
