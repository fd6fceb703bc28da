import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verify } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { DEMO_PASSWORD, seedDemo } from '@/donation-api/demo/seed-demo';
import { createMailer } from '@/donation-api/mail/mailer';
import { runPickupDigest } from '@/donation-api/pickups/pickup-digest';
import * as s from '@/donation-api/db/schema';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';

describe.each(dbKinds())('demo data on %s', (kind) => {
  let api: TestApi;
  const today = new Date('2026-06-10T12:00:00Z');
  beforeAll(async () => {
    api = await createTestApi(kind);
    api.clock.now = today;
    // No time limit (no timed tests; this machine is shared): the inserts are batched, a few statements in all.
    expect(await seedDemo(api.db, { now: today, timeZone: 'America/Toronto', bananaBoxLbs: 40 })).toBe(true);
  }, 300_000);
  afterAll(() => api.close());

  it('creates demo (two branches, Ontario and a French-named Quebec one) and demo2 (one other branch)', async () => {
    const users = await api.db.select().from(s.users).orderBy(s.users.username);
    expect(users.map((u) => [u.username, u.email, u.loginType, u.locale])).toEqual([
      ['demo', 'demo@foodbank.example.org', 1, 'en'],
      ['demo2', 'demo2@foodbank.example.org', 1, 'en'],
      ['edmonton', 'edmonton@foodbank.example.org', 1, 'en'],
      ['employee', 'employee@foodbanks.example.org', 2, 'en'],
      ['hamilton', 'hamilton@foodbank.example.org', 1, 'en'],
      ['ontario', 'ontario@foodbanks.example.org', 1, 'fr'],
      ['outaouais', 'outaouais@foodbank.example.org', 1, 'fr'],
      ['partner', 'partner@example.org', 3, 'fr'],
      ['program', 'program@foodbanks.example.org', 1, 'en'],
      ['retail', 'retail@sobeys.example.com', 1, 'en'],
      ['sudbury', 'sudbury@foodbank.example.org', 1, 'en'],
    ]);
    expect(users[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(users[0]!.passwordHash!, DEMO_PASSWORD)).toBe(true);
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
      { username: 'edmonton', name: "Edmonton's Food Bank", province: 'AB' },
      { username: 'employee', name: 'Toronto Community Food Bank', province: 'ON' },
      { username: 'hamilton', name: 'Hamilton Food Share', province: 'ON' },
      { username: 'outaouais', name: 'Moisson Outaouais', province: 'QC' },
      { username: 'partner', name: 'Halifax Community Food Bank', province: 'NS' },
      { username: 'sudbury', name: 'Sudbury Food Bank', province: 'ON' },
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
    expect(b!.n).toBeGreaterThanOrEqual(20);
    expect(b!.provinces).toBeGreaterThanOrEqual(10);
    // Last month (May 2026 on 10 June): most food banks have submitted it, some have not (pending until the 15th).
    const may = (
      await api.db.execute(sql`
      select count(*) filter (where ms.submitted)::int as submitted, count(*) filter (where not coalesce(ms.submitted, false))::int as missing
      from branches br left join month_submissions ms on ms.branch_id = br.id and ms.year = 2026 and ms.month = 5`)
    ).rows as { submitted: number; missing: number }[];
    expect(may[0]!.submitted).toBeGreaterThan(may[0]!.missing);
    expect(may[0]!.missing).toBeGreaterThanOrEqual(5);
    // Some are months behind: March 2026 is missing (overdue) for a few.
    const [march] = (
      await api.db.execute(
        sql`select count(*)::int as n from branches br where not exists (select 1 from month_submissions ms where ms.branch_id = br.id and ms.year = 2026 and ms.month = 3 and ms.submitted)`,
      )
    ).rows as { n: number }[];
    expect(march!.n).toBeGreaterThanOrEqual(2);
  });

  it('names in the README every province where the demo retail partner has stores, and only those', async () => {
    const names: Record<string, string> = {
      ON: 'Ontario',
      QC: 'Quebec',
      NS: 'Nova Scotia',
      NB: 'New Brunswick',
      MB: 'Manitoba',
      SK: 'Saskatchewan',
      AB: 'Alberta',
      BC: 'British Columbia',
      PE: 'Prince Edward Island',
      NL: 'Newfoundland and Labrador',
    };
    const rows = (
      await api.db.execute(sql`select distinct br.province from partner_access pa join stores st on st.retailer_id = pa.retailer_id
        join branch_stores bs on bs.store_id = st.id join branches br on br.id = bs.branch_id
        join users u on u.id = pa.user_id where u.username = 'retail' order by br.province`)
    ).rows as { province: string }[];
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    const line = readme.split('\n').find((l) => l.startsWith('| `retail`'))!;
    const listed = Object.values(names).filter((n) => line.includes(n));
    expect(listed.sort()).toEqual(rows.map((r) => names[r.province]).sort());
  });

  it('has overdue branches whose staff can be reminded, and says why the others cannot', async () => {
    const [program] = await api.db.select().from(s.users).where(eq(s.users.username, 'program'));
    const token = await fixtures.token(api, program!.id);
    // March 2026 on 10 June: overdue for the branches months behind.
    const view = await api.request('GET', '/api/program/oversight?year=2026&month=3&status=overdue', { token });
    expect(view.status).toBe(200);
    const rows = view.json.rows as { name: string; status: string; canRemind: boolean; remindBlocked: string | null }[];
    const reachable = rows.filter((r) => r.status === 'overdue' && r.canRemind).map((r) => r.name);
    expect(reachable).toEqual(expect.arrayContaining(['Sudbury Food Bank', 'Moisson Outaouais', "Edmonton's Food Bank"]));
    for (const r of rows.filter((x) => !x.canRemind)) expect(r.remindBlocked).toBe('noRecipient');
  });

  it('adds the feedback contacts and the login background', async () => {
    const contacts = await api.db.select().from(s.contacts).orderBy(s.contacts.displayOrder);
    expect(contacts).toHaveLength(13);
    expect(contacts[7]).toMatchObject({ name: 'Retail Food Program', emailAddress: 'retail-food-program@example.org' });
    expect(await api.db.$count(s.appSettings, eq(s.appSettings.key, 'bg-data'))).toBe(1);
  });

  it('lets demo use the API on its data: reports, stores and programs', async () => {
    const [demo] = await api.db.select().from(s.users).where(eq(s.users.username, 'demo'));
    const [link] = await api.db.select().from(s.userBranches).where(eq(s.userBranches.userId, demo!.id)).orderBy(s.userBranches.position);
    const token = await fixtures.token(api, demo!.id);
    const reports = await api.request('GET', `/api/branch/${link!.branchId}/donations/2025/aggregate`, { token });
    expect(reports.json.every((r: any) => r.submitted && r.backStoreWeightInPounds + r.frontStoreWeightInPounds > 0)).toBe(true);
    expect((await api.request('GET', `/api/branch/${link!.branchId}/campaigns`, { token })).json.map((c: any) => c.name)).toEqual([
      'RFP',
      'Holiday Food Drive',
    ]);
    expect((await api.request('GET', '/api/donation/donationyears', { token })).json).toEqual([2026, 2025]);
  });

  it('schedules pickups at the demo stores, and last month has missed, no-food and unrecorded ones', async () => {
    const slots = await api.db.select().from(s.pickupSlots);
    // Every store of the three demo branches but the two the browser test schedules itself (demo-pickups.ts).
    expect(slots).toHaveLength(9 + 7 + 5 - 2);
    expect(slots.every((x) => x.everyWeeks === 1 && x.startsOn === '2026-05-01')).toBe(true);
    const twice = slots.filter((x) => x.weekdays.length === 2).length;
    expect(twice).toBeGreaterThan(0);
    expect(twice).toBeLessThan(slots.length / 2);
    const [program] = await api.db.select().from(s.users).where(eq(s.users.username, 'program'));
    const token = await fixtures.token(api, program!.id);
    const banks = await api.db
      .select()
      .from(s.branches)
      .where(sql`${s.branches.id} in (select branch_id from pickup_slots)`);
    expect(banks.map((b) => b.name).sort()).toEqual([
      'Banque alimentaire de Québec',
      'Halifax Community Food Bank',
      'Toronto Community Food Bank',
    ]);
    const states = async (branchId: string, from: string, to: string) => {
      const res = await api.request('GET', `/api/branch/${branchId}/pickups?from=${from}&to=${to}`, { token });
      expect(res.status).toBe(200);
      const count = new Map<string, number>();
      for (const p of res.json as { state: string }[]) count.set(p.state, (count.get(p.state) ?? 0) + 1);
      return count;
    };
    for (const b of banks) {
      // May 2026 on 10 June: mostly donations, a few missed, no food and nothing recorded.
      const may = await states(b.id, '2026-05-01', '2026-05-31');
      for (const state of ['missed', 'no_food', 'unrecorded']) expect(may.get(state)).toBeGreaterThanOrEqual(1);
      expect(may.get('recorded')).toBeGreaterThan((may.get('missed') ?? 0) + (may.get('no_food') ?? 0) + (may.get('unrecorded') ?? 0));
      // The last two weeks: one unrecorded at least (the daily digest lists it), and yesterday's and today's still open.
      const recent = await states(b.id, '2026-05-27', '2026-06-10');
      expect(recent.get('unrecorded')).toBeGreaterThanOrEqual(1);
      expect((recent.get('late') ?? 0) + (recent.get('today') ?? 0)).toBeGreaterThanOrEqual(1);
    }
    // The demo's daily digest goes to the three branches, and to nobody else.
    const log = pino({ level: 'silent' });
    const mailer = createMailer({ db: api.db, log, from: api.config.mailFrom });
    expect(await runPickupDigest({ db: api.db, log, config: api.config, mailer }, today)).toMatchObject({ branches: 3 });
  });

  it('does nothing when users exist', async () => {
    const before = await api.db.$count(s.donations);
    expect(await seedDemo(api.db, { now: today, timeZone: 'America/Toronto', bananaBoxLbs: 40 })).toBe(false);
    expect(await api.db.$count(s.donations)).toBe(before);
  });
});

describe("the demo's today", () => {
  let api: TestApi;
  beforeAll(() => createTestApi('pglite').then((a) => void (api = a)));
  afterAll(() => api.close());

  // 03:00 UTC on 3 December is 22:00 on 2 December in Toronto: the demo's branches had donations dated the next day.
  it('is the calendar date in the app time zone, not in UTC: no donation is dated after it', async () => {
    const now = new Date('2026-12-03T03:00:00Z');
    expect(await seedDemo(api.db, { now, timeZone: 'America/Toronto', bananaBoxLbs: 40 })).toBe(true);
    const [{ last }] = (await api.db.execute(sql`select max(date)::text as last from donations`)).rows as [{ last: string }];
    expect(last).toBe('2026-12-02');
  }, 300_000);
});
