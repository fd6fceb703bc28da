// The audit trail shown: a donation's history (who created and changed it, what changed), a branch's
// history for its staff, and the searchable program-wide log for administrators only.
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { addDonation, donationBody, donationWorld, submit, UNKNOWN_ID, type World } from './donation-setup';

describe.each(dbKinds())('audit trail on %s', (kind) => {
  let api: TestApi;
  let w: World;
  let adminToken: string;
  let coordinatorToken: string;
  let donationId: string;

  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    const coordinator = await fixtures.user(api);
    await grantProgramRole(api.db, coordinator.username, 'coordinator', ['NS'], 'test');
    coordinatorToken = await fixtures.token(api, coordinator.id);
    donationId = (await addDonation(api, w, { date: '2026-06-03', weight: 80 })).id;
    const res = await api.request('PUT', `/api/donation/${donationId}`, {
      token: w.token,
      body: donationBody(w, { date: '2026-06-03', weight: 95 }),
    });
    if (res.status !== 200) throw new Error(`update failed ${res.status} ${res.text}`);
    await submit(api, w, 2026, 5, 'Nothing in May');
  });
  afterAll(() => api.close());

  it('shows a donation’s creation and change with names and the fields that changed', async () => {
    const res = await api.request('GET', `/api/donation/${donationId}/history`, { token: w.token });
    expect(res.status).toBe(200);
    const [update, create] = res.json.entries;
    expect(create).toMatchObject({ action: 'create', actor: w.member.email, branchName: 'Toronto Community Food Bank' });
    expect(update).toMatchObject({ action: 'update', actor: w.member.email });
    expect(update.changes).toContainEqual(['weight', 80, 95]);
    expect(update.changes.map((c: [string]) => c[0])).not.toContain('updatedAt');
    // Program staff in scope read it; another branch and a coordinator elsewhere get the same 404 as an unknown id.
    expect((await api.request('GET', `/api/donation/${donationId}/history`, { token: adminToken })).status).toBe(200);
    for (const token of [w.outsiderToken, coordinatorToken])
      expect((await api.request('GET', `/api/donation/${donationId}/history`, { token })).status).toBe(404);
    expect((await api.request('GET', `/api/donation/${UNKNOWN_ID}/history`, { token: w.token })).status).toBe(404);
  });

  it('names stores and categories in what changed, and leaves out what a write does not set', async () => {
    const other = await fixtures.store(api, w.branch.id, { name: 'Danforth', retailer: 'Metro Inc.', banner: 'Metro' });
    const d = (await addDonation(api, w, { date: '2026-06-04', weight: 10 })).id;
    const res = await api.request('PUT', `/api/donation/${d}`, {
      token: w.token,
      body: donationBody(w, { date: '2026-06-04', weight: 10, storeId: other.id, categories: [{ categoryId: 5, fraction: 1 }] }),
    });
    expect(res.status).toBe(200);
    const [update, create] = (await api.request('GET', `/api/donation/${d}/history`, { token: w.token })).json.entries;
    const store = update.changes.find((c: [string]) => c[0] === 'storeId');
    expect(store[2]).toBe('Metro Inc. - Metro - Danforth');
    expect(store[1]).not.toMatch(/^[0-9a-f]{8}-/);
    expect(update.changes).toContainEqual([
      'categories',
      [
        { name: 'Meat & Seafood', nameFr: expect.any(String), fraction: 0.25 },
        { name: 'Produce', nameFr: expect.any(String), fraction: 0.75 },
      ],
      [{ name: 'Produce', nameFr: expect.any(String), fraction: 1 }],
    ]);
    // Only the fields the write set: not the answer's store object, version, gas figure or who-columns.
    expect(update.changes.map((c: [string]) => c[0]).sort()).toEqual(['categories', 'storeId']);
    expect(create.changes.map((c: [string]) => c[0])).not.toContain('campaignName');
    expect(JSON.stringify(create.changes)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(create.changes).toContainEqual(['campaignId', null, 'RFP']);
  });

  it('shows a branch its own history, newest first, and nobody else’s', async () => {
    const res = await api.request('GET', `/api/branch/${w.branch.id}/history`, { token: w.token });
    expect(res.status).toBe(200);
    expect(res.json.entries.map((e: { action: string }) => e.action).slice(-3)).toEqual(['submit', 'update', 'create']);
    expect(res.json.nextBefore).toBeNull();
    expect((await api.request('GET', `/api/branch/${w.branch.id}/history`, { token: w.outsiderToken })).status).toBe(404);
  });

  it('searches the program-wide log for administrators only', async () => {
    const all = await api.request('GET', '/api/program/audit', { token: adminToken });
    expect(all.status).toBe(200);
    expect(all.json.entries.length).toBeGreaterThanOrEqual(3);
    const found = await api.request('GET', `/api/program/audit?q=${encodeURIComponent('toronto submit')}`, { token: adminToken });
    expect(found.json.entries).toHaveLength(1);
    expect(found.json.entries[0]).toMatchObject({ action: 'submit', branchName: 'Toronto Community Food Bank' });
    expect((await api.request('GET', '/api/program/audit?q=100%25', { token: adminToken })).json.entries).toEqual([]);
    expect((await api.request('GET', '/api/program/audit?from=2026-13-01', { token: adminToken })).status).toBe(400);
    expect((await api.request('GET', '/api/program/audit?to=2000-01-01', { token: adminToken })).json.entries).toEqual([]);
    for (const token of [w.token, coordinatorToken]) expect((await api.request('GET', '/api/program/audit', { token })).status).toBe(404);
  });
});
