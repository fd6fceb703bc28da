// The program's people and places calls are guarded by their declared access alone (their services take what it
// checked), so these hold that check end to end: every administrator call is the same 404 for branch staff and for a
// coordinator, and writes nothing; an unknown or malformed branch is the same 404 wherever the call names it (path
// or body), before any 400 of the body; the branch people and store-request calls admit only whom their level names.
import { and, eq } from 'drizzle-orm';
import { branchStores, storeRequests, userBranches, users } from '@/donation-api/db/schema';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(dbKinds())('people and places access on %s', (kind) => {
  let api: TestApi;
  let home: { id: string };
  let other: { id: string };
  let target: { id: string };
  let storeId: string;
  let requestId: string;
  const tokens: Record<'admin' | 'coordinator' | 'staff' | 'lead', string> = { admin: '', coordinator: '', staff: '', lead: '' };
  beforeAll(async () => {
    api = await createTestApi(kind);
    home = await fixtures.branch(api, { name: 'Kingston Food Bank', province: 'ON' });
    other = await fixtures.branch(api, { name: 'Moisson Québec', province: 'QC' });
    for (const name of ['admin', 'coordinator', 'staff', 'lead'] as const) {
      const u = await fixtures.user(api, { username: `access-${name}`, branchIds: name === 'staff' || name === 'lead' ? [home.id] : [] });
      if (name === 'admin') await grantProgramRole(api.db, u.username, 'admin', [], 'test');
      if (name === 'coordinator') await grantProgramRole(api.db, u.username, 'coordinator', ['ON'], 'test');
      if (name === 'lead') await api.db.update(userBranches).set({ lead: true }).where(eq(userBranches.userId, u.id));
      if (name === 'staff') target = u;
      tokens[name] = await api.login(u.username, TEST_PASSWORD);
    }
    storeId = (await fixtures.store(api, home.id)).id;
    const [request] = await api.db
      .insert(storeRequests)
      .values({
        branchId: home.id,
        requestedBy: 'access-staff',
        requestedByUserId: target.id,
        retailer: 'Co-op',
        name: 'Main St',
        createdAt: api.clock.now,
      })
      .returning();
    requestId = request!.id;
  });
  afterAll(() => api.close());

  const call = (token: keyof typeof tokens, method: string, path: string, body?: unknown) =>
    api.request(method, `/api${path}`, { token: tokens[token], body });

  it('refuses every administrator call to branch staff and to a coordinator with the same 404, writing nothing', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/program/users'],
      ['POST', '/program/users/invite', { email: 'x@example.org', branchId: home.id, reason: 'x' }],
      ['PUT', `/program/users/${target.id}/branches/${other.id}`, { lead: true, reason: 'x' }],
      ['POST', `/program/users/${target.id}/branches/${home.id}/unlink`, { reason: 'x' }],
      ['PUT', `/program/users/${target.id}/role`, { role: 'admin', reason: 'x' }],
      ['PUT', `/program/users/${target.id}/status`, { disabled: true, reason: 'x' }],
      ['POST', `/program/users/${target.id}/resend-invitation`, { reason: 'x' }],
      ['POST', `/program/users/${target.id}/password-reset`, { reason: 'x' }],
      ['GET', '/program/branches'],
      ['GET', `/program/branches/${home.id}/profile`],
      ['PUT', `/program/branches/${home.id}/active`, { active: false, reason: 'x' }],
      ['GET', '/program/stores'],
      ['POST', '/program/stores', { retailer: 'Co-op', name: 'Elsewhere', branchIds: [home.id], reason: 'x' }],
      ['PUT', `/program/stores/${storeId}/branches`, { branchIds: [other.id], reason: 'x' }],
      ['GET', '/program/store-requests'],
      ['POST', `/program/store-requests/${requestId}/decision`, { approve: true, reason: 'x' }],
    ];
    for (const who of ['staff', 'coordinator'] as const) {
      for (const [method, path, body] of calls) {
        const res = await call(who, method, path, body);
        expect([who, method, path, res.status, res.json?.code]).toEqual([who, method, path, 404, 'NOT_FOUND']);
      }
    }
    const [u] = await api.db.select().from(users).where(eq(users.id, target.id));
    expect(u!.disabled).toBe(false);
    expect((await api.db.select().from(userBranches).where(eq(userBranches.userId, target.id))).map((l) => l.branchId)).toEqual([home.id]);
    expect((await api.db.select().from(storeRequests).where(eq(storeRequests.id, requestId)))[0]!.status).toBe('open');
    const links = await api.db
      .select()
      .from(branchStores)
      .where(and(eq(branchStores.storeId, storeId), eq(branchStores.campaignId, RFP_CAMPAIGN_ID)));
    expect(links.map((l) => l.branchId)).toEqual([home.id]);
  });

  it('answers an administrator the same 404 for an unknown or malformed branch in the path or the body, before the missing reason', async () => {
    for (const bad of [UNKNOWN, 'not-a-uuid']) {
      const calls: [string, string, unknown?][] = [
        ['GET', `/program/branches/${bad}/profile`],
        ['PUT', `/program/branches/${bad}/active`, { active: false, reason: '' }],
        ['PUT', `/program/users/${target.id}/branches/${bad}`, { lead: false, reason: '' }],
        ['POST', `/program/users/${target.id}/branches/${bad}/unlink`, { reason: '' }],
        ['POST', '/program/users/invite', { email: 'y@example.org', branchId: bad, reason: '' }],
        ['POST', '/program/stores', { retailer: 'Co-op', name: 'Elsewhere', branchIds: [home.id, bad], reason: '' }],
        ['PUT', `/program/stores/${storeId}/branches`, { branchIds: [bad], reason: '' }],
      ];
      for (const [method, path, body] of calls) {
        const res = await call('admin', method, path, body);
        expect([method, path, res.status, res.json?.code]).toEqual([method, path, 404, 'NOT_FOUND']);
      }
    }
    // A branch in scope, named in any case, reaches the body's own checks.
    const profile = await call('admin', 'GET', `/program/branches/${home.id.toUpperCase()}/profile`);
    expect([profile.status, profile.json.branch.id]).toEqual([200, home.id]);
    for (const [method, path, body] of [
      ['PUT', `/program/branches/${home.id}/active`, { active: false, reason: ' ' }],
      ['POST', '/program/users/invite', { email: 'y@example.org', branchId: home.id.toUpperCase(), reason: '' }],
      ['PUT', `/program/stores/${storeId}/branches`, { branchIds: [other.id], reason: '' }],
    ] as const) {
      const res = await call('admin', method, path, body);
      expect([path, res.status, res.json.code]).toEqual([path, 400, 'REASON_REQUIRED']);
    }
  });

  it("keeps a branch's people to its lead, whether one leads to its members, and its store requests to its reach", async () => {
    expect((await call('lead', 'GET', `/branch/${home.id.toUpperCase()}/people`)).status).toBe(200);
    for (const who of ['staff', 'admin', 'coordinator'] as const) {
      expect([who, (await call(who, 'GET', `/branch/${home.id}/people`)).status]).toEqual([who, 404]);
      const invite = await call(who, 'POST', `/branch/${home.id}/people/invite`, { email: `${who}-colleague@example.org` });
      expect([who, invite.status]).toEqual([who, 404]);
    }
    expect((await call('lead', 'GET', `/branch/${home.id}/people/me`)).json).toEqual({ lead: true });
    expect((await call('staff', 'GET', `/branch/${home.id}/people/me`)).json).toEqual({ lead: false });
    for (const [who, branchId] of [
      ['staff', other.id],
      ['admin', home.id],
      ['lead', 'not-a-uuid'],
    ] as const) {
      expect([who, (await call(who, 'GET', `/branch/${branchId}/people/me`)).status]).toEqual([who, 404]);
    }
    // Reading: a member, or program staff in scope; asking for a store: a member, or an administrator.
    const list = (who: keyof typeof tokens, branchId: string) => call(who, 'GET', `/branch/${branchId}/store-requests`);
    expect((await list('coordinator', home.id)).json.map((r: { id: string }) => r.id)).toEqual([requestId]);
    expect((await list('coordinator', other.id)).status).toBe(404);
    expect((await list('staff', other.id)).status).toBe(404);
    const ask = (who: keyof typeof tokens, branchId: string) =>
      call(who, 'POST', `/branch/${branchId}/store-requests`, { retailer: 'Co-op', name: `Asked by ${who}` });
    expect((await ask('coordinator', home.id)).status).toBe(404);
    expect((await ask('staff', other.id)).status).toBe(404);
    expect((await ask('staff', UNKNOWN)).status).toBe(404);
    const [sent] = await api.db.select().from(storeRequests).where(eq(storeRequests.branchId, other.id));
    expect(sent).toBeUndefined();
  });
});
