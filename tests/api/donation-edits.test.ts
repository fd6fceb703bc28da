// An RFP donation once made: reading, updating and deleting it (another branch's and unknown ids get the same 404),
// the lock of a submitted month, and the month lists.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { LBS_PER_KG } from '@/lib/domain/weight';
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { addDonation, donationBody, donationWorld, submit, UNKNOWN_ID, type World } from './donation-setup';

describe.each(dbKinds())('donations on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
  });
  afterAll(() => api.close());

  describe('read, update, delete', () => {
    it('reads one donation; another branch and unknown ids are the same 404', async () => {
      const d = await addDonation(api, w);
      expect((await api.request('GET', `/api/donation/${d.id}`, { token: w.token })).json.id).toBe(d.id);
      const foreign = await api.request('GET', `/api/donation/${d.id}`, { token: w.outsiderToken });
      const unknown = await api.request('GET', `/api/donation/${UNKNOWN_ID}`, { token: w.token });
      expect(foreign.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(foreign.json).toEqual(unknown.json);
      expect((await api.request('GET', `/api/donation/not-a-uuid`, { token: w.token })).status).toBe(400);
      expect((await api.request('GET', `/api/donation/${d.id}`)).status).toBe(401);
    });

    it('updates a donation: new values, updatedBy, a fresh gas figure and an audit entry', async () => {
      const d = await addDonation(api, w);
      const res = await api.request('PUT', `/api/donation/${d.id}`, {
        token: w.token,
        body: donationBody(w, { weight: 20, weightUnit: 0, date: '2026-05-20', source: 1, categories: [{ categoryId: 2, fraction: 1 }] }),
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ date: '2026-05-20', source: 1, weight: 20, weightUnit: 0, updatedBy: w.member.email });
      expect(res.json.weightInPounds).toBeCloseTo(20 * LBS_PER_KG, 9);
      expect(res.json.categories.map((c: any) => [c.categoryId, c.fraction])).toEqual([[2, 1]]);
      expect(res.json.ghgKgCo2e).toBeCloseTo(20 * LBS_PER_KG * 1.75 * 0.5, 6);
      const audit = await api.db.select().from(s.auditLog).where(eq(s.auditLog.entityId, d.id));
      const update = audit.find((a) => a.action === 'update')!;
      expect((update.before as any).weight).toBe(100);
      expect((update.after as any).weight).toBe(20);
    });

    it('keeps the store when an update leaves it out', async () => {
      const d = await addDonation(api, w);
      const body = donationBody(w, { weight: 7 }) as Record<string, unknown>;
      delete body.storeId;
      const res = await api.request('PUT', `/api/donation/${d.id}`, { token: w.token, body });
      expect(res.status).toBe(200);
      expect(res.json.storeId).toBe(w.store.id);
    });

    it('applies the rules on update and changes nothing when refused', async () => {
      const d = await addDonation(api, w);
      const res = await api.request('PUT', `/api/donation/${d.id}`, { token: w.token, body: donationBody(w, { weight: 0 }) });
      expect(res.json).toEqual({ code: 'VALIDATION_WEIGHT', message: 'Please enter a valid weight', field: 'weight' });
      expect((await api.request('GET', `/api/donation/${d.id}`, { token: w.token })).json.weight).toBe(100);
    });

    it('refuses another member and unknown ids on update and delete with 404, changing nothing', async () => {
      const d = await addDonation(api, w);
      for (const [method, body] of [
        ['PUT', donationBody(w, { weight: 1 })],
        ['DELETE', undefined],
      ] as const) {
        expect((await api.request(method, `/api/donation/${d.id}`, { token: w.outsiderToken, body })).status).toBe(404);
        expect((await api.request(method, `/api/donation/${UNKNOWN_ID}`, { token: w.token, body })).status).toBe(404);
        expect((await api.request(method, `/api/donation/${d.id}`, { body })).status).toBe(401);
      }
      expect((await api.request('GET', `/api/donation/${d.id}`, { token: w.token })).json.weight).toBe(100);
    });

    it('deletes a donation with its categories and audits it', async () => {
      const d = await addDonation(api, w);
      expect((await api.request('DELETE', `/api/donation/${d.id}`, { token: w.token })).status).toBe(204);
      expect((await api.request('GET', `/api/donation/${d.id}`, { token: w.token })).status).toBe(404);
      expect(await api.db.$count(s.donationCategories, eq(s.donationCategories.donationId, d.id))).toBe(0);
      const audit = await api.db.select().from(s.auditLog).where(eq(s.auditLog.entityId, d.id));
      expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete']);
    });
  });

  describe('locked month', () => {
    let inLocked: any;
    let inOpen: any;
    beforeAll(async () => {
      inLocked = await addDonation(api, w, { date: '2026-02-10' });
      inOpen = await addDonation(api, w, { date: '2026-03-10' });
      expect((await submit(api, w, 2026, 2)).status).toBe(200);
    });
    const locked = { code: 'MONTH_ALREADY_SUBMITTED', message: expect.stringContaining('month already submitted') };

    it('refuses an add into a submitted month', async () => {
      const before = await api.db.$count(s.donations);
      const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, {
        token: w.token,
        body: donationBody(w, { date: '2026-02-11' }),
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject(locked);
      expect(await api.db.$count(s.donations)).toBe(before);
    });

    it('refuses an update of a donation in a submitted month', async () => {
      const res = await api.request('PUT', `/api/donation/${inLocked.id}`, {
        token: w.token,
        body: donationBody(w, { date: '2026-02-10', weight: 1 }),
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject(locked);
    });

    it('refuses moving a donation out of a submitted month', async () => {
      const res = await api.request('PUT', `/api/donation/${inLocked.id}`, {
        token: w.token,
        body: donationBody(w, { date: '2026-03-01' }),
      });
      expect(res.json).toMatchObject(locked);
      expect((await api.request('GET', `/api/donation/${inLocked.id}`, { token: w.token })).json.date).toBe('2026-02-10');
    });

    it('refuses moving a donation into a submitted month', async () => {
      const res = await api.request('PUT', `/api/donation/${inOpen.id}`, { token: w.token, body: donationBody(w, { date: '2026-02-28' }) });
      expect(res.json).toMatchObject(locked);
      expect((await api.request('GET', `/api/donation/${inOpen.id}`, { token: w.token })).json.date).toBe('2026-03-10');
    });

    it('refuses deleting a donation of a submitted month', async () => {
      const res = await api.request('DELETE', `/api/donation/${inLocked.id}`, { token: w.token });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject(locked);
      expect((await api.request('GET', `/api/donation/${inLocked.id}`, { token: w.token })).status).toBe(200);
    });

    it('shows the donation as submitted with its submit date', async () => {
      const d = (await api.request('GET', `/api/donation/${inLocked.id}`, { token: w.token })).json;
      expect(d.submitted).toBe(true);
      expect(new Date(d.submitDate).getTime()).toBe(api.clock.now.getTime());
    });

    it('leaves other branches free to write in the same month', async () => {
      const token = w.outsiderToken;
      const res = await api.request('POST', `/api/branch/${w.other.id}/donations`, {
        token,
        body: donationBody(w, { branchId: w.other.id, storeId: w.otherStore.id, date: '2026-02-11' }),
      });
      expect(res.status).toBe(201);
    });
  });

  describe('month lists', () => {
    it('lists the RFP donations of a month in date order with their store and categories', async () => {
      const api3 = await createTestApi(kind);
      try {
        const w3 = await donationWorld(api3);
        const b = await addDonation(api3, w3, { date: '2026-04-20' });
        const a = await addDonation(api3, w3, { date: '2026-04-01' });
        await addDonation(api3, w3, { date: '2026-05-01' });
        await addDonation(api3, w3, { date: '2026-03-31' });
        const res = await api3.request('GET', `/api/branch/${w3.branch.id}/donations/2026/4`, { token: w3.token });
        expect(res.status).toBe(200);
        expect(res.json.map((d: any) => d.id)).toEqual([a.id, b.id]);
        expect(res.json[0].store.displayName).toBe('Loblaw Companies - No Frills - Queen St W');
        const dec = await api3.request('GET', `/api/branch/${w3.branch.id}/donations/2026/12`, { token: w3.token });
        expect(dec.json).toEqual([]);
      } finally {
        await api3.close();
      }
    });

    it.each([
      '/donations/2026/13',
      '/donations/2026/0',
      '/donations/abc/4',
      '/donations/99999/4',
      '/campaigndonations/2026/x',
      '/donations/2026/4.5',
    ])('refuses the bad parameters of %s with 400', async (path) => {
      const res = await api.request('GET', `/api/branch/${w.branch.id}${path}`, { token: w.token });
      expect([400, 404]).toContain(res.status);
    });
  });
});
