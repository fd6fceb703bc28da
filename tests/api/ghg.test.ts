import { eq } from 'drizzle-orm';
import { GHG_FACTORS_V1 } from '@/donation-api/db/reference-data';
import * as s from '@/donation-api/db/schema';
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { addDonation, donationBody, donationWorld, UNKNOWN_ID, type World } from './donation-setup';

const f = GHG_FACTORS_V1.kgPerLb;

describe.each(dbKinds())('greenhouse-gas figure on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
  });
  afterAll(() => api.close());

  it('computes the figure on save: Σ pounds × share × factor', async () => {
    const d = await addDonation(api, w, {
      weight: 200,
      categories: [
        { categoryId: 1, fraction: 0.25 },
        { categoryId: 5, fraction: 0.5 },
        { categoryId: 8, fraction: 0.25 },
      ],
    });
    expect(d.ghgKgCo2e).toBeCloseTo(200 * 0.25 * f['Meat & Seafood']! + 200 * 0.5 * f.Produce!, 9);
    expect(d.ghgFactorVersion).toBe(1);
  });

  it.each([
    ['not a list', { ids: [] }],
    ['a malformed id', ['nope']],
    ['too many ids', Array.from({ length: 1001 }, () => UNKNOWN_ID)],
  ])('refuses a body that is %s with 400', async (_n, body) => {
    expect((await api.request('POST', '/api/donation/update-ghg', { token: w.token, body })).status).toBe(400);
  });

  it('answers an empty list with an empty list, and no token with 401', async () => {
    expect((await api.request('POST', '/api/donation/update-ghg', { token: w.token, body: [] })).json).toEqual([]);
    expect((await api.request('POST', '/api/donation/update-ghg', { body: [] })).status).toBe(401);
  });

  // A second database: the factor set 2 these tests add would change the figures the tests above expect.
  describe('with a newer factor set', () => {
    let api2: TestApi;
    let w2: World;
    let old: { id: string };
    let theirs: { id: string };
    beforeAll(async () => {
      api2 = await createTestApi(kind);
      w2 = await donationWorld(api2);
      // Saved under set 1, before set 2 exists.
      old = await addDonation(api2, w2, { weight: 100, categories: [{ categoryId: 2, fraction: 1 }] });
      const res = await api2.request('POST', `/api/branch/${w2.other.id}/donations`, {
        token: w2.outsiderToken,
        body: donationBody(w2, { branchId: w2.other.id, storeId: w2.otherStore.id, categories: [{ categoryId: 2, fraction: 1 }] }),
      });
      expect(res.status).toBe(201);
      theirs = res.json;
      await api2.db.insert(s.ghgFactorSets).values({ version: 2, source: 'test factors' });
      await api2.db.insert(s.ghgFactors).values([{ version: 2, categoryId: 2, kgCo2ePerLb: 2 }]);
    });
    afterAll(() => api2.close());

    it('recomputes with the newest factor set, only for the caller’s donations of that kind', async () => {
      const res = await api2.request('POST', '/api/donation/update-ghg', { token: w2.token, body: [old.id, theirs.id, UNKNOWN_ID] });
      expect(res.status).toBe(200);
      expect(res.json).toEqual([{ id: old.id, ghgKgCo2e: 200, ghgFactorVersion: 2 }]);
      const [other] = await api2.db.select().from(s.donations).where(eq(s.donations.id, theirs.id));
      expect(other!.ghgFactorVersion).toBe(1);
      // An RFP id on the campaign call is not recomputed.
      expect((await api2.request('POST', '/api/donation/update-campaign-ghg', { token: w2.token, body: [old.id] })).json).toEqual([]);
      // A new donation uses the newest set too.
      const next = await addDonation(api2, w2, { weight: 10, categories: [{ categoryId: 2, fraction: 1 }] });
      expect(next).toMatchObject({ ghgKgCo2e: 20, ghgFactorVersion: 2 });
    });

    it('recomputes campaign donations with update-campaign-ghg', async () => {
      const created = await api2.request('POST', `/api/branch/${w2.branch.id}/${w2.campaign!.id}/campaigndonations`, {
        token: w2.token,
        body: donationBody(w2, { storeId: w2.campaignStore.id, categories: [{ categoryId: 2, fraction: 1 }], weight: 3 }),
      });
      await api2.db.update(s.donations).set({ ghgKgCo2e: null }).where(eq(s.donations.id, created.json.id));
      const res = await api2.request('POST', '/api/donation/update-campaign-ghg', { token: w2.token, body: [created.json.id] });
      expect(res.json).toEqual([{ id: created.json.id, ghgKgCo2e: 6, ghgFactorVersion: 2 }]);
    });

    it('stores and answers the figure of the newest set on every write, so a save needs no recompute after it', async () => {
      const rfp = await addDonation(api2, w2, { weight: 4, categories: [{ categoryId: 2, fraction: 1 }] });
      const put = await api2.request('PUT', `/api/donation/${rfp.id}`, {
        token: w2.token,
        body: donationBody(w2, { weight: 7, categories: [{ categoryId: 2, fraction: 1 }], version: rfp.version }),
      });
      expect(put.status).toBe(200);
      expect(put.json).toMatchObject({ ghgKgCo2e: 14, ghgFactorVersion: 2 });
      const campaign = await api2.request('POST', `/api/branch/${w2.branch.id}/${w2.campaign!.id}/campaigndonations`, {
        token: w2.token,
        body: donationBody(w2, { storeId: w2.campaignStore.id, categories: [{ categoryId: 2, fraction: 1 }], weight: 5 }),
      });
      expect(campaign.json).toMatchObject({ ghgKgCo2e: 10, ghgFactorVersion: 2 });
      const campaignPut = await api2.request('PUT', `/api/donation/campaigndonation/${campaign.json.id}`, {
        token: w2.token,
        body: donationBody(w2, { storeId: w2.campaignStore.id, categories: [{ categoryId: 2, fraction: 1 }], weight: 6 }),
      });
      expect(campaignPut.json).toMatchObject({ ghgKgCo2e: 12, ghgFactorVersion: 2 });
      // What the answers said is what is stored: the recompute finds nothing to change.
      const again = await api2.request('POST', '/api/donation/update-ghg', { token: w2.token, body: [rfp.id] });
      expect(again.json).toEqual([{ id: rfp.id, ghgKgCo2e: 14, ghgFactorVersion: 2 }]);
    });
  });
});
