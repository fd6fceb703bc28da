import { firstAsOrdinal, withFullStop, writtenDay } from './written-dates';

describe('written dates', () => {
  it('writes the first of a month as 1er in French only', () => {
    expect(firstAsOrdinal('1 décembre 2026', 'fr-CA')).toBe('1er décembre 2026');
    expect(firstAsOrdinal('11 décembre 2026', 'fr')).toBe('11 décembre 2026');
    expect(firstAsOrdinal('1 December', 'en-CA')).toBe('1 December');
  });

  it('ends a sentence with one full stop, even after "p.m."', () => {
    expect(withFullStop('Submitted by ana on December 1, 2026 at 6:11 p.m.')).toBe('Submitted by ana on December 1, 2026 at 6:11 p.m.');
    expect(withFullStop('Soumis par ana le 1er décembre 2026 à 18 h 11')).toBe('Soumis par ana le 1er décembre 2026 à 18 h 11.');
  });

  it('writes a calendar date out, the first of a month as 1er in French, whatever the time zone', () => {
    expect(writtenDay('2026-06-01', 'en', { weekday: true })).toBe('Monday, June 1');
    expect(writtenDay('2026-06-01', 'fr', { weekday: true })).toBe('lundi 1er juin');
    expect(writtenDay('2026-11-01', 'fr', { year: true })).toBe('1er novembre 2026');
    expect(writtenDay('2026-11-21', 'fr', { year: true })).toBe('21 novembre 2026');
    expect(writtenDay('2026-11-01', 'en', { year: true })).toBe('November 1, 2026');
  });
});
