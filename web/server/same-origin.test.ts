import { NextRequest } from 'next/server';
import { refuseCrossSite } from './same-origin';

// The one cross-site check the BFF's mutating routes share (the generic /bff, forgot password, the chat code step).
describe('refuseCrossSite', () => {
  const app = 'http://localhost:3000';
  const call = (method: string, headers: Record<string, string>) =>
    refuseCrossSite(new NextRequest(`${app}/bff/donation`, { method, headers }));

  beforeAll(() => {
    process.env.NEXTAUTH_URL = app;
  });

  it('lets reads through whatever their origin', () => {
    expect(call('GET', { origin: 'https://evil.example' })).toBeNull();
    expect(call('HEAD', {})).toBeNull();
  });

  it('lets a mutation from our own origin through', () => {
    expect(call('POST', { origin: app })).toBeNull();
    expect(call('DELETE', { 'sec-fetch-site': 'same-origin' })).toBeNull();
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['a look-alike origin', { origin: 'http://localhost:3000.evil.example' }],
    ['no origin from another site', { 'sec-fetch-site': 'cross-site' }],
    ['no origin and no fetch metadata', {}],
  ])('refuses a mutation with %s: 403 CSRF in both languages', async (_, headers) => {
    const res = call('PUT', headers);
    expect(res?.status).toBe(403);
    const body = await res!.json();
    expect(body.code).toBe('CSRF');
    expect(body.message).toContain('Cross-site request refused.');
    expect(body.message).toContain('Requête intersite refusée.');
  });
});
