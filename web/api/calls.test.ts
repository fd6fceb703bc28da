// apiPath must build the URL openapi-fetch builds for the same call (the browser's client sends those).
import { createFinalURL, createQuerySerializer, defaultPathSerializer } from 'openapi-fetch';
import { apiPath, bffHref } from './calls';

const openapiFetchUrl = (path: string, params: { path?: Record<string, unknown>; query?: Record<string, unknown> }) =>
  createFinalURL(path, { baseUrl: '', params, querySerializer: createQuerySerializer(), pathSerializer: defaultPathSerializer });

describe('apiPath', () => {
  it('encodes path parameters and serialises the query as openapi-fetch does', () => {
    const cases = [
      apiPath('get', '/category', undefined as never),
      apiPath('get', '/branch/{branchId}/donations/{year}/{month}', { path: { branchId: 'a b/c?d', year: 2026, month: 5 } }),
      apiPath('post', '/branch/{branchId}/{campaignId}/campaigndonations', { path: { branchId: 'x', campaignId: 'é&=' } }),
      apiPath('get', '/program/stores', { query: { q: 'Loblaws & co / 100%' } }),
      apiPath('get', '/branch/{branchId}/history', { path: { branchId: 'b' }, query: { before: undefined } }),
      apiPath('get', '/program/oversight', {
        query: { year: 2026, month: 4, province: undefined, status: 'pending', q: 'a+b', sort: 'name', order: 'asc' },
      }),
    ];
    expect(cases).toEqual([
      openapiFetchUrl('/category', {}),
      openapiFetchUrl('/branch/{branchId}/donations/{year}/{month}', { path: { branchId: 'a b/c?d', year: 2026, month: 5 } }),
      openapiFetchUrl('/branch/{branchId}/{campaignId}/campaigndonations', { path: { branchId: 'x', campaignId: 'é&=' } }),
      openapiFetchUrl('/program/stores', { query: { q: 'Loblaws & co / 100%' } }),
      openapiFetchUrl('/branch/{branchId}/history', { path: { branchId: 'b' }, query: { before: undefined } }),
      openapiFetchUrl('/program/oversight', {
        query: { year: 2026, month: 4, province: undefined, status: 'pending', q: 'a+b', sort: 'name', order: 'asc' },
      }),
    ]);
    expect(cases[1]).toBe('/branch/a%20b%2Fc%3Fd/donations/2026/5');
  });

  it('bffHref is the /bff address of the same URL', () => {
    expect(bffHref('/donation/export', { query: { branchId: 'b', year: 2026, format: 'xlsx', lang: 'fr' } })).toBe(
      '/bff/donation/export?branchId=b&year=2026&format=xlsx&lang=fr',
    );
  });
});
