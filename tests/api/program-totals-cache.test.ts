// The program's totals are kept between views (program/program-totals-cache.ts) and must never be older than the
// data: after every kind of write that changes what they sum, the next view equals the totals computed from scratch.
// A kept answer is seen here by changing a running total behind the triggers' back: the view keeps the old figure
// until a write through the app moves the branch's version.
// The test API first: it loads the zod extension that the API's schemas (built on load) need.
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { eq, sql } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { programTotals } from '@/donation-api/program/program-totals';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import type { TotalsAnswer } from '@/lib/domain/program-totals';

const JOINED = new Date('2025-01-01T17:00:00Z');
const NOV_20 = new Date('2026-11-20T16:00:00Z');
const TZ = 'America/Toronto';
const ADMIN = { role: 'admin' as const, provinces: [] };

describe.each(dbKinds())('the program totals kept between views on %s', (kind) => {
  let api: TestApi;
  let toronto: { id: string };
  let quebec: { id: string };
  let torontoStore: { id: string };
  let staffToken: string;
  let adminToken: string;

  const body = (branchId: string, storeId: string, date: string, weight: number, categoryId = 1) => ({
    branchId,
    date,
    storeId,
    source: 0,
    weight,
    weightUnit: 1,
    categories: [
      { categoryId, fraction: 0.5 },
      { categoryId: 5, fraction: 0.5 },
    ],
  });
  const add = async (branchId: string, storeId: string, date: string, weight: number) => {
    const res = await api.request('POST', `/api/branch/${branchId}/donations`, {
      token: staffToken,
      body: body(branchId, storeId, date, weight),
    });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  const view = async (month = 10): Promise<TotalsAnswer> => {
    const res = await api.request('GET', `/api/program/totals?year=2026&month=${month}`, { token: adminToken });
    expect(res.status).toBe(200);
    return res.json;
  };
  const fromScratch = (month = 10) => programTotals(api.db, ADMIN, 2026, month, TZ);
  const programPounds = (a: TotalsAnswer) => a.monthTotals.program.backStoreWeightInPounds;

  beforeAll(async () => {
    api = await createTestApi(kind, { poolSize: kind === 'postgres' ? 10 : undefined });
    api.clock.now = NOV_20;
    toronto = await fixtures.branch(api, { createdAt: JOINED, name: 'Toronto Community Food Bank', province: 'ON' });
    quebec = await fixtures.branch(api, { createdAt: JOINED, name: 'Banque alimentaire de Québec', province: 'QC' });
    torontoStore = await fixtures.store(api, toronto.id);
    const staff = await fixtures.user(api, { branchIds: [toronto.id, quebec.id] });
    staffToken = await fixtures.token(api, staff.id);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    await add(toronto.id, torontoStore.id, '2026-10-03', 100);
  });
  afterAll(() => api.close());

  it('answers a second view from the kept totals, and the next view after a donation from scratch', async () => {
    expect(await view()).toEqual(await fromScratch());
    // Behind the triggers' back (no write of the app does this): the kept answer does not see it.
    await api.db.execute(sql`update month_totals set pounds = pounds + 1000 where branch_id = ${toronto.id} and month = 10`);
    const kept = await view();
    expect(programPounds(kept)).toBe(programPounds(await fromScratch()) - 1000);
    await add(toronto.id, torontoStore.id, '2026-10-04', 7);
    const after = await view();
    expect(after).toEqual(await fromScratch());
    expect(programPounds(after)).toBe(programPounds(kept) + 1000 + 7);
    await api.db.execute(sql`update month_totals set pounds = pounds - 1000 where branch_id = ${toronto.id} and month = 10`);
    await add(toronto.id, torontoStore.id, '2026-10-05', 1);
  });

  it('computes again once the versions table is made anew with the same versions, as a restore does', async () => {
    await view();
    await api.db.execute(sql`update month_totals set pounds = pounds + 1000 where branch_id = ${toronto.id} and month = 10`);
    // pg_restore --clean recreates the table and sets the sequence back: versions handed out since the backup come
    // again. Here the very same versions, in a new file.
    await api.db.execute(sql`create temporary table versions_copy as select * from totals_versions`);
    await api.db.execute(sql`truncate totals_versions`);
    await api.db.execute(sql`insert into totals_versions select * from versions_copy`);
    const after = await view();
    expect(after).toEqual(await fromScratch());
    await api.db.execute(sql`update month_totals set pounds = pounds - 1000 where branch_id = ${toronto.id} and month = 10`);
    await add(toronto.id, torontoStore.id, '2026-10-06', 1);
  });

  it('equals the totals from scratch after each edit, delete, category change, new branch, province and deactivation', async () => {
    const id = await add(toronto.id, torontoStore.id, '2026-10-10', 20);
    const quebecStore = await fixtures.store(api, quebec.id, { name: 'Limoilou', retailer: 'Metro Inc.', banner: 'Metro' });
    const steps: [string, () => Promise<unknown>][] = [
      [
        'a heavier weight',
        () => api.request('PUT', `/api/donation/${id}`, { token: staffToken, body: body(toronto.id, torontoStore.id, '2026-10-10', 45) }),
      ],
      [
        'another category',
        () =>
          api.request('PUT', `/api/donation/${id}`, { token: staffToken, body: body(toronto.id, torontoStore.id, '2026-10-10', 45, 3) }),
      ],
      [
        'moved to September',
        () =>
          api.request('PUT', `/api/donation/${id}`, { token: staffToken, body: body(toronto.id, torontoStore.id, '2026-09-10', 45, 3) }),
      ],
      ['a donation of another branch', () => add(quebec.id, quebecStore.id, '2026-10-12', 30)],
      ['deleted', () => api.request('DELETE', `/api/donation/${id}`, { token: staffToken })],
      ['another province', () => api.db.update(s.branches).set({ province: 'NB' }).where(eq(s.branches.id, quebec.id))],
      ['a new branch', () => fixtures.branch(api, { createdAt: JOINED, name: 'Halifax Food Bank', province: 'NS' })],
      [
        'deactivated in October',
        () =>
          api.db
            .update(s.branches)
            .set({ deactivatedAt: new Date('2026-10-15T16:00:00Z') })
            .where(eq(s.branches.id, quebec.id)),
      ],
    ];
    for (const [what, write] of steps) {
      await view(10);
      await view(9);
      const res = (await write()) as { status?: number };
      if (res && typeof res.status === 'number') expect(res.status).toBeLessThan(300);
      expect({ what, month: await view(10) }).toEqual({ what, month: await fromScratch(10) });
      expect({ what, month: await view(9) }).toEqual({ what, month: await fromScratch(9) });
    }
  });

  it('a write undone by its transaction never shows, during it or after', async () => {
    await view();
    const undone = api.db.transaction(async (tx) => {
      await tx.insert(s.donations).values({
        branchId: toronto.id,
        campaignId: RFP_CAMPAIGN_ID,
        storeId: torontoStore.id,
        date: '2026-10-20',
        source: 0,
        weight: 500,
        weightUnit: 1,
        weightInPounds: 500,
      });
      // On PostgreSQL a view from another connection while the write is open (the embedded database has one
      // connection: a view would wait for this transaction).
      if (kind === 'postgres') expect(await view()).toEqual(await fromScratch());
      tx.rollback();
    });
    await expect(undone).rejects.toThrow('Rollback');
    expect(await view()).toEqual(await fromScratch());
    await add(toronto.id, torontoStore.id, '2026-10-21', 3);
    expect(await view()).toEqual(await fromScratch());
  });

  if (kind === 'postgres')
    it('concurrent writes of one branch all land (no deadlock on its version), and the next view holds them', async () => {
      await view();
      const ids = await Promise.all(
        Array.from({ length: 12 }, (_, i) => add(toronto.id, torontoStore.id, `2026-10-${String(1 + i).padStart(2, '0')}`, 2)),
      );
      const results = await Promise.all(
        ids.flatMap((id, i) => [
          api.request('PUT', `/api/donation/${id}`, {
            token: staffToken,
            body: body(toronto.id, torontoStore.id, `2026-${i % 2 ? '09' : '10'}-15`, 4),
          }),
          ...(i % 3 === 0 ? [api.request('DELETE', `/api/donation/${id}`, { token: staffToken })] : []),
        ]),
      );
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      expect(await view()).toEqual(await fromScratch());
      expect(await view(9)).toEqual(await fromScratch(9));
    });
});
