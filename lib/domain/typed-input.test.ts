import { isoToTyped, typedToIso, typedWeight } from './typed-input';

describe('typed date (MM/DD/YYYY)', () => {
  it('reads MM/DD/YYYY with any of the separators a phone keypad offers', () => {
    expect(typedToIso('11/20/2026')).toBe('2026-11-20');
    expect(typedToIso('11-20-2026')).toBe('2026-11-20');
    expect(typedToIso('11.20.2026')).toBe('2026-11-20');
    expect(typedToIso(' 1/2/2026 ')).toBe('2026-01-02');
    expect(typedToIso('11202026')).toBe('2026-11-20');
  });
  it('reads the ISO date YYYY-MM-DD in either language', () => {
    expect(typedToIso('2026-11-20')).toBe('2026-11-20');
    expect(typedToIso(' 2026-1-5 ')).toBe('2026-01-05');
    expect(typedToIso('2026-02-30')).toBe('');
  });
  it('refuses what is not a calendar date', () => {
    expect(typedToIso('')).toBe('');
    expect(typedToIso('02/30/2026')).toBe('');
    expect(typedToIso('13/01/2026')).toBe('');
    expect(typedToIso('yesterday')).toBe('');
    expect(typedToIso('11/20/26')).toBe('');
  });
  it('shows a calendar date as MM/DD/YYYY', () => {
    expect(isoToTyped({ year: 2026, month: 3, day: 7 })).toBe('03/07/2026');
  });
});

describe('typed date in French (JJ/MM/AAAA or AAAA-MM-JJ)', () => {
  it('reads the day first, with the separators a phone keypad offers', () => {
    expect(typedToIso('26/11/2026', 'fr')).toBe('2026-11-26');
    expect(typedToIso('26-11-2026', 'fr-CA')).toBe('2026-11-26');
    expect(typedToIso('5.6.2026', 'fr')).toBe('2026-06-05');
    expect(typedToIso('26112026', 'fr')).toBe('2026-11-26');
  });
  it('reads a four-digit first group as AAAA-MM-JJ', () => {
    expect(typedToIso('2026-11-26', 'fr')).toBe('2026-11-26');
    expect(typedToIso('2026/11/26', 'fr')).toBe('2026-11-26');
  });
  it('refuses the month first and what is not a calendar date', () => {
    expect(typedToIso('11/26/2026', 'fr')).toBe('');
    expect(typedToIso('30/02/2026', 'fr')).toBe('');
    expect(typedToIso('2026-26-11', 'fr')).toBe('');
  });
  it('shows a calendar date as AAAA-MM-JJ, and English keeps MM/DD/YYYY', () => {
    expect(isoToTyped({ year: 2026, month: 3, day: 7 }, 'fr')).toBe('2026-03-07');
    expect(isoToTyped({ year: 2026, month: 3, day: 7 }, 'en-CA')).toBe('03/07/2026');
    expect(typedToIso('26/11/2026', 'en')).toBe('');
  });
  it('reads back what it shows, in both languages', () => {
    for (const locale of ['en', 'fr']) {
      const d = { year: 2026, month: 11, day: 26 };
      expect(typedToIso(isoToTyped(d, locale), locale)).toBe('2026-11-26');
    }
  });
});

describe('typed weight', () => {
  it('reads a decimal point or a decimal comma', () => {
    expect(typedWeight('12.5')).toBe(12.5);
    expect(typedWeight('12,5')).toBe(12.5);
    expect(typedWeight(' 40 ')).toBe(40);
    expect(typedWeight('.5')).toBe(0.5);
  });
  it("reads thousands separators and the decimal mark of the user's language", () => {
    expect(typedWeight('1,234.5', 'en')).toBe(1234.5);
    expect(typedWeight('1,234,567', 'en')).toBe(1234567);
    expect(typedWeight('1 234.5', 'en')).toBe(1234.5);
    expect(typedWeight('1 234,5', 'fr')).toBe(1234.5);
    expect(typedWeight('1\u00a0234,5', 'fr')).toBe(1234.5);
    expect(typedWeight('1\u202f234,5', 'fr')).toBe(1234.5);
    expect(typedWeight('12 345 678', 'fr')).toBe(12345678);
    // In French a comma is the decimal mark, never a thousands separator.
    expect(typedWeight('1,234', 'fr')).toBe(1.234);
    expect(typedWeight('1,234', 'en')).toBe(1234);
  });
  it('refuses misplaced separators', () => {
    expect(typedWeight('1,23.5', 'en')).toBeNaN();
    expect(typedWeight('1 23', 'fr')).toBeNaN();
    expect(typedWeight('1,234,5', 'fr')).toBeNaN();
    expect(typedWeight('1.234,5', 'fr')).toBeNaN();
  });
  it('gives NaN for what is not a number', () => {
    expect(typedWeight('')).toBeNaN();
    expect(typedWeight('abc')).toBeNaN();
    expect(typedWeight('-3')).toBeNaN();
    expect(typedWeight('1e3')).toBeNaN();
  });
});
