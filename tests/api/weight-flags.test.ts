// A typing slip (99,999 lb from a store that usually gives about 660 lb) is still saved, but the API marks it by
// the rule of lib/domain/unusual-weight.ts, whatever the client sent; the program lists the open marks, and an
// administrator confirms the weight or asks the branch to correct it (by e-mail), both audited.
import { and, eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';
import { donationBody, donationWorld, UNKNOWN_ID, type World } from './donation-setup';

describe.each(dbKinds())('donations of an unusual weight on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let w: World;
  let adminToken: string;
  let coordinatorToken: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url, appUrl: 'https://rfp.example.org' } });
    w = await donationWorld(api);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    const coordinator = await fixtures.user(api);
    // Halifax's province only: the Toronto branch is out of scope.
    await grantProgramRole(api.db, coordinator.username, 'coordinator', ['NS'], 'test');
    coordinatorToken = await fixtures.token(api, coordinator.id);
    // The store’s usual weight: a median of 660 lb.
    for (const weight of [600, 660, 700]) {
      const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, body: donationBody(w, { weight }) });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const add = async (weight: number, storeId = w.store.id) => {
    const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, {
      token: w.token,
      body: donationBody(w, { weight, storeId }),
    });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  const flagOf = async (id: string) => (await api.db.select().from(s.donationFlags).where(eq(s.donationFlags.donationId, id)))[0];
  const list = async (token = adminToken) => {
    const res = await api.request('GET', '/api/program/marked-donations', { token });
    expect(res.status).toBe(200);
    return res.json as { donationId: string }[];
  };

  it('marks an unusual weight, and not a usual one or one at the bound', async () => {
    // A store of its own with the same usual weight: the other tests add donations to the shared store, in any order.
    const store = await fixtures.store(api, w.branch.id, { name: 'Elgin St', number: '10' });
    for (const weight of [600, 660, 700]) await add(weight, store.id);
    const slip = await add(99_999, store.id);
    expect(await flagOf(slip)).toMatchObject({ reason: 'unusual_weight', usualPounds: 660, resolvedAt: null });
    expect(await flagOf(await add(900, store.id))).toBeUndefined();
    expect(await flagOf(await add(5 * 660, store.id))).toBeUndefined();
  });

  it('lists the mark to the program with branch, store, date, weight, usual weight and who entered it', async () => {
    const slip = await add(88_888);
    const row = (await list()).find((r) => r.donationId === slip);
    expect(row).toEqual({
      donationId: slip,
      branchId: w.branch.id,
      branchName: 'Toronto Community Food Bank',
      province: 'ON',
      storeName: 'Loblaw Companies - No Frills - Queen St W',
      date: '2026-06-05',
      weightInPounds: 88_888,
      usualPounds: expect.any(Number),
      reason: 'unusual_weight',
      enteredBy: w.member.username,
      flaggedAt: expect.any(String),
    });
    // Out of the coordinator's provinces: not listed, and not theirs to resolve.
    expect((await list(coordinatorToken)).some((r) => r.donationId === slip)).toBe(false);
  });

  it('marks a weight above the ceiling for a store with no history, and follows an edit of the weight', async () => {
    const store = await fixtures.store(api, w.branch.id, { name: 'Bank St', number: '9' });
    const big = await api.request('POST', `/api/branch/${w.branch.id}/donations`, {
      token: w.token,
      body: donationBody(w, { storeId: store.id, weight: 25_000 }),
    });
    expect(await flagOf(big.json.id)).toMatchObject({ usualPounds: null });
    const fixed = await api.request('PUT', `/api/donation/${big.json.id}`, {
      token: w.token,
      body: donationBody(w, { storeId: store.id, weight: 2500, version: big.json.version }),
    });
    expect(fixed.status).toBe(200);
    expect(await flagOf(big.json.id)).toBeUndefined();
  });

  it('confirms a weight: audited, off the open list, and not twice', async () => {
    const slip = await add(77_777);
    const res = await api.request('POST', `/api/program/marked-donations/${slip}/confirm`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ donationId: slip, resolution: 'confirmed', notified: 0 });
    expect((await list()).some((r) => r.donationId === slip)).toBe(false);
    const [entry] = await api.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, slip), eq(s.auditLog.action, 'weight-confirm')));
    expect(entry).toMatchObject({ entity: 'donation', branchId: w.branch.id, after: { resolution: 'confirmed' } });
    const again = await api.request('POST', `/api/program/marked-donations/${slip}/confirm`, { token: adminToken });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('FLAG_ALREADY_RESOLVED');
  });

  it('asks the branch to correct: its staff get an e-mail, audited, off the open list; a still-unusual correction is marked again', async () => {
    const seen = smtp.messages.length;
    const slip = await add(66_666);
    const res = await api.request('POST', `/api/program/marked-donations/${slip}/ask-correction`, {
      token: adminToken,
      body: { note: 'Was it 666 lb?' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ resolution: 'correction_requested', notified: 1 });
    const mail = (await smtp.waitFor(seen + 1))[seen];
    expect(mail!.to).toContain(w.member.email);
    expect(mail!.subject).toBe('Weight to check: Loblaw Companies - No Frills - Queen St W, 06/05/2026');
    expect(mail!.text).toContain('66,666 lbs');
    expect(mail!.text).toContain('Was it 666 lb?');
    expect(mail!.text).toContain('https://rfp.example.org/donations/2026/6');
    expect((await list()).some((r) => r.donationId === slip)).toBe(false);
    const audited = await api.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, slip), eq(s.auditLog.action, 'weight-correction-request')));
    expect(audited).toHaveLength(1);
    const current = await api.request('GET', `/api/donation/${slip}`, { token: w.token });
    await api.request('PUT', `/api/donation/${slip}`, {
      token: w.token,
      body: donationBody(w, { weight: 66_660, version: current.json.version }),
    });
    expect((await list()).some((r) => r.donationId === slip)).toBe(true);
  });

  it('answers 404 to branch staff, to a coordinator on the actions, and for unknown, malformed and out-of-scope ids', async () => {
    const slip = await add(55_555);
    expect((await api.request('GET', '/api/program/marked-donations', { token: w.token })).status).toBe(404);
    for (const token of [w.token, coordinatorToken]) {
      expect((await api.request('POST', `/api/program/marked-donations/${slip}/confirm`, { token })).status).toBe(404);
      const ask = await api.request('POST', `/api/program/marked-donations/${slip}/ask-correction`, { token, body: {} });
      expect(ask.status).toBe(404);
    }
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      expect((await api.request('POST', `/api/program/marked-donations/${id}/confirm`, { token: adminToken })).status).toBe(404);
    }
    expect(await flagOf(slip)).toMatchObject({ resolvedAt: null });
  });
});
