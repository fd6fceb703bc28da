// The retail partner role against every route of the API: on every branch, donation and program call a partner is
// a stranger (the same answer as staff of another food bank, never a success, and 404 where the path names the
// thing), and on the partner calls every other role is the stranger. The list is read from the OpenAPI registry,
// so a route added later is in the matrix without anyone remembering to add it.
import { randomUUID } from 'node:crypto';
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, documentedRoutes, fixtures, type TestApi } from '../support/api';
import { addDonation, donationWorld, submit, type World } from './donation-setup';

const FOREIGN_AREAS = /^\/(branch|program|donation|partner-queries)\//;

describe('retail partner access matrix (PGlite)', () => {
  let api: TestApi;
  let w: World;
  let partnerToken: string;
  let adminToken: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await createTestApi('pglite');
    w = await donationWorld(api);
    const partner = await fixtures.user(api);
    // The partner's own retailer: the food bank's store is theirs, and still none of the food bank's calls opens.
    await api.db.insert(s.partnerAccess).values({ userId: partner.id, retailerId: w.store.retailerId! });
    partnerToken = await fixtures.token(api, partner.id);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    const donation = await addDonation(api, w, { date: '2026-04-03' });
    await submit(api, w, 2026, 4);
    const query = await api.request('POST', '/api/partner/queries', {
      token: partnerToken,
      body: { donationId: donation.id, kind: 'other', reason: 'Which truck?' },
    });
    const statement = await api.request('POST', '/api/partner/statements', { token: partnerToken, body: { year: 2026, month: 4 } });
    Object.assign(ids, {
      branchId: w.branch.id,
      campaignId: w.campaign!.id,
      year: '2026',
      month: '4',
      id: donation.id,
      donationId: donation.id,
      userId: w.member.id,
      storeId: w.store.id,
      requestId: randomUUID(),
      queryId: query.json.id,
      statementId: statement.json.id,
      retailerId: w.store.retailerId!,
    });
  });
  afterAll(() => api.close());

  const fill = (path: string) => `/api${path.replace(/\{(\w+)\}/g, (_, k: string) => ids[k] ?? k)}`;
  // Every GET carries the usual query parameters, so a route that needs them reaches its access check.
  const call = (method: string, path: string, token: string) =>
    method === 'GET'
      ? api.request(method, `${fill(path)}?year=2026&month=4&branchId=${ids.branchId}`, { token })
      : api.request(method, fill(path), { token, body: {} });

  it('answers a partner on every branch, donation and program route exactly as it answers a stranger, never with success', async () => {
    const routes = documentedRoutes(api.app).filter((r) => FOREIGN_AREAS.test(r.path) || r.path.startsWith('/branch/'));
    expect(routes.length).toBeGreaterThan(60);
    const seen: string[] = [];
    for (const r of routes) {
      const partner = await call(r.method, r.path, partnerToken);
      const stranger = await call(r.method, r.path, w.outsiderToken);
      seen.push(`${r.method} ${r.path} ${partner.status}`);
      expect([r.method, r.path, partner.status < 300]).toEqual([r.method, r.path, false]);
      expect([r.method, r.path, partner.status, partner.json]).toEqual([r.method, r.path, stranger.status, stranger.json]);
      // A GET that names its branch, donation or user in the path is the same 404 as an unknown id.
      if (r.method === 'GET' && /\{(branchId|id|donationId|userId)\}/.test(r.path)) expect([r.path, partner.status]).toEqual([r.path, 404]);
    }
    expect(seen.length).toBe(routes.length);
  });

  it('answers everyone but a partner on every partner route with 404', async () => {
    const routes = documentedRoutes(api.app).filter((r) => r.path.startsWith('/partner/'));
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        'GET /partner/export',
        'GET /partner/figures',
        'GET /partner/lines',
        'GET /partner/manifest-mapping',
        'GET /partner/pickups',
        'GET /partner/queries',
        'GET /partner/reconciliation',
        'GET /partner/schedules',
        'GET /partner/statements',
        'GET /partner/statements/{statementId}/pdf',
        'GET /partner/stores',
        'POST /partner/manifest-lines',
        'POST /partner/manifests',
        'POST /partner/queries',
        'POST /partner/statements',
      ].sort(),
    );
    for (const r of routes)
      for (const token of [w.token, w.outsiderToken, adminToken]) {
        const res = await call(r.method, r.path, token);
        // Validation of a malformed query comes first (400) where the call needs parameters; never a success.
        expect([r.path, res.status === 404 || res.status === 400]).toEqual([r.path, true]);
      }
    const figures = await call('GET', '/partner/figures', adminToken);
    expect(figures.status).toBe(404);
    const pdf = await call('GET', '/partner/statements/{statementId}/pdf', adminToken);
    expect(pdf.status).toBe(404);
  });

  it('answers manifests, reconciliation and pickup reliability only to their own role, a well-formed call included', async () => {
    const csv = 'Store,Date,Lb\n1234,2026-04-03,10\n';
    const mapping = { storeNumber: 'Store', date: 'Date', weight: 'Lb' };
    const lines = [{ storeNumber: '1234', date: '2026-04-03', weight: 10 }];
    const status = async (method: string, path: string, token: string, body?: unknown) =>
      (await api.request(method, `/api${path}`, { token, body })).status;
    const retailer = `/program/retailers/${ids.retailerId}`;
    const month = '?year=2026&month=4';
    const matrix: [string, string, unknown, Record<'member' | 'outsider' | 'admin' | 'partner', number>][] = [
      ['POST', '/partner/manifests', { csv, mapping }, { member: 404, outsider: 404, admin: 404, partner: 200 }],
      ['POST', '/partner/manifest-lines', { lines }, { member: 404, outsider: 404, admin: 404, partner: 200 }],
      ['GET', '/partner/manifest-mapping', undefined, { member: 404, outsider: 404, admin: 404, partner: 200 }],
      ['GET', `/partner/reconciliation${month}`, undefined, { member: 404, outsider: 404, admin: 404, partner: 200 }],
      ['POST', `${retailer}/manifests`, { csv, mapping }, { member: 404, outsider: 404, admin: 200, partner: 404 }],
      ['GET', `${retailer}/manifest-mapping`, undefined, { member: 404, outsider: 404, admin: 200, partner: 404 }],
      ['GET', `/program/reconciliation${month}`, undefined, { member: 404, outsider: 404, admin: 200, partner: 404 }],
      ['PUT', '/program/manifest-settings', { tolerancePercent: 10 }, { member: 404, outsider: 404, admin: 200, partner: 404 }],
      ['GET', `/program/reliability${month}`, undefined, { member: 404, outsider: 404, admin: 200, partner: 404 }],
      ['GET', `/program/reliability/export${month}&format=csv`, undefined, { member: 404, outsider: 404, admin: 200, partner: 404 }],
      ['GET', `/program/reliability/export${month}&format=xlsx`, undefined, { member: 404, outsider: 404, admin: 200, partner: 404 }],
      ['GET', '/partner/pickups', undefined, { member: 404, outsider: 404, admin: 404, partner: 200 }],
      ['GET', `/branch/${ids.branchId}/reconciliation${month}`, undefined, { member: 200, outsider: 404, admin: 200, partner: 404 }],
    ];
    const tokens = { member: w.token, outsider: w.outsiderToken, admin: adminToken, partner: partnerToken };
    for (const [method, path, body, expected] of matrix) {
      const got: Record<string, number> = {};
      for (const [who, token] of Object.entries(tokens)) got[who] = await status(method, path, token, body);
      expect([method, path, got]).toEqual([method, path, expected]);
    }
  });
});
