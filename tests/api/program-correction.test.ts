// A program administrator corrects a branch's donation (audited) in an open month, a coordinator only reads, and a
// submitted month stays closed to the correction too. Its own database: the correction changes totals the oversight
// tests read.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';

const JOINED = new Date('2025-01-01T17:00:00Z');
// 20 November 2026: October can be submitted, November is open.
const NOV_20 = new Date('2026-11-20T16:00:00Z');

describe.each(dbKinds())('program correction of a donation on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
    api.clock.now = NOV_20;
  });
  afterAll(() => api.close());

  it('lets a program administrator correct a donation (audited), and a coordinator only read', async () => {
    const branch = await fixtures.branch(api, { createdAt: JOINED, name: 'Toronto Community Food Bank', province: 'ON' });
    const store = await fixtures.store(api, branch.id);
    const staff = await fixtures.user(api, { branchIds: [branch.id] });
    const staffToken = await fixtures.token(api, staff.id);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    const adminToken = await fixtures.token(api, admin.id);
    const coord = await fixtures.user(api);
    await grantProgramRole(api.db, coord.username, 'coordinator', ['ON'], 'test');
    const coordToken = await fixtures.token(api, coord.id);
    const body = (date: string, weight: number) => ({
      branchId: branch.id,
      date,
      storeId: store.id,
      source: 0,
      weight,
      weightUnit: 1,
      categories: [{ categoryId: 5, fraction: 1 }],
    });
    const add = async (date: string, weight: number) => {
      const res = await api.request('POST', `/api/branch/${branch.id}/donations`, { token: staffToken, body: body(date, weight) });
      expect(res.status).toBe(201);
      return res.json.id as string;
    };
    const october = await add('2026-10-03', 100);
    const november = await add('2026-11-02', 10);
    const submitted = await api.request('POST', '/api/branch/submit', {
      token: staffToken,
      body: { branchId: branch.id, year: 2026, month: 10, comments: null },
    });
    expect(submitted.status).toBe(200);

    const fix = { ...body('2026-11-02', 12), categories: [{ categoryId: 2, fraction: 1 }] };
    expect((await api.request('PUT', `/api/donation/${november}`, { token: coordToken, body: fix })).status).toBe(404);
    expect((await api.request('DELETE', `/api/donation/${november}`, { token: coordToken })).status).toBe(404);
    expect((await api.request('POST', `/api/branch/${branch.id}/donations`, { token: coordToken, body: fix })).status).toBe(404);

    const res = await api.request('PUT', `/api/donation/${november}`, { token: adminToken, body: fix });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ weightInPounds: 12, branchId: branch.id });
    const entries = await api.db.select().from(s.auditLog).where(eq(s.auditLog.entityId, november)).orderBy(s.auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]).toMatchObject({ action: 'update', before: expect.objectContaining({ weightInPounds: 10 }) });
    expect(entries[1]!.actor).toBe(admin.email);

    // A submitted month stays closed to the administrator's correction too (reopen it first).
    const closed = await api.request('PUT', `/api/donation/${october}`, { token: adminToken, body: { ...fix, date: '2026-10-03' } });
    expect([closed.status, closed.json.code]).toEqual([400, 'MONTH_ALREADY_SUBMITTED']);
  });
});
