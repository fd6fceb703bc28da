// Who of a retailer's partners sees what a colleague issued (docs/rules.md, Partners' scopes): a partner sees the
// statements issued for a scope inside their own, and the queries on stores of their own scope. A retailer-wide
// partner sees a banner colleague's; a banner-scoped partner never sees a retailer-wide statement (it covers stores
// outside the banner), nor a query on a store of another banner; an id outside the scope is the same 404.
import { sql } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { addDonation, donationWorld, submit, type World } from './donation-setup';

type Row = Record<string, any>;

describe.each(dbKinds())('partners of one retailer, scoped differently, on %s', (kind) => {
  let api: TestApi;
  let w: World;
  let wide: string;
  let bannerOnly: string;
  let inBanner: Row;
  let outside: Row;

  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
    await api.db.execute(sql`update branches set created_at = '2025-01-01T12:00:00Z'`);
    // A second banner of the same retailer, with a store the same branch serves.
    const [zehrs] = await api.db.insert(s.banners).values({ retailerId: w.store.retailerId!, name: 'Zehrs' }).returning();
    const [zehrsStore] = await api.db
      .insert(s.stores)
      .values({ name: 'King St', number: '88', retailerId: w.store.retailerId!, bannerId: zehrs!.id })
      .returning();
    await api.db.insert(s.branchStores).values({ branchId: w.branch.id, storeId: zehrsStore!.id, campaignId: RFP_CAMPAIGN_ID });

    const widePartner = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: widePartner.id, retailerId: w.store.retailerId! });
    wide = await fixtures.token(api, widePartner.id);
    const bannerPartner = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: bannerPartner.id, retailerId: w.store.retailerId!, bannerId: w.store.bannerId });
    bannerOnly = await fixtures.token(api, bannerPartner.id);

    inBanner = await addDonation(api, w, { date: '2026-04-03', weight: 100 });
    outside = await addDonation(api, w, { date: '2026-04-07', weight: 30, storeId: zehrsStore!.id });
    expect((await submit(api, w, 2026, 4)).status).toBe(200);
  });
  afterAll(() => api.close());

  const issue = (token: string) => api.request('POST', '/api/partner/statements', { token, body: { year: 2026, month: 4 } });
  const statements = async (token: string) =>
    (await api.request('GET', '/api/partner/statements', { token })).json.statements.map((x: Row) => x.number);
  const pdf = (token: string, id: string) =>
    api.app.request(`/api/partner/statements/${id}/pdf`, { headers: { authorization: `Bearer ${token}` } });

  it('statements: the retailer-wide partner sees the banner colleague’s; the banner partner not the retailer-wide one', async () => {
    const ofBanner = await issue(bannerOnly);
    expect(ofBanner.status).toBe(201);
    expect(ofBanner.json).toMatchObject({ pounds: 100, scopeName: 'Loblaw Companies – No Frills' });
    const ofRetailer = await issue(wide);
    expect(ofRetailer.status).toBe(201);
    expect(ofRetailer.json).toMatchObject({ pounds: 130, scopeName: 'Loblaw Companies' });

    expect(await statements(wide)).toEqual([ofRetailer.json.number, ofBanner.json.number]);
    expect(await statements(bannerOnly)).toEqual([ofBanner.json.number]);
    expect((await pdf(wide, ofBanner.json.id)).status).toBe(200);
    expect((await pdf(bannerOnly, ofRetailer.json.id)).status).toBe(404);
    expect((await pdf(bannerOnly, ofBanner.json.id)).status).toBe(200);
  });

  it('queries: each partner sees those on stores of their scope, whoever asked', async () => {
    const ask = (token: string, donationId: string, reason: string) =>
      api.request('POST', '/api/partner/queries', { token, body: { donationId, kind: 'other', reason } });
    expect((await ask(bannerOnly, inBanner.id, 'Asked by the banner')).status).toBe(201);
    expect((await ask(wide, outside.id, 'Asked head office, other banner')).status).toBe(201);
    // The banner partner cannot ask about a store outside the banner either.
    expect((await ask(bannerOnly, outside.id, 'Not mine')).status).toBe(404);

    const reasons = async (token: string) =>
      (await api.request('GET', '/api/partner/queries', { token })).json.queries.map((q: Row) => q.reason).sort();
    expect(await reasons(wide)).toEqual(['Asked by the banner', 'Asked head office, other banner']);
    expect(await reasons(bannerOnly)).toEqual(['Asked by the banner']);
  });
});
