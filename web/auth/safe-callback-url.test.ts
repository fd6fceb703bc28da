import { safeCallbackUrl } from './safe-callback-url';

describe('safeCallbackUrl (normalise first, then check)', () => {
  it.each([
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/%2e//evil.example/x',
    '/%2E%2E//evil.example/x',
    '/x/..//evil.example/x',
    '/x/../..//evil.example',
    '/././/evil.example',
    '//evil.example/x',
    '///evil.example/x',
    '/\\evil.example/x',
    '/.\\/evil.example',
    '\\\\evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/.%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '/%25252e//evil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/%',
    '/login',
    '/login/',
    '/x/../login',
    '/api/user/logout',
    '/bff/donation',
  ])('refuses %s', (value) => {
    const out = safeCallbackUrl(value);
    expect(out).toBe('/');
  });

  it.each([
    ['/', '/'],
    ['/donations/2026/6', '/donations/2026/6'],
    ['/donations/add?year=2026', '/donations/add?year=2026'],
    ['/x/../branch', '/branch'],
    ['/./feedback#top', '/feedback#top'],
    ['/?year=2025', '/?year=2025'],
    ['/feedback?from=https://intranet.example', '/feedback?from=https://intranet.example'],
  ])('keeps %s as %s', (value, expected) => {
    expect(safeCallbackUrl(value)).toBe(expected);
  });

  it('never answers something a browser reads as another origin', () => {
    for (const prefix of ['/', '/.', '/..', '/x/..', '/%2e', '/%2e%2e', '/.%2e']) {
      for (const sep of ['//', '/\\', '\\/', '%2f%2f', '%5c%5c', '/%2f']) {
        const out = safeCallbackUrl(`${prefix}${sep}evil.example/x`);
        expect(new URL(out, 'https://app.example').origin).toBe('https://app.example');
        expect(out.startsWith('//')).toBe(false);
      }
    }
  });
});
