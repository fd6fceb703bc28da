// Retail partners: a partner user sees the figures of their retailer's stores for submitted months only (read from
// the per-store running totals, which stay equal to the donations), exports them, gets numbered statements that
// are kept and re-issued when a figure changes, and queries a line that the branch answers once. Anything outside
// their scope, every branch call and every program call answer them the same 404 as an unknown id.
import { sql } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { addDonation, donationWorld, submit, UNKNOWN_ID, type World } from './donation-setup';

type Row = Record<string, unknown>;

/** Two branches with their stores, a partner of each branch's retailer, a program administrator and a Nova Scotia
 * coordinator; 140 lb in April 2026 (submitted) and 10 lb in May (open). */
async function partnerWorld(api: TestApi) {
  const w = await donationWorld(api);
  // Members since 2025, so both branches owe the months of 2026 (the one rule of owed months).
  await api.db.execute(sql`update branches set created_at = '2025-01-01T12:00:00Z'`);
  const partner = await fixtures.user(api);
  await api.db.insert(s.partnerAccess).values({ userId: partner.id, retailerId: w.store.retailerId! });
  const partnerToken = await fixtures.token(api, partner.id);
  const other = await fixtures.user(api);
  await api.db.insert(s.partnerAccess).values({ userId: other.id, retailerId: w.otherStore.retailerId! });
  const otherPartnerToken = await fixtures.token(api, other.id);
  const admin = await fixtures.user(api);
  await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
  const adminToken = await fixtures.token(api, admin.id);
  const coordinator = await fixtures.user(api);
  await grantProgramRole(api.db, coordinator.username, 'coordinator', ['NS'], 'test');
  const coordinatorToken = await fixtures.token(api, coordinator.id);

  const aprilLine = await addDonation(api, w, { date: '2026-04-03', weight: 100, source: 0 });
  await addDonation(api, w, { date: '2026-04-20', weight: 40, source: 1 });
  await addDonation(api, w, { date: '2026-05-02', weight: 10, source: 0 });
  expect((await submit(api, w, 2026, 4)).status).toBe(200);
  return { w, partnerToken, otherPartnerToken, adminToken, coordinatorToken, aprilLine: aprilLine as { id: string } };
}

describe.each(dbKinds())('retail partners on %s', (kind) => {
  let api: TestApi;
  let w: World;
  let partnerToken: string;
  let otherPartnerToken: string;
  let adminToken: string;
  let coordinatorToken: string;
  let aprilLine: { id: string };

  beforeAll(async () => {
    api = await createTestApi(kind);
    ({ w, partnerToken, otherPartnerToken, adminToken, coordinatorToken, aprilLine } = await partnerWorld(api));
  });
  afterAll(() => api.close());

  const get = (path: string, token = partnerToken) => api.request('GET', path, { token });

  it('shows submitted months only, names the months still open, and adds up to the donations behind them', async () => {
    const res = await get('/api/partner/figures?from=2026-01&to=2026-06');
    expect(res.status).toBe(200);
    expect(res.json.retailer.name).toBe('Loblaw Companies');
    expect(res.json.totals.pounds).toBe(140);
    expect(res.json.byMonth.find((m: Row) => m.month === '2026-04')).toMatchObject({ pounds: 140, lastYearPounds: 0 });
    expect(res.json.byMonth.find((m: Row) => m.month === '2026-05').pounds).toBe(0);
    expect(res.json.byStore).toEqual([expect.objectContaining({ name: 'Queen St W', pounds: 140, banner: 'No Frills' })]);
    // 25 % meat and 75 % produce of 140 lb: all food, 140 / 1.2 meals.
    expect(res.json.totals.meals).toBe(Math.floor(140 / 1.2));
    expect(res.json.byCategory.find((c: Row) => c.categoryId === 5).pounds).toBeCloseTo(105);
    expect(res.json.openMonths).toContainEqual({ month: '2026-05', branchName: 'Toronto Community Food Bank', province: 'ON' });
    expect(res.json.openMonths.some((m: Row) => m.month === '2026-04')).toBe(false);
    // Another retailer's food bank is not named.
    expect(res.json.openMonths.some((m: Row) => m.branchName === 'Halifax Food Bank')).toBe(false);
  });

  it('keeps the per-store totals equal to the donations through adds, edits, moves and deletes', async () => {
    const d = await addDonation(api, w, { date: '2026-05-09', weight: 30, source: 1 });
    await api.db.execute(sql`update donations set weight_in_pounds = 45, store_id = ${w.campaignStore.id}::uuid where id = ${d.id}::uuid`);
    const gone = await addDonation(api, w, { date: '2026-05-10', weight: 7, source: 0 });
    await api.db.execute(sql`delete from donations where id = ${gone.id}::uuid`);
    const diff = await api.db.execute(sql`
      (select store_id, branch_id, year, month, source, pounds from store_month_totals where donation_count <> 0
       except select store_id, branch_id, extract(year from date)::int, extract(month from date)::int, source, sum(weight_in_pounds::numeric)
       from donations group by 1, 2, 3, 4, 5)`);
    expect((diff as unknown as { rows: Row[] }).rows).toEqual([]);
    const categories = await api.db.execute(sql`
      (select t.store_id, t.branch_id, t.year, t.month, t.source, k, round(coalesce(t.category_pounds[k], 0), 6)
       from store_month_totals t cross join generate_series(1, 9) k where t.donation_count <> 0
       except select x.store_id, x.branch_id, x.year, x.month, x.source, x.k, round(coalesce(sum(x.lbs), 0), 6) from (
         select d.store_id, d.branch_id, extract(year from d.date)::int as year, extract(month from d.date)::int as month, d.source, k,
           (d.weight_in_pounds * dc.fraction)::numeric as lbs
         from donations d cross join generate_series(1, 9) k left join donation_categories dc on dc.donation_id = d.id and dc.category_id = k) x
       group by 1, 2, 3, 4, 5, 6)`);
    expect((categories as unknown as { rows: Row[] }).rows).toEqual([]);
    // The rebuild (bulk loads, npm run admin -- rebuild-totals) gives the same totals as the triggers.
    const snapshot = async () =>
      (
        (await api.db.execute(sql`select store_id, branch_id, year, month, source, donation_count, pounds::text,
          array(select round(coalesce(category_pounds[k], 0), 6)::text from generate_series(1, 9) k) as cats
          from store_month_totals where donation_count <> 0 order by 1, 2, 3, 4, 5`)) as unknown as { rows: Row[] }
      ).rows;
    const before = await snapshot();
    await api.db.execute(sql`select rebuild_month_totals()`);
    expect(await snapshot()).toEqual(before);
    expect(before.length).toBeGreaterThan(2);
  });

  it('filters by store and province within the scope; a store of another retailer is the same 404 as an unknown one', async () => {
    expect((await get(`/api/partner/figures?storeId=${w.store.id}`)).json.totals.pounds).toBe(140);
    expect((await get('/api/partner/figures?province=NS')).json.totals.pounds).toBe(0);
    const foreign = await get(`/api/partner/figures?storeId=${w.otherStore.id}`);
    const unknown = await get(`/api/partner/figures?storeId=${UNKNOWN_ID}`);
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(foreign.json).toEqual(unknown.json);
    expect((await get('/api/partner/figures?from=2026-05&to=2026-01')).status).toBe(400);
    expect((await get('/api/partner/figures?from=2020-01&to=2026-01')).status).toBe(400);
  });

  it('answers every branch and program call, and any non-partner on partner calls, with 404', async () => {
    const branchCalls = [
      `/api/branch/${w.branch.id}/stores`,
      `/api/branch/${w.branch.id}/donations/2026/4`,
      `/api/branch/${w.branch.id}/partner-queries?year=2026&month=4`,
      '/api/program/partners',
      '/api/program/partner-queries',
      '/api/program/users?q=',
    ];
    for (const path of branchCalls) expect([path, (await get(path)).status]).toEqual([path, 404]);
    for (const token of [w.token, adminToken]) expect((await get('/api/partner/figures', token)).status).toBe(404);
  });

  it('exports one row per store and month with a total, in English and French conventions', async () => {
    const csv = await get('/api/partner/export?from=2026-01&to=2026-06&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain("filename*=UTF-8''donations-Loblaw%20Companies-2026-01-2026-06.csv");
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[1]).toMatch(/^Loblaw Companies,No Frills,1234,Queen St W,2026-04,40,100,140,/);
    expect(lines.at(-1)).toMatch(/^Total,,,,,40,100,140,/);
    expect(lines).toHaveLength(3);
    const fr = await get('/api/partner/export?from=2026-01&to=2026-06&format=csv&lang=fr');
    expect(fr.text).toContain('Loblaw Companies;No Frills;1234;Queen St W;2026-04;40;100;140;');
  });

  it('lists the lines of a submitted month only, and takes one open query per line, answered once', async () => {
    const lines = await get('/api/partner/lines?month=2026-04');
    expect(lines.json.lines.map((l: Row) => l.pounds).sort()).toEqual([100, 40].sort());
    expect((await get('/api/partner/lines?month=2026-05')).json.lines).toEqual([]);

    const ask = (token: string, donationId: string) =>
      api.request('POST', '/api/partner/queries', { token, body: { donationId, kind: 'weight', reason: 'The weight looks high' } });
    expect((await ask(otherPartnerToken, aprilLine.id)).status).toBe(404);
    const first = await ask(partnerToken, aprilLine.id);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ status: 'open', branchName: 'Toronto Community Food Bank', pounds: 100, answer: null });
    expect((await ask(partnerToken, aprilLine.id)).json.code).toBe('QUERY_OPEN');

    const branchList = await get(`/api/branch/${w.branch.id}/partner-queries?year=2026&month=4`, w.token);
    expect(branchList.json.queries.map((q: Row) => q.id)).toEqual([first.json.id]);
    expect((await get('/api/program/partner-queries', adminToken)).json.queries.map((q: Row) => q.id)).toContain(first.json.id);
    expect((await get('/api/program/partner-queries', coordinatorToken)).json.queries).toEqual([]);

    const answer = (token: string) =>
      api.request('POST', `/api/partner-queries/${first.json.id}/answer`, { token, body: { answer: 'Checked: two pallets.' } });
    expect((await answer(w.outsiderToken)).status).toBe(404);
    expect((await answer(coordinatorToken)).status).toBe(404);
    const [a, b] = await Promise.all([answer(w.token), answer(adminToken)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const mine = await get('/api/partner/queries');
    expect(mine.json.queries[0]).toMatchObject({ status: 'answered', answer: 'Checked: two pallets.' });
    const trail = await api.db.execute(sql`select action from audit_log where entity_id = ${aprilLine.id} order by id`);
    expect((trail as unknown as { rows: Row[] }).rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['partner-query', 'partner-query-answer']),
    );
    // The line can be queried again once answered.
    expect((await ask(partnerToken, aprilLine.id)).status).toBe(201);
  });

  it('lets an administrator invite a partner for a banner, shown with the scope in the user list', async () => {
    const [banner] = await api.db
      .select()
      .from(s.banners)
      .where(sql`id = ${w.store.bannerId}::uuid`);
    const body = {
      email: 'csr@loblaw.example.com',
      locale: 'fr',
      scope: { kind: 'banner', bannerId: banner!.id },
      reason: 'Quarterly reports',
    };
    expect((await api.request('POST', '/api/program/users/invite-partner', { token: coordinatorToken, body })).status).toBe(404);
    const bad = { ...body, scope: { kind: 'stores', storeIds: [w.store.id, w.otherStore.id] } };
    expect((await api.request('POST', '/api/program/users/invite-partner', { token: adminToken, body: bad })).json.code).toBe(
      'PARTNER_SCOPE',
    );
    const res = await api.request('POST', '/api/program/users/invite-partner', { token: adminToken, body });
    expect(res.status).toBe(200);
    const users = await get('/api/program/users?q=csr@loblaw', adminToken);
    expect(users.json.users[0].partner).toMatchObject({ retailerName: 'Loblaw Companies', bannerName: 'No Frills', storeIds: [] });
    const token = await fixtures.token(api, res.json.id);
    const me = await get('/api/user/current-user', token);
    expect(me.json).toMatchObject({ branches: [], program: null, partner: { bannerId: banner!.id } });
  });

  // A database of its own: this test changes a submitted figure that the tests above read.
  describe('statements', () => {
    let own: TestApi;
    let p: Awaited<ReturnType<typeof partnerWorld>>;
    beforeAll(async () => {
      own = await createTestApi(kind);
      p = await partnerWorld(own);
    });
    afterAll(() => own.close());
    const ownGet = (path: string, token = p.partnerToken) => own.request('GET', path, { token });

    it('keeps numbered statements and re-issues one, naming what changed, when a figure moves', async () => {
      const issue = (body: Row, token = p.partnerToken) => own.request('POST', '/api/partner/statements', { token, body });
      expect((await issue({ year: 2026, month: 4, quarter: 2 })).json.code).toBe('STATEMENT_PERIOD');
      expect((await issue({ year: 2026, month: 9 })).json.code).toBe('STATEMENT_PERIOD');
      // 10 June: June and the second quarter have not ended, so they have no numbered statement yet.
      for (const body of [
        { year: 2026, month: 6 },
        { year: 2026, quarter: 2 },
      ]) {
        const early = await issue(body);
        expect(early.status).toBe(400);
        expect(early.json).toMatchObject({ code: 'STATEMENT_PERIOD', message: 'Choose a month or a quarter that has ended.' });
      }
      expect(await own.db.select().from(s.partnerStatements)).toEqual([]);
      const first = await issue({ year: 2026, month: 4 });
      expect(first.status).toBe(201);
      expect(first.json).toMatchObject({ period: '2026-04', pounds: 140, replaces: null, scopeName: 'Loblaw Companies' });
      expect(first.json.number).toMatch(/^RFP-S-\d{6}$/);
      const same = await issue({ year: 2026, month: 4 });
      expect([same.status, same.json.number]).toEqual([200, first.json.number]);

      // A reopened month corrected and submitted again: 100 lb became 120 lb.
      await own.db.execute(sql`update donations set weight_in_pounds = 120 where id = ${p.aprilLine.id}::uuid`);
      const again = await issue({ year: 2026, month: 4 });
      expect(again.status).toBe(201);
      expect(again.json).toMatchObject({ pounds: 160, replaces: first.json.number });
      expect(again.json.number).not.toBe(first.json.number);

      const list = await ownGet('/api/partner/statements');
      expect(list.json.statements.map((x: Row) => x.number)).toEqual([again.json.number, first.json.number]);
      expect((await ownGet('/api/partner/statements', p.otherPartnerToken)).json.statements).toEqual([]);
      const pdf = await own.app.request(`/api/partner/statements/${again.json.id}/pdf`, {
        headers: { authorization: `Bearer ${p.partnerToken}` },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect((await ownGet(`/api/partner/statements/${again.json.id}/pdf`, p.otherPartnerToken)).status).toBe(404);
      const store = await issue({ year: 2026, month: 4, storeId: p.w.otherStore.id });
      expect(store.status).toBe(404);
    });
  });
});
