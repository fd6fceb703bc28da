// The store picker of the partner's screens: a national chain has thousands of stores, so the screens search them
// as the user types (GET /api/partner/stores) instead of carrying every one as an <option>. What a partner finds is
// their own stores only, a few at a time, accents ignored; a store named by id outside their scope is a 404.
import * as s from '@/donation-api/db/schema';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';

type Store = { id: string; name: string; number: string | null; banner: string | null };

describe.each(dbKinds())('partner store picker on %s', (kind) => {
  let api: TestApi;
  let chainToken: string;
  let bannerToken: string;
  let foreignStore: string;
  let quebecStore: string;

  beforeAll(async () => {
    api = await createTestApi(kind);
    const [chain] = await api.db.insert(s.retailers).values({ name: 'National Grocers' }).returning();
    const [urban, rural] = await api.db
      .insert(s.banners)
      .values([
        { retailerId: chain!.id, name: 'Urban Fresh' },
        { retailerId: chain!.id, name: 'Country Market' },
      ])
      .returning();
    // 60 stores of the chain: 40 of one banner, 20 of the other, and one French name.
    const rows = Array.from({ length: 60 }, (_, i) => ({
      name: i === 7 ? 'Épicerie Saint-Jérôme' : `Main Street ${String(i).padStart(2, '0')}`,
      number: String(1000 + i),
      retailerId: chain!.id,
      bannerId: i < 40 ? urban!.id : rural!.id,
    }));
    const stores = await api.db.insert(s.stores).values(rows).returning();
    quebecStore = stores[7]!.id;
    const [other] = await api.db.insert(s.retailers).values({ name: 'Other Chain' }).returning();
    foreignStore = (await api.db.insert(s.stores).values({ name: 'Main Street Elsewhere', retailerId: other!.id }).returning())[0]!.id;

    const chainUser = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: chainUser.id, retailerId: chain!.id });
    chainToken = await fixtures.token(api, chainUser.id);
    const bannerUser = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: bannerUser.id, retailerId: chain!.id, bannerId: rural!.id });
    bannerToken = await fixtures.token(api, bannerUser.id);
  });
  afterAll(() => api.close());

  const get = (path: string, token = chainToken) => api.request('GET', path, { token });

  it('answers a few of the partner’s stores at a time and says when more match', async () => {
    const res = await get('/api/partner/stores?q=main+street&limit=10');
    expect(res.status).toBe(200);
    expect(res.json.stores).toHaveLength(10);
    expect(res.json.more).toBe(true);
    // Never another retailer's store, whatever is typed.
    const all = await get('/api/partner/stores?q=elsewhere&limit=50');
    expect(all.json).toEqual({ stores: [], more: false });
  });

  it('finds a store by every word typed, by its number or banner, accents and case ignored', async () => {
    const byName = await get(`/api/partner/stores?q=${encodeURIComponent('epicerie JEROME')}`);
    expect(byName.json.stores.map((x: Store) => x.name)).toEqual(['Épicerie Saint-Jérôme']);
    const byNumber = await get('/api/partner/stores?q=1042');
    expect(byNumber.json.stores).toEqual([{ id: expect.any(String), name: 'Main Street 42', number: '1042', banner: 'Country Market' }]);
    const byBanner = await get('/api/partner/stores?q=country+street&limit=50');
    expect(byBanner.json.stores).toHaveLength(20);
    // A % or _ typed is a character to find, not a wildcard.
    expect((await get('/api/partner/stores?q=%25')).json.stores).toEqual([]);
  });

  it('keeps a banner partner to their banner', async () => {
    const res = await get('/api/partner/stores?q=main&limit=50', bannerToken);
    expect(res.json.stores).toHaveLength(20);
    expect(res.json.stores.every((x: Store) => x.banner === 'Country Market')).toBe(true);
  });

  it('names one store by id, and answers 404 for a store outside the scope as for an unknown one', async () => {
    const one = await get(`/api/partner/stores?id=${quebecStore}`);
    expect(one.json.stores.map((x: Store) => x.name)).toEqual(['Épicerie Saint-Jérôme']);
    expect((await get(`/api/partner/stores?id=${foreignStore}`)).status).toBe(404);
    // The Quebec store is of the other banner: outside the banner partner's scope.
    expect((await get(`/api/partner/stores?id=${quebecStore}`, bannerToken)).status).toBe(404);
    expect((await get('/api/partner/stores?id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('refuses a bad limit with a 400, and anyone but a partner with a 404', async () => {
    expect((await get('/api/partner/stores?limit=500')).status).toBe(400);
    expect((await get('/api/partner/stores?id=nope')).status).toBe(400);
    const staff = await fixtures.user(api);
    expect((await get('/api/partner/stores?q=main', await fixtures.token(api, staff.id))).status).toBe(404);
  });
});
