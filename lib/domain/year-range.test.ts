import { reportYears } from './year-range';

describe('report years of the Monthly Reports picker', () => {
  it('runs from the first donation year to the year after the last, newest first', () => {
    expect(reportYears([2026, 2024], 2026)).toEqual([2027, 2026, 2025, 2024]);
  });
  it('offers the current year when there is no donation yet, or none recent', () => {
    expect(reportYears([], 2026)).toEqual([2026]);
    expect(reportYears([2021], 2026)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
  });
});
