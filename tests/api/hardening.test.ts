// Hardening, server half: implausible input, optimistic concurrency, deleted-meanwhile, the gas figure of a
// submitted month and the year picker's range.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { addDonation, donationBody, donationWorld, submit, type World } from './donation-setup';

describe.each(dbKinds())('donation rules on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api); // today: 10 June 2026 in Toronto
  });
  afterAll(() => api.close());
  const post = (over: Record<string, unknown>) =>
    api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, body: donationBody(w, over) });

  describe('future dates', () => {
    it.each(['2026-06-11', '2030-01-01', '2099-12-31'])('refuses %s', async (date) => {
      const res = await post({ date });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'VALIDATION_DATE_FUTURE', message: 'The date cannot be in the future', field: 'date' });
    });
    it('refuses a date with a time, which is no calendar date (month-lock-time-zones.test.ts tests its month)', async () => {
      expect((await post({ date: '2026-06-11T03:00:00.000Z' })).json).toMatchObject({ code: 'VALIDATION_DATE_FORMAT', field: 'date' });
    });
    it('accepts today in the app time zone even when it is already tomorrow in UTC', async () => {
      api.clock.now = new Date('2026-06-11T02:30:00Z'); // 22:30 on 10 June in Toronto
      try {
        expect((await post({ date: '2026-06-10' })).status).toBe(201);
        expect((await post({ date: '2026-06-11' })).json.code).toBe('VALIDATION_DATE_FUTURE');
      } finally {
        api.clock.now = new Date('2026-06-10T16:00:00Z');
      }
    });
    it('refuses moving a donation into the future on update', async () => {
      const d = await addDonation(api, w);
      const res = await api.request('PUT', `/api/donation/${d.id}`, { token: w.token, body: donationBody(w, { date: '2027-01-01' }) });
      expect(res.json.code).toBe('VALIDATION_DATE_FUTURE');
    });
  });

  describe('weight upper bound (100,000 lbs)', () => {
    it.each([
      [1, 999_999_999],
      [1, 100_001],
      [0, 45_360], // kg: 100,001 lbs
      [2, 2_501], // banana boxes of 40 lbs
    ])('refuses unit %i weight %d', async (weightUnit, weight) => {
      const res = await post({ weightUnit, weight });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'VALIDATION_WEIGHT_MAX', field: 'weight' });
      expect(res.json.message).toContain('100,000 lbs');
    });
    it('accepts exactly 100,000 lbs', async () => {
      expect((await post({ weight: 100_000 })).status).toBe(201);
    });
  });

  describe('optimistic concurrency', () => {
    it('answers a version, adds 1 per update and refuses a stale one with 409', async () => {
      const d = await addDonation(api, w);
      expect(d.version).toBe(1);
      const tab1 = await api.request('PUT', `/api/donation/${d.id}`, {
        token: w.token,
        body: donationBody(w, { weight: 200, version: 1 }),
      });
      expect(tab1.status).toBe(200);
      expect(tab1.json.version).toBe(2);
      const tab2 = await api.request('PUT', `/api/donation/${d.id}`, {
        token: w.token,
        body: donationBody(w, { weight: 300, version: 1 }),
      });
      expect(tab2.status).toBe(409);
      expect(tab2.json.code).toBe('DONATION_CONFLICT');
      const now = await api.request('GET', `/api/donation/${d.id}`, { token: w.token });
      expect(now.json).toMatchObject({ weight: 200, version: 2 });
      // Without a version, clients that never send one keep working (last write wins, as before).
      const legacy = await api.request('PUT', `/api/donation/${d.id}`, { token: w.token, body: donationBody(w, { weight: 400 }) });
      expect(legacy.json.version).toBe(3);
    });
    it('does the same for campaign donations', async () => {
      const body = donationBody(w, { storeId: w.campaignStore.id, campaignId: w.campaign!.id });
      const created = await api.request('POST', `/api/branch/${w.branch.id}/${w.campaign!.id}/campaigndonations`, { token: w.token, body });
      expect(created.json.version).toBe(1);
      const path = `/api/donation/campaigndonation/${created.json.id}`;
      expect((await api.request('PUT', path, { token: w.token, body: { ...body, version: 1 } })).json.version).toBe(2);
      const stale = await api.request('PUT', path, { token: w.token, body: { ...body, version: 1 } });
      expect([stale.status, stale.json.code]).toEqual([409, 'DONATION_CONFLICT']);
    });
    it('lists carry the version too', async () => {
      const d = await addDonation(api, w, { date: '2026-05-02' });
      const q = `branchId=${w.branch.id}&startDate=2026-05-02&endDate=2026-05-02`;
      const res = await api.request('GET', `/api/donation/paged?${q}`, { token: w.token });
      expect(res.json.entities.find((x: { id: string }) => x.id === d.id).version).toBe(1);
    });
  });

  it('an edit of a donation deleted meanwhile says it was deleted (404 DONATION_NOT_FOUND)', async () => {
    const d = await addDonation(api, w);
    expect((await api.request('DELETE', `/api/donation/${d.id}`, { token: w.token })).status).toBe(204);
    const res = await api.request('PUT', `/api/donation/${d.id}`, { token: w.token, body: donationBody(w, { version: 1 }) });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 'DONATION_NOT_FOUND', message: 'This donation no longer exists: it was deleted.' });
    // Another branch's donation is the same 404.
    const theirs = await api.request('PUT', `/api/donation/${d.id}`, { token: w.outsiderToken, body: donationBody(w) });
    expect(theirs.json.code).toBe('DONATION_NOT_FOUND');
  });

  it('update-ghg leaves a donation of a submitted month unchanged', async () => {
    const inApril = await addDonation(api, w, { date: '2026-04-03', categories: [{ categoryId: 2, fraction: 1 }] });
    const inMay = await addDonation(api, w, { date: '2026-05-03', categories: [{ categoryId: 2, fraction: 1 }] });
    expect((await submit(api, w, 2026, 4)).status).toBe(200);
    await api.db.insert(s.ghgFactorSets).values({ version: 7, source: 'test factors' });
    await api.db.insert(s.ghgFactors).values([{ version: 7, categoryId: 2, kgCo2ePerLb: 3 }]);
    const res = await api.request('POST', '/api/donation/update-ghg', { token: w.token, body: [inApril.id, inMay.id] });
    expect(res.status).toBe(200);
    expect(res.json.map((r: { id: string }) => r.id)).toEqual([inMay.id]);
    const [april] = await api.db.select().from(s.donations).where(eq(s.donations.id, inApril.id));
    expect([april!.ghgKgCo2e, april!.ghgFactorVersion]).toEqual([inApril.ghgKgCo2e, inApril.ghgFactorVersion]);
    await api.db.delete(s.ghgFactors).where(eq(s.ghgFactors.version, 7));
    await api.db.delete(s.ghgFactorSets).where(eq(s.ghgFactorSets.version, 7));
  });

  it('the year range runs from the first donation year to the year after the last; donationyears is unchanged', async () => {
    const api2 = await createTestApi(kind);
    try {
      const w2 = await donationWorld(api2);
      const empty = await api2.request('GET', `/api/donation/yearrange?branchId=${w2.branch.id}`, { token: w2.token });
      expect(empty.json).toEqual({ firstYear: null, lastYear: null, years: [2026] });
      await addDonation(api2, w2, { date: '2026-02-01' });
      const before = await api2.db.select().from(s.donations);
      await api2.db.insert(s.donations).values({ ...before[0]!, id: undefined, date: '2023-03-01' });
      const range = await api2.request('GET', `/api/donation/yearrange?branchId=${w2.branch.id}`, { token: w2.token });
      expect(range.json).toEqual({ firstYear: 2023, lastYear: 2026, years: [2027, 2026, 2025, 2024, 2023] });
      const years = await api2.request('GET', `/api/donation/donationyears?branchId=${w2.branch.id}`, { token: w2.token });
      expect(years.json).toEqual([2026, 2023]);
      const foreign = await api2.request('GET', `/api/donation/yearrange?branchId=${w2.other.id}`, { token: w2.token });
      expect(foreign.status).toBe(404);
    } finally {
      await api2.close();
    }
  });
});
