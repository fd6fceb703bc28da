import { and, eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { addDonation, donationWorld, submit, UNKNOWN_ID, type World } from './donation-setup';

describe.each(dbKinds())('submitting a month on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
  });
  afterAll(() => api.close());

  it('marks the month submitted with who, when and the comments, and audits it', async () => {
    await addDonation(api, w, { date: '2026-05-04' });
    const res = await submit(api, w, 2026, 5, '  Quiet month  ');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ submitted: true, year: 2026, month: 5 });
    const [row] = await api.db
      .select()
      .from(s.monthSubmissions)
      .where(and(eq(s.monthSubmissions.branchId, w.branch.id), eq(s.monthSubmissions.month, 5)));
    expect(row).toMatchObject({
      year: 2026,
      submitted: true,
      submittedBy: w.member.email,
      submittedByUserId: w.member.id,
      comments: 'Quiet month',
    });
    expect(row!.submittedAt?.getTime()).toBe(api.clock.now.getTime());
    // Other tests submit other months of this branch, in any order: this month's submission has one audit entry.
    const audit = await api.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'submit'), eq(s.auditLog.entityId, `${w.branch.id}/2026/5`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ branchId: w.branch.id, actor: w.member.email });
  });

  it('refuses submitting the same month again', async () => {
    // A month of its own (the tests run in any order): submitted once, then again.
    expect((await submit(api, w, 2025, 11)).status).toBe(200);
    const res = await submit(api, w, 2025, 11);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('MONTH_ALREADY_SUBMITTED');
    expect(res.json.message).toContain('month already submitted');
  });

  it('submits a month without donations', async () => {
    expect((await submit(api, w, 2026, 1)).status).toBe(200);
  });

  it('refuses a month that has not started', async () => {
    const res = await submit(api, w, 2026, 7);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('SUBMIT_FUTURE_MONTH');
  });

  it.each([
    ['month 13', { month: 13 }],
    ['month 0', { month: 0 }],
    ['a string month', { month: '5' }],
    ['comments over 2000 characters', { comments: 'x'.repeat(2001) }],
    ['an unknown field', { extra: 1 }],
    ['a malformed branch id', { branchId: 'x' }],
    ['no year', { year: undefined }],
  ])('refuses %s with 400', async (_n, over) => {
    const body = { branchId: w.branch.id, year: 2026, month: 3, comments: '', userContact: w.member.email, ...over };
    const res = await api.request('POST', '/api/branch/submit', { token: w.token, body });
    expect(res.status).toBe(400);
    expect((await api.request('GET', `/api/branch/${w.branch.id}/2026/3/submitted`, { token: w.token })).json).toBe(false);
  });

  it('accepts comments of exactly 2000 characters', async () => {
    const res = await api.request('POST', '/api/branch/submit', {
      token: w.token,
      body: { branchId: w.branch.id, year: 2026, month: 2, comments: 'y'.repeat(2000), userContact: w.member.email },
    });
    expect(res.status).toBe(200);
    expect((await api.request('GET', `/api/branch/${w.branch.id}/2026/2/comments`, { token: w.token })).text).toHaveLength(2000);
  });

  it('refuses another branch and an unknown branch with the same 404, and no token with 401', async () => {
    const foreign = await api.request('POST', '/api/branch/submit', {
      token: w.outsiderToken,
      body: { branchId: w.branch.id, year: 2026, month: 4 },
    });
    const unknown = await api.request('POST', '/api/branch/submit', {
      token: w.token,
      body: { branchId: UNKNOWN_ID, year: 2026, month: 4 },
    });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.json).toEqual(unknown.json);
    expect((await api.request('POST', '/api/branch/submit', { body: { branchId: w.branch.id, year: 2026, month: 4 } })).status).toBe(401);
    expect((await api.request('GET', `/api/branch/${w.branch.id}/2026/4/submitted`, { token: w.token })).json).toBe(false);
  });
});
