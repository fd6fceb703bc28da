// A national chain's figures list the stores that gave the most (BY_STORE_MAX), ties at the cut by name, while the
// totals, the banners and the store count take every store of the scope: only the listed stores' names are read.
import { sql } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
// After the API's modules, which give zod the OpenAPI extension the domain's schemas use.
import { BY_STORE_MAX } from '@/lib/domain/partner';
import { addDonation, donationWorld, submit } from './donation-setup';

type StoreRow = { name: string; pounds: number; banner: string | null };

describe.each(dbKinds())('a partner with more stores than the figures list, on %s', (kind) => {
  let api: TestApi;
  let token: string;
  const extra = BY_STORE_MAX + 5;

  beforeAll(async () => {
    api = await createTestApi(kind);
    const w = await donationWorld(api);
    await api.db.execute(sql`update branches set created_at = '2025-01-01T12:00:00Z'`);
    // The world's Queen St W (No Frills) gives 1 lb; each extra store gives 10 lb more than the one before, and two
    // stores at the cut give the same, so the cut is decided by name.
    await addDonation(api, w, { date: '2026-04-02', weight: 1 });
    const retailerId = w.store.retailerId!;
    const [zehrs] = await api.db.insert(s.banners).values({ retailerId, name: 'Zehrs' }).returning();
    for (let i = 0; i < extra; i++) {
      const [store] = await api.db
        .insert(s.stores)
        .values({
          name: `Store ${String(i).padStart(3, '0')}`,
          number: String(5000 + i),
          retailerId,
          bannerId: i % 2 ? zehrs!.id : w.store.bannerId,
        })
        .returning();
      await api.db.insert(s.branchStores).values({ branchId: w.branch.id, storeId: store!.id, campaignId: RFP_CAMPAIGN_ID });
      const weight = i === 4 ? 60 : 10 * (i + 1); // Store 004 ties with Store 005 (60 lb)
      await addDonation(api, w, { date: '2026-04-03', weight, storeId: store!.id });
    }
    expect((await submit(api, w, 2026, 4)).status).toBe(200);
    const partner = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: partner.id, retailerId: w.store.retailerId! });
    token = await fixtures.token(api, partner.id);
  });
  afterAll(() => api.close());

  it('lists BY_STORE_MAX stores, heaviest first, and counts every store in the totals and banners', async () => {
    const res = await api.request('GET', '/api/partner/figures?from=2026-04&to=2026-04', { token });
    expect(res.status).toBe(200);
    const byStore = res.json.byStore as StoreRow[];
    expect(byStore).toHaveLength(BY_STORE_MAX);
    expect(res.json.storeCount).toBe(extra + 1);
    expect(byStore[0]).toMatchObject({ name: `Store ${String(extra - 1).padStart(3, '0')}`, pounds: 10 * extra });
    // Sorted by pounds, then name.
    for (let i = 1; i < byStore.length; i++)
      expect(
        byStore[i - 1]!.pounds > byStore[i]!.pounds ||
          (byStore[i - 1]!.pounds === byStore[i]!.pounds && byStore[i - 1]!.name < byStore[i]!.name),
      ).toBe(true);
    const all = 1 + 60 + Array.from({ length: extra }, (_, i) => (i === 4 ? 0 : 10 * (i + 1))).reduce((a, b) => a + b, 0);
    expect(res.json.totals.pounds).toBe(all);
    const banners = res.json.byBanner as { name: string; pounds: number }[];
    expect(banners.reduce((n, b) => n + b.pounds, 0)).toBe(all);
    expect(banners.map((b) => b.name).sort()).toEqual(['No Frills', 'Zehrs']);
    expect((res.json.options.banners as { name: string }[]).map((b) => b.name)).toEqual(['No Frills', 'Zehrs']);
    expect(res.json.options.storesInScope).toBe(extra + 1);
  });

  it('breaks a tie at the cut by name', async () => {
    // The 50 heaviest are Store 005 to Store 054 (60 lb to 550 lb) and Store 004 (60 lb): the tie at the cut keeps the
    // first name, whichever store the database happens to read first.
    const res = await api.request('GET', '/api/partner/figures?from=2026-04&to=2026-04', { token });
    const tied = (res.json.byStore as StoreRow[]).filter((r) => r.pounds === 60).map((r) => r.name);
    expect(tied).toEqual(['Store 004']);
  });
});
