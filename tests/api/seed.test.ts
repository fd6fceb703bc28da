import { verify } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import { DEMO_PASSWORD, seedDemo } from '@/donation-api/db/seed-demo';
import * as s from '@/donation-api/db/schema';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';

describe.each(dbKinds())('demo data on %s', (kind) => {
  let api: TestApi;
  const today = new Date('2026-06-10T12:00:00Z');
  beforeAll(async () => {
    api = await createTestApi(kind);
    api.clock.now = today;
    // No time limit (no timed tests; this machine is shared): the inserts are batched, a few statements in all.
    expect(await seedDemo(api.db, { today, bananaBoxLbs: 40 })).toBe(true);
  }, 300_000);
  afterAll(() => api.close());

  it('creates demo (two branches, Ontario and a French-named Quebec one) and demo2 (one other branch)', async () => {
    const users = await api.db.select().from(s.users).orderBy(s.users.username);
    expect(users.map((u) => [u.username, u.email, u.loginType, u.locale])).toEqual([
      ['demo', 'demo@foodbank.example.org', 1, 'en'],
      ['demo2', 'demo2@foodbank.example.org', 1, 'en'],
      ['employee', 'employee@foodbanks.example.org', 2, 'en'],
      ['ontario', 'ontario@foodbanks.example.org', 1, 'fr'],
      ['partner', 'partner@example.org', 3, 'fr'],
      ['program', 'program@foodbanks.example.org', 1, 'en'],
      ['retail', 'retail@sobeys.example.com', 1, 'en'],
    ]);
    expect(users[0].passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(users[0].passwordHash!, DEMO_PASSWORD)).toBe(true);
    const links = await api.db
      .select({ username: s.users.username, name: s.branches.name, province: s.branches.province })
      .from(s.userBranches)
      .innerJoin(s.users, eq(s.users.id, s.userBranches.userId))
      .innerJoin(s.branches, eq(s.branches.id, s.userBranches.branchId))
      .orderBy(s.users.username, s.userBranches.position);
    expect(links).toEqual([
      { username: 'demo', name: 'Toronto Community Food Bank', province: 'ON' },
      { username: 'demo', name: 'Banque alimentaire de Québec', province: 'QC' },
      { username: 'demo2', name: 'Halifax Community Food Bank', province: 'NS' },
      { username: 'employee', name: 'Toronto Community Food Bank', province: 'ON' },
      { username: 'partner', name: 'Halifax Community Food Bank', province: 'NS' },
    ]);
    const roles = await api.db
      .select({ username: s.users.username, role: s.programRoles.role, provinces: s.programRoles.provinces })
      .from(s.programRoles)
      .innerJoin(s.users, eq(s.users.id, s.programRoles.userId))
      .orderBy(s.users.username);
    expect(roles).toEqual([
      { username: 'ontario', role: 'coordinator', provinces: ['ON'] },
      { username: 'program', role: 'admin', provinces: [] },
    ]);
    // The retail partner: every store of one retailer of the demo data, in three provinces.
    const [retail] = await api.db
      .select({ retailer: s.retailers.name, banner: s.partnerAccess.bannerId, stores: s.partnerAccess.storeIds })
      .from(s.partnerAccess)
      .innerJoin(s.retailers, eq(s.retailers.id, s.partnerAccess.retailerId));
    expect(retail).toEqual({ retailer: 'Sobeys Inc.', banner: null, stores: [] });
    // An open reopening request for /program, on a month Toronto has submitted.
    const requests = await api.db
      .select({
        status: s.reopenRequests.status,
        by: s.reopenRequests.requestedBy,
        branch: s.branches.name,
        submitted: s.monthSubmissions.submitted,
      })
      .from(s.reopenRequests)
      .innerJoin(s.branches, eq(s.branches.id, s.reopenRequests.branchId))
      .innerJoin(
        s.monthSubmissions,
        and(
          eq(s.monthSubmissions.branchId, s.reopenRequests.branchId),
          eq(s.monthSubmissions.year, s.reopenRequests.year),
          eq(s.monthSubmissions.month, s.reopenRequests.month),
        ),
      );
    expect(requests).toEqual([{ status: 'open', by: 'demo@foodbank.example.org', branch: 'Toronto Community Food Bank', submitted: true }]);
  });

  it('gives every branch 5 to 10 stores of real Canadian retailers', async () => {
    const counts = (
      await api.db.execute(
        sql`select branch_id, count(*)::int as n from branch_stores where campaign_id = '00000000-0000-0000-0000-000000000000' group by branch_id`,
      )
    ).rows as { n: number }[];
    // demo's and demo2's three branches, and the program's 21.
    expect(counts).toHaveLength(24);
    for (const c of counts) expect(c.n).toBeGreaterThanOrEqual(5);
    for (const c of counts) expect(c.n).toBeLessThanOrEqual(10);
    const names = (await api.db.select({ name: s.retailers.name }).from(s.retailers)).map((r) => r.name).sort();
    expect(names).toEqual(['Costco Wholesale', 'Loblaw Companies', 'Metro Inc.', 'Sobeys Inc.', 'Walmart Canada']);
  });

  it('has two years of valid donations, varied, up to today, with 100% No Donation at weight 0', async () => {
    const [stats] = (
      await api.db.execute(sql`
      select min(date)::text as first, max(date)::text as last, count(*)::int as n,
        count(distinct weight_unit)::int as units, count(distinct source)::int as sources,
        count(*) filter (where weight = 0)::int as zero
      from donations`)
    ).rows as any[];
    expect(stats.first.slice(0, 4)).toBe('2025');
    expect(stats.last <= '2026-06-10').toBe(true);
    expect(stats.n).toBeGreaterThan(300);
    expect(stats.units).toBe(3);
    expect(stats.sources).toBe(2);
    expect(stats.zero).toBeGreaterThan(0);
    const bad = (
      await api.db.execute(sql`
      select d.id from donations d join donation_categories dc on dc.donation_id = d.id
      group by d.id, d.weight
      having abs(sum(dc.fraction) * 100 - 100) > 1e-6
        or (d.weight = 0) <> bool_and(dc.category_id = 9)
        or bool_or(abs(round(dc.fraction * 100) - dc.fraction * 100) > 1e-6)`)
    ).rows;
    expect(bad).toEqual([]);
  });

  it('submits every month of the demo branches except the current one and the one before', async () => {
    const rows = await api.db
      .select({ branchId: s.monthSubmissions.branchId, year: s.monthSubmissions.year, month: s.monthSubmissions.month })
      .from(s.monthSubmissions)
      .innerJoin(s.branches, eq(s.branches.id, s.monthSubmissions.branchId))
      .where(
        sql`${s.monthSubmissions.submitted} and ${s.branches.name} in ('Toronto Community Food Bank', 'Banque alimentaire de Québec', 'Halifax Community Food Bank')`,
      );
    const perBranch = new Map<string, string[]>();
    for (const r of rows) perBranch.set(r.branchId, [...(perBranch.get(r.branchId) ?? []), `${r.year}-${r.month}`]);
    expect(perBranch.size).toBe(3);
    for (const months of perBranch.values()) {
      expect(months).toHaveLength(12 + 4); // all of 2025, then January to April 2026
      expect(months).not.toContain('2026-5');
      expect(months).not.toContain('2026-6');
    }
  });

  it('gives the program 20+ food banks across the provinces with submitted, late and behind reports', async () => {
    const [b] = (await api.db.execute(sql`select count(*)::int as n, count(distinct province)::int as provinces from branches`)).rows as {
      n: number;
      provinces: number;
    }[];
    expect(b.n).toBeGreaterThanOrEqual(20);
    expect(b.provinces).toBeGreaterThanOrEqual(10);
    // Last month (May 2026 on 10 June): most food banks have submitted it, some have not (pending until the 15th).
    const may = (
      await api.db.execute(sql`
      select count(*) filter (where ms.submitted)::int as submitted, count(*) filter (where not coalesce(ms.submitted, false))::int as missing
      from branches br left join month_submissions ms on ms.branch_id = br.id and ms.year = 2026 and ms.month = 5`)
    ).rows as { submitted: number; missing: number }[];
    expect(may[0].submitted).toBeGreaterThan(may[0].missing);
    expect(may[0].missing).toBeGreaterThanOrEqual(5);
    // Some are months behind: March 2026 is missing (overdue) for a few.
    const [march] = (
      await api.db.execute(
        sql`select count(*)::int as n from branches br where not exists (select 1 from month_submissions ms where ms.branch_id = br.id and ms.year = 2026 and ms.month = 3 and ms.submitted)`,
      )
    ).rows as { n: number }[];
    expect(march.n).toBeGreaterThanOrEqual(2);
  });

  it('adds the feedback contacts and the login background', async () => {
    const contacts = await api.db.select().from(s.contacts).orderBy(s.contacts.displayOrder);
    expect(contacts).toHaveLength(13);
    expect(contacts[7]).toMatchObject({ name: 'Retail Food Program', emailAddress: 'retail-food-program@example.org' });
    expect(await api.db.$count(s.appSettings, eq(s.appSettings.key, 'bg-data'))).toBe(1);
  });

  it('lets demo use the API on its data: reports, stores and programs', async () => {
    const [demo] = await api.db.select().from(s.users).where(eq(s.users.username, 'demo'));
    const [link] = await api.db.select().from(s.userBranches).where(eq(s.userBranches.userId, demo.id)).orderBy(s.userBranches.position);
    const token = await fixtures.token(api, demo.id);
    const reports = await api.request('GET', `/api/branch/${link.branchId}/donations/2025/aggregate`, { token });
    expect(reports.json.every((r: any) => r.submitted && r.backStoreWeightInPounds + r.frontStoreWeightInPounds > 0)).toBe(true);
    expect((await api.request('GET', `/api/branch/${link.branchId}/campaigns`, { token })).json.map((c: any) => c.name)).toEqual([
      'RFP',
      'Holiday Food Drive',
    ]);
    expect((await api.request('GET', '/api/donation/donationyears', { token })).json).toEqual([2026, 2025]);
  });

  it('does nothing when users exist', async () => {
    const before = await api.db.$count(s.donations);
    expect(await seedDemo(api.db, { today, bananaBoxLbs: 40 })).toBe(false);
    expect(await api.db.$count(s.donations)).toBe(before);
  });
});
