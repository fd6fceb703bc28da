import { zonedMomentFormatter as formatter } from './zoned-time';

// ICU builds differ on the space before a.m. and around "h" (plain, no-break or narrow no-break): compare as plain.
const zonedMomentFormatter = (locale: string, timeZone: string) => {
  const f = formatter(locale, timeZone);
  return (iso: string) => f(iso).replace(/[\u00a0\u202f]/g, ' ');
};

describe('zonedMomentFormatter', () => {
  // 13:56 UTC: 8:56 in Toronto in winter (UTC-5), 9:56 in summer (UTC-4).
  it('shows the moment in the program time zone with the zone named, in English', () => {
    const en = zonedMomentFormatter('en', 'America/Toronto');
    expect(en('2026-01-15T13:56:00Z')).toBe('Jan 15, 2026, 8:56 a.m. ET');
    expect(en('2026-07-15T13:56:00.000Z')).toBe('Jul 15, 2026, 9:56 a.m. ET');
  });

  it('writes Canadian French: 24-hour clock, no leading zero on the hour, HE', () => {
    const fr = zonedMomentFormatter('fr', 'America/Toronto');
    expect(fr('2026-01-15T13:56:00Z')).toBe('15 janv. 2026, 8 h 56 HE');
    expect(fr('2026-01-15T22:05:00Z')).toBe('15 janv. 2026, 17 h 05 HE');
  });

  it('takes the day in the zone, not in UTC', () => {
    expect(zonedMomentFormatter('en', 'America/Toronto')('2026-03-01T02:30:00Z')).toBe('Feb 28, 2026, 9:30 p.m. ET');
    expect(zonedMomentFormatter('en', 'America/Vancouver')('2026-01-15T13:56:00Z')).toBe('Jan 15, 2026, 5:56 a.m. PT');
  });
});
