// A retail partner's figures and pickup counts are kept between views (partners/partner-figures-cache.ts) and must
// never be older than the data: after every kind of write that changes what they sum, count, filter or name, the next
// view equals the answer computed from scratch. A kept answer is seen by writing behind the triggers' back (the
// session's replication role skips them): the view keeps the old figures until a write through the app moves a version.
// The test API first: it loads the zod extension that the API's schemas (built on load) need.
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { and, eq, sql } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import type { PartnerGrant } from '@/donation-api/context';
import { partnerFigures, periodOf } from '@/donation-api/partners/partner-figures';
import { partnerPickups } from '@/donation-api/pickups/reliability';
import type { PartnerFigures, PartnerFilters } from '@/lib/domain/partner';
import type { PartnerPickups } from '@/lib/domain/pickup-reliability';
import { submit } from './donation-setup';
import { recordMay, reliabilityWorld, type ReliabilityWorld } from './pickup-reliability-setup';

const HALF_YEAR: PartnerFilters = { from: '2026-01', to: '2026-06' };
const ONTARIO: PartnerFilters = { ...HALF_YEAR, province: 'ON' };
const MAY: PartnerFilters = { from: '2026-05', to: '2026-05' };

describe.each(dbKinds())('a retail partner’s figures kept between views on %s', (kind) => {
  let api: TestApi;
  let r: ReliabilityWorld;
  let grant: PartnerGrant;

  const query = (f: PartnerFilters) => new URLSearchParams(f as Record<string, string>).toString();
  const view = async (f: PartnerFilters): Promise<PartnerFigures> => {
    const res = await api.request('GET', `/api/partner/figures?${query(f)}`, { token: r.loblaw });
    expect(res.status).toBe(200);
    return res.json;
  };
  const fromScratch = (f: PartnerFilters) =>
    partnerFigures({ db: api.db, config: api.config }, grant, f, periodOf(f, api.clock.now, api.config.timeZone));
  const pickupsView = async (f: PartnerFilters): Promise<PartnerPickups> => {
    const res = await api.request('GET', `/api/partner/pickups?${query(f)}`, { token: r.loblaw });
    expect(res.status).toBe(200);
    return res.json;
  };
  const pickupsFromScratch = (answer: PartnerPickups) =>
    partnerPickups(api.db, grant, { from: answer.from, to: answer.to }, '2026-06-10', {});
  /** A write where the app never writes: with the triggers skipped, as a restore tool would. */
  const behindTheTriggers = (write: (tx: Parameters<Parameters<TestApi['db']['transaction']>[0]>[0]) => Promise<unknown>) =>
    api.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await write(tx);
    });
  const donationOf = async (date: string) => {
    const [d] = await api.db.select({ id: s.donations.id }).from(s.donations).where(eq(s.donations.date, date));
    return d!.id;
  };

  beforeAll(async () => {
    api = await createTestApi(kind, { poolSize: kind === 'postgres' ? 10 : undefined });
    r = await reliabilityWorld(api);
    grant = { retailerId: r.w.store.retailerId!, bannerId: null, storeIds: [] };
    // Members since 2025, so both food banks owe the months of 2026 (the one rule of owed months).
    await api.db.execute(sql`update branches set created_at = '2025-01-01T12:00:00Z'`);
    await r.addDonation(api, r.w, { date: '2026-04-03', weight: 100 });
    await r.addDonation(api, r.w, { date: '2026-04-24', weight: 12 });
    expect((await submit(api, r.w, 2026, 4)).status).toBe(200);
    await recordMay(api, r);
  });
  afterAll(() => api.close());

  /** A correction of April (submitted, so closed to the branch): written as the program's correction would be, triggers on. */
  const aprilCorrection = (pounds: number) =>
    api.db.execute(sql`update donations set weight_in_pounds = weight_in_pounds + ${pounds} where date = '2026-04-03'`);

  it('answers a second view from the kept answer, and the view after a donation changed from scratch', async () => {
    const first = await view(HALF_YEAR);
    expect(first).toEqual(await fromScratch(HALF_YEAR));
    await behindTheTriggers((tx) => tx.execute(sql`update store_month_totals set pounds = pounds + 1000 where year = 2026 and month = 4`));
    expect((await view(HALF_YEAR)).totals.pounds).toBe(first.totals.pounds);
    expect((await fromScratch(HALF_YEAR)).totals.pounds).toBe(first.totals.pounds + 1000);
    await aprilCorrection(5);
    const after = await view(HALF_YEAR);
    expect(after).toEqual(await fromScratch(HALF_YEAR));
    expect(after.totals.pounds).toBe(first.totals.pounds + 1005);
    await behindTheTriggers((tx) => tx.execute(sql`update store_month_totals set pounds = pounds - 1000 where year = 2026 and month = 4`));
    await aprilCorrection(-5);
    expect((await view(HALF_YEAR)).totals.pounds).toBe(first.totals.pounds);
  });

  it('equals the figures from scratch after each write that changes what they sum, filter or name', async () => {
    const steps: [string, () => Promise<unknown>][] = [
      ['a donation of a submitted month corrected', () => aprilCorrection(7)],
      [
        'a donation’s category split changed',
        async () =>
          api.db
            .update(s.donationCategories)
            .set({ categoryId: 2 })
            .where(and(eq(s.donationCategories.donationId, await donationOf('2026-04-03')), eq(s.donationCategories.categoryId, 5))),
      ],
      [
        'a donation moved to another retailer’s store, nothing else changed',
        async () =>
          api.db
            .update(s.donations)
            .set({ storeId: r.w.campaignStore.id })
            .where(eq(s.donations.id, await donationOf('2026-04-24'))),
      ],
      ['May submitted', () => submit(api, r.w, 2026, 5)],
      [
        'May reopened',
        () =>
          api.db
            .update(s.monthSubmissions)
            .set({ submitted: false })
            .where(and(eq(s.monthSubmissions.branchId, r.w.branch.id), eq(s.monthSubmissions.month, 5))),
      ],
      ['a store renamed', () => api.db.update(s.stores).set({ name: 'Queen Street West' }).where(eq(s.stores.id, r.w.store.id))],
      ['a banner renamed', () => api.db.update(s.banners).set({ name: 'No Frills Express' }).where(eq(s.banners.id, r.w.store.bannerId!))],
      [
        'a retailer renamed',
        () => api.db.update(s.retailers).set({ name: 'Loblaw Ltd.' }).where(eq(s.retailers.id, r.w.store.retailerId!)),
      ],
      ['a category renamed', () => api.db.update(s.categories).set({ name: 'Fresh produce' }).where(eq(s.categories.id, 5))],
      ['a food bank in another province', () => api.db.update(s.branches).set({ province: 'MB' }).where(eq(s.branches.id, r.w.branch.id))],
      ['a food bank that no longer serves the store', () => api.db.delete(s.branchStores).where(eq(s.branchStores.storeId, r.w.store.id))],
    ];
    for (const [what, write] of steps) {
      await view(HALF_YEAR);
      await view(ONTARIO);
      const res = (await write()) as { status?: number } | undefined;
      if (res && typeof res.status === 'number') expect({ what, status: res.status < 300 }).toEqual({ what, status: true });
      expect({ what, answer: await view(HALF_YEAR) }).toEqual({ what, answer: await fromScratch(HALF_YEAR) });
      expect({ what, answer: await view(ONTARIO) }).toEqual({ what, answer: await fromScratch(ONTARIO) });
    }
  });

  it('keeps the pickup counts until a pickup is recorded, and then counts it', async () => {
    const first = await pickupsView(MAY);
    expect(first).toEqual(await pickupsFromScratch(first));
    await behindTheTriggers((tx) =>
      tx.insert(s.pickupOutcomes).values({ slotId: r.toronto, pickupDate: '2026-05-18', branchId: r.w.branch.id, outcome: 'no_food' }),
    );
    expect(await pickupsView(MAY)).toEqual(first);
    expect((await pickupsFromScratch(first)).noFood).toBe(first.noFood + 1);
    await r.atToronto('2026-05-20', { outcome: 'no_food' });
    const after = await pickupsView(MAY);
    expect(after).toEqual(await pickupsFromScratch(first));
    expect(after.noFood).toBe(first.noFood + 2);
  });

  it('a store outside the scope is a 404 each time, never a kept answer', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await api.request('GET', `/api/partner/figures?storeId=${r.w.otherStore.id}`, { token: r.loblaw });
      const pickups = await api.request('GET', `/api/partner/pickups?storeId=${r.w.otherStore.id}`, { token: r.loblaw });
      expect([res.status, pickups.status]).toEqual([404, 404]);
    }
  });
});
