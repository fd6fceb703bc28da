// The running totals (month_totals, month_category_totals) stay equal to a recomputation from the donations after
// random writes through the API (creates, edits moving dates, sources and categories, deletes, gas-figure updates),
// concurrent ones on PostgreSQL, and a rebuild; the monthly report read from them equals the report from the donations.
import { sql } from 'drizzle-orm';
import { monthlyReports } from '@/donation-api/donations/reports';
import { queryRows } from '@/donation-api/db/sql-rows';
import { runAdminCommand } from '@/scripts/admin-commands';
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { donationBody, donationWorld, type World } from './donation-setup';

/** A small deterministic generator, so a failure can be replayed. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOTALS = sql`select branch_id, year, month, source, donation_count, pounds::text, ghg_kg_co2e::text from month_totals
  where donation_count <> 0 or pounds <> 0 or ghg_kg_co2e <> 0 order by 1, 2, 3, 4`;
const CATEGORY_TOTALS = sql`select branch_id, year, month, source, category_id, row_count, pounds::text, shares::text
  from month_category_totals where row_count <> 0 or pounds <> 0 or shares <> 0 order by 1, 2, 3, 4, 5`;
const RECOMPUTED = sql`select branch_id, extract(year from date)::int as year, extract(month from date)::int as month, source,
  count(*)::int as donation_count, sum(weight_in_pounds::numeric)::text as pounds, sum(coalesce(ghg_kg_co2e, 0)::numeric)::text as ghg_kg_co2e
  from donations group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
const RECOMPUTED_CATEGORIES = sql`select d.branch_id, extract(year from d.date)::int as year, extract(month from d.date)::int as month,
  d.source, dc.category_id, count(*)::int as row_count, sum((d.weight_in_pounds * dc.fraction)::numeric)::text as pounds,
  sum(dc.fraction::numeric)::text as shares
  from donations d join donation_categories dc on dc.donation_id = d.id group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`;

// numeric text compares exactly; '0.50' and '0.5' are the same amount.
const norm = (rows: unknown[]) =>
  (rows as Record<string, unknown>[]).map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d/.test(v) ? Number(v) : v])),
  );

async function expectTotalsMatchDonations(api: TestApi) {
  expect(norm(await queryRows(api.db, TOTALS))).toEqual(norm(await queryRows(api.db, RECOMPUTED)));
  expect(norm(await queryRows(api.db, CATEGORY_TOTALS))).toEqual(norm(await queryRows(api.db, RECOMPUTED_CATEGORIES)));
}

async function expectReportsMatch(api: TestApi, w: World) {
  for (const year of [2025, 2026]) {
    const fast = await monthlyReports(api.db, w.branch.id, year);
    const reference = await monthlyReports(api.db, w.branch.id, year, true);
    expect(fast.map((r) => [r.month, r.submitted, Object.keys(r.categories).sort()])).toEqual(
      reference.map((r) => [r.month, r.submitted, Object.keys(r.categories).sort()]),
    );
    fast.forEach((r, i) => {
      expect(r.frontStoreWeightInPounds).toBeCloseTo(reference[i]!.frontStoreWeightInPounds, 9);
      expect(r.backStoreWeightInPounds).toBeCloseTo(reference[i]!.backStoreWeightInPounds, 9);
      for (const [name, share] of Object.entries(r.categories)) expect(share).toBeCloseTo(reference[i]!.categories[name]!, 12);
    });
  }
}

function randomBody(w: World, rand: () => number) {
  const month = 1 + Math.floor(rand() * 6); // January to June 2026 (the clock is 10 June 2026)
  const day = 1 + Math.floor(rand() * (month === 6 ? 10 : 28));
  const none = rand() < 0.1;
  const a = Math.floor(rand() * 101);
  return donationBody(w, {
    date: `2026-0${month}-${String(day).padStart(2, '0')}`,
    source: rand() < 0.5 ? 0 : 1,
    weight: none ? 0 : Math.round(rand() * 50000) / 100,
    weightUnit: [0, 1, 2][Math.floor(rand() * 3)],
    categories: none
      ? [{ categoryId: 9, categoryName: 'No Donation', fraction: 1 }]
      : [
          { categoryId: 1 + Math.floor(rand() * 4), categoryName: 'x', fraction: a / 100 },
          { categoryId: 5 + Math.floor(rand() * 3), categoryName: 'y', fraction: (100 - a) / 100 },
        ].filter((c) => c.fraction > 0),
  });
}

describe.each(dbKinds())('running month totals on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind, { poolSize: kind === 'postgres' ? 10 : undefined });
    if (kind === 'postgres')
      (api.db as unknown as { $client: { on: (e: string, f: () => void) => void } }).$client.on('error', () => undefined);
    w = await donationWorld(api);
  });
  afterAll(() => api.close());

  it('match the donations after random creates, edits, deletes and gas-figure updates', async () => {
    const rand = mulberry32(kind === 'postgres' ? 7 : 3);
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const roll = rand();
      if (roll < 0.55 || ids.length < 3) {
        const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, body: randomBody(w, rand) });
        expect(res.status).toBe(201);
        ids.push(res.json.id);
      } else if (roll < 0.8) {
        const id = ids[Math.floor(rand() * ids.length)];
        const res = await api.request('PUT', `/api/donation/${id}`, { token: w.token, body: randomBody(w, rand) });
        expect(res.status).toBe(200);
      } else if (roll < 0.92) {
        const [id] = ids.splice(Math.floor(rand() * ids.length), 1);
        expect((await api.request('DELETE', `/api/donation/${id}`, { token: w.token })).status).toBeLessThan(300);
      } else {
        const res = await api.request('POST', '/api/donation/update-ghg', { token: w.token, body: ids.slice(0, 5) });
        expect(res.status).toBeLessThan(300);
      }
    }
    await expectTotalsMatchDonations(api);
    await expectReportsMatch(api, w);
  });

  it('match the donations after concurrent writes', async () => {
    const rand = mulberry32(11);
    const created = await Promise.all(
      Array.from({ length: 24 }, () =>
        api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, body: randomBody(w, rand) }),
      ),
    );
    expect(created.every((r) => r.status === 201)).toBe(true);
    const bodies = created.map(() => randomBody(w, rand));
    await Promise.all(
      created.flatMap((r, i) => [
        api.request('PUT', `/api/donation/${r.json.id}`, { token: w.token, body: bodies[i] }),
        ...(i % 3 === 0 ? [api.request('DELETE', `/api/donation/${r.json.id}`, { token: w.token })] : []),
      ]),
    );
    await expectTotalsMatchDonations(api);
    await expectReportsMatch(api, w);
  });

  it('are recomputed identically by the rebuild, and leave no category behind when a month empties', async () => {
    const before = [
      await queryRows<Record<string, unknown>>(api.db, TOTALS),
      await queryRows<Record<string, unknown>>(api.db, CATEGORY_TOTALS),
    ];
    const out: string[] = [];
    expect(await runAdminCommand(api.db, ['rebuild-totals'], { out: (l) => out.push(l), readFile: async () => '' }, 'test')).toBe(0);
    expect(out).toEqual(['Month totals recomputed from the donations.']);
    expect(norm(await queryRows(api.db, TOTALS))).toEqual(norm(before[0]!));
    expect(norm(await queryRows(api.db, CATEGORY_TOTALS))).toEqual(norm(before[1]!));

    const june = await api.request('GET', `/api/branch/${w.branch.id}/donations/2026/6`, { token: w.token });
    for (const d of june.json) await api.request('DELETE', `/api/donation/${d.id}`, { token: w.token });
    const [report] = (await monthlyReports(api.db, w.branch.id, 2026)).filter((r) => r.month === 6);
    expect(report).toMatchObject({ frontStoreWeightInPounds: 0, backStoreWeightInPounds: 0, categories: {} });
    await expectTotalsMatchDonations(api);
  });
});
