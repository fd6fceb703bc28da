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
    expect(d.ghgKgCo2e).toBeCloseTo(200 * 0.25 * f['Meat & Seafood'] + 200 * 0.5 * f.Produce, 9);
    expect(d.ghgFactorVersion).toBe(1);
  });

  it('recomputes with the newest factor set, only for the caller’s donations of that kind', async () => {
    const mine = await addDonation(api, w, { weight: 100, categories: [{ categoryId: 2, fraction: 1 }] });
    const theirs = await api.request('POST', `/api/branch/${w.other.id}/donations`, {
      token: w.outsiderToken,
      body: donationBody(w, { branchId: w.other.id, storeId: w.otherStore.id, categories: [{ categoryId: 2, fraction: 1 }] }),
    });
    expect(theirs.status).toBe(201);
    await api.db.insert(s.ghgFactorSets).values({ version: 2, source: 'test factors' });
    await api.db.insert(s.ghgFactors).values([{ version: 2, categoryId: 2, kgCo2ePerLb: 2 }]);

    const res = await api.request('POST', '/api/donation/update-ghg', { token: w.token, body: [mine.id, theirs.json.id, UNKNOWN_ID] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ id: mine.id, ghgKgCo2e: 200, ghgFactorVersion: 2 }]);
    const [other] = await api.db.select().from(s.donations).where(eq(s.donations.id, theirs.json.id));
    expect(other.ghgFactorVersion).toBe(1);
    // An RFP id on the campaign call is not recomputed.
    expect((await api.request('POST', '/api/donation/update-campaign-ghg', { token: w.token, body: [mine.id] })).json).toEqual([]);
    // A new donation uses the newest set too.
    const next = await addDonation(api, w, { weight: 10, categories: [{ categoryId: 2, fraction: 1 }] });
    expect(next).toMatchObject({ ghgKgCo2e: 20, ghgFactorVersion: 2 });
  });

  it('recomputes campaign donations with update-campaign-ghg', async () => {
    const created = await api.request('POST', `/api/branch/${w.branch.id}/${w.campaign.id}/campaigndonations`, {
      token: w.token,
      body: donationBody(w, { storeId: w.campaignStore.id, categories: [{ categoryId: 2, fraction: 1 }], weight: 3 }),
    });
    await api.db.update(s.donations).set({ ghgKgCo2e: null }).where(eq(s.donations.id, created.json.id));
    const res = await api.request('POST', '/api/donation/update-campaign-ghg', { token: w.token, body: [created.json.id] });
    expect(res.json).toEqual([{ id: created.json.id, ghgKgCo2e: 6, ghgFactorVersion: 2 }]);
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
});
