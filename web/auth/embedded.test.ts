import { embeddedVariant } from './embedded';

describe('embeddedVariant', () => {
  it('is the info/feedback variant when the page to return to is /branch or /feedback', () => {
    expect(embeddedVariant('/branch')).toBe('info');
    expect(embeddedVariant('/feedback?from=workplace')).toBe('info');
    expect(embeddedVariant('/feedback/')).toBe('info');
  });
  it('is the retail food program variant otherwise', () => {
    for (const url of ['/', '/donations/add', '/branches', '/feedback-form', '/donations/2026/5#x'])
      expect(embeddedVariant(url)).toBe('rfp');
  });
});
