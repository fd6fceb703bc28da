import { frenchDe } from './french-de';

describe('frenchDe', () => {
  it('elides before the months that start with a vowel', () => {
    for (const month of ['avril 2026', 'août 2026', 'octobre 2026', 'Octobre']) expect(`${frenchDe(month)}${month}`).toMatch(/^d’[aAoO]/);
  });
  it('keeps "de " before a consonant or a year', () => {
    expect(`${frenchDe('novembre 2026')}novembre 2026`).toBe('de novembre 2026');
    expect(frenchDe('juin')).toBe('de ');
    expect(frenchDe('2026')).toBe('de ');
  });
});
