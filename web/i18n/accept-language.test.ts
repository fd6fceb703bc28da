import { acceptLanguageLocale } from './accept-language';

describe('acceptLanguageLocale', () => {
  it('takes the heaviest of English or French', () => {
    expect(acceptLanguageLocale('fr-CA,fr;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('fr');
    expect(acceptLanguageLocale('en-CA,fr-CA;q=0.5')).toBe('en');
    expect(acceptLanguageLocale('de-DE, en;q=0.4, fr;q=0.6')).toBe('fr');
    expect(acceptLanguageLocale('es;q=1, FR-ca;q=0.2')).toBe('fr');
  });
  it('keeps the order of equal weights and skips refused languages', () => {
    expect(acceptLanguageLocale('fr, en')).toBe('fr');
    expect(acceptLanguageLocale('fr;q=0, en;q=0.1')).toBe('en');
  });
  it('is null when neither language is named', () => {
    expect(acceptLanguageLocale(undefined)).toBeNull();
    expect(acceptLanguageLocale('')).toBeNull();
    expect(acceptLanguageLocale('de, es;q=0.8, *;q=0.1')).toBeNull();
  });
});
