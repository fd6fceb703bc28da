// The program's oversight calls: scope, the same 404 for branch staff and out-of-scope ids, the month view
// with its filters and counts, the exports, the year view and the totals.
import ExcelJS from 'exceljs';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';

// The branches joined the program before the months these tests look at: a branch owes its reports from then.
const JOINED = new Date('2025-01-01T17:00:00Z');

const UNKNOWN_ID = '3f2b9c1e-8a4d-4c2b-9e7f-0123456789ab';
// 20 November 2026: October is past the 15th of November (overdue unless submitted); November is pending.
const NOV_20 = new Date('2026-11-20T16:00:00Z');

describe.each(dbKinds())('program oversight on %s', (kind) => {
  let api: TestApi;
  let toronto: { id: string };
  let quebec: { id: string };
  let staffToken: string;
  let adminToken: string;
  let coordToken: string;
  let octoberDonation: string;

  const add = async (branchId: string, storeId: string, date: string, weight: number, source: number, token: string) => {
    const res = await api.request('POST', `/api/branch/${branchId}/donations`, {
      token,
      body: {
        branchId,
        date,
        storeId,
        source,
        weight,
        weightUnit: 1,
        categories: [
          { categoryId: 1, fraction: 0.25 },
          { categoryId: 5, fraction: 0.75 },
        ],
      },
    });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };

  beforeAll(async () => {
    api = await createTestApi(kind);
    api.clock.now = NOV_20;
    toronto = await fixtures.branch(api, { createdAt: JOINED, name: 'Toronto Community Food Bank', province: 'ON' });
    await fixtures.branch(api, { createdAt: JOINED, name: 'Ottawa Food Bank', province: 'ON' });
    quebec = await fixtures.branch(api, { createdAt: JOINED, name: 'Banque alimentaire de Québec', province: 'QC' });
    const torontoStore = await fixtures.store(api, toronto.id);
    const quebecStore = await fixtures.store(api, quebec.id, { name: 'Limoilou', retailer: 'Metro Inc.', banner: 'Metro' });
    const staff = await fixtures.user(api, { branchIds: [toronto.id, quebec.id] });
    staffToken = await fixtures.token(api, staff.id);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    const coord = await fixtures.user(api);
    await grantProgramRole(api.db, coord.username, 'coordinator', ['ON'], 'test');
    coordToken = await fixtures.token(api, coord.id);

    // October: Toronto 100 lbs back + 40 front, submitted with a comment; Quebec 30 lbs back, not submitted.
    octoberDonation = await add(toronto.id, torontoStore.id, '2026-10-03', 100, 0, staffToken);
    await add(toronto.id, torontoStore.id, '2026-10-21', 40, 1, staffToken);
    await add(quebec.id, quebecStore.id, '2026-10-09', 30, 0, staffToken);
    // Other months count in the year and the chart, never in October.
    await add(toronto.id, torontoStore.id, '2026-11-02', 10, 0, staffToken);
    await add(toronto.id, torontoStore.id, '2026-03-02', 5, 1, staffToken);
    const submitted = await api.request('POST', '/api/branch/submit', {
      token: staffToken,
      body: { branchId: toronto.id, year: 2026, month: 9, comments: null },
    });
    expect(submitted.status).toBe(200);
    // Toronto submits October with a comment (after the cutoff: the status is what counts).
    const october = await api.request('POST', '/api/branch/submit', {
      token: staffToken,
      body: { branchId: toronto.id, year: 2026, month: 10, comments: 'Two stores closed for renovations.' },
    });
    expect(october.status).toBe(200);
  });
  afterAll(() => api.close());

  const oversight = (token: string, query: string) => api.request('GET', `/api/program/oversight?${query}`, { token });

  it('answers 404 to branch staff on every program call, as for an unknown path', async () => {
    for (const path of [
      '/api/program/oversight?year=2026&month=10',
      '/api/program/oversight/export?year=2026&month=10&format=csv',
      '/api/program/oversight/year?year=2026',
      '/api/program/totals?year=2026&month=10',
      `/api/program/oversight/branches/${toronto.id}`,
    ]) {
      const res = await api.request('GET', path, { token: staffToken });
      expect([path, res.status, res.json?.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
  });

  it('shows an administrator every branch with status, who and when, pounds, donations, last donation and comments', async () => {
    const res = await oversight(adminToken, 'year=2026&month=10');
    expect(res.status).toBe(200);
    expect(res.json.counts).toEqual({ submitted: 1, pending: 0, overdue: 2, reopened: 0, total: 3 });
    expect(res.json.rows.map((r: any) => r.name)).toEqual([
      'Banque alimentaire de Québec',
      'Ottawa Food Bank',
      'Toronto Community Food Bank',
    ]);
    const t = res.json.rows[2];
    expect(t).toMatchObject({
      branchId: toronto.id,
      province: 'ON',
      status: 'submitted',
      submittedBy: expect.stringContaining('@example.org'),
      frontStoreWeightInPounds: 40,
      backStoreWeightInPounds: 100,
      donations: 2,
      lastDonation: '2026-10-21',
      comments: 'Two stores closed for renovations.',
    });
    expect(new Date(t.submittedAt).toISOString().slice(0, 10)).toBe('2026-11-20');
    expect(res.json.rows[1]).toMatchObject({
      status: 'overdue',
      donations: 0,
      lastDonation: null,
      frontStoreWeightInPounds: 0,
      submittedAt: null,
    });
    expect(res.json.rows[0]).toMatchObject({ status: 'overdue', backStoreWeightInPounds: 30, donations: 1 });
    // The current month is pending for everyone who has not submitted it.
    const nov = await oversight(adminToken, 'year=2026&month=11');
    expect(nov.json.counts).toEqual({ submitted: 0, pending: 3, overdue: 0, reopened: 0, total: 3 });
  });

  it('keeps a coordinator to the branches of its provinces', async () => {
    const res = await oversight(coordToken, 'year=2026&month=10');
    expect(res.status).toBe(200);
    expect(res.json.rows.map((r: any) => r.name).sort()).toEqual(['Ottawa Food Bank', 'Toronto Community Food Bank']);
    expect(res.json.counts.total).toBe(2);
    // Asking for another province shows nothing rather than widening the scope.
    const qc = await oversight(coordToken, 'year=2026&month=10&province=QC');
    expect(qc.json.rows).toEqual([]);
  });

  it('filters by province and status, searches names without accents, sorts, and counts before the status filter', async () => {
    expect((await oversight(adminToken, 'year=2026&month=10&province=QC')).json.rows.map((r: any) => r.name)).toEqual([
      'Banque alimentaire de Québec',
    ]);
    const overdue = await oversight(adminToken, 'year=2026&month=10&status=overdue');
    expect(overdue.json.rows.map((r: any) => r.status)).toEqual(['overdue', 'overdue']);
    expect(overdue.json.counts).toEqual({ submitted: 1, pending: 0, overdue: 2, reopened: 0, total: 3 });
    const search = await oversight(adminToken, 'year=2026&month=10&q=QUEBEC');
    expect(search.json.rows.map((r: any) => r.branchId)).toEqual([quebec.id]);
    expect(search.json.counts).toEqual({ submitted: 0, pending: 0, overdue: 1, reopened: 0, total: 1 });
    const byBack = await oversight(adminToken, 'year=2026&month=10&sort=back&order=desc');
    expect(byBack.json.rows.map((r: any) => r.backStoreWeightInPounds)).toEqual([100, 30, 0]);
  });

  it('refuses bad input with a 400 and a clear message', async () => {
    for (const q of [
      'year=2026&month=13',
      'year=abc&month=1',
      'month=1',
      'year=2026&month=1&status=late',
      'year=2026&month=1&province=XX',
    ]) {
      const res = await oversight(adminToken, q);
      expect([q, res.status, res.json.code]).toEqual([q, 400, 'BAD_REQUEST']);
    }
    const fmt = await api.request('GET', '/api/program/oversight/export?year=2026&month=10&format=pdf', { token: adminToken });
    expect(fmt.status).toBe(400);
  });

  it('exports the view as CSV and as XLSX with numbers as numbers', async () => {
    const csv = await api.request('GET', '/api/program/oversight/export?year=2026&month=10&format=csv&province=ON', { token: coordToken });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('program-oversight-2026-10.csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Food Bank,Province,Status,Submitted on,Submitted by,Front of Store (lbs),Back of Store (lbs),Donations,Last donation,Comments',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(
      /^Toronto Community Food Bank,ON,Submitted,2026-11-20,.*,40,100,2,2026-10-21,Two stores closed for renovations\.$/,
    );

    const fr = await api.request('GET', '/api/program/oversight/export?year=2026&month=10&format=csv&lang=fr', { token: adminToken });
    // French as the branch's French CSV: ';' between fields and a decimal comma.
    expect(fr.text).toContain('Banque alimentaire;Province;Statut;Soumis le');
    expect(fr.text).toContain('En retard');
    expect(fr.text).toMatch(/^Toronto Community Food Bank;ON;Soumis;2026-11-20;.*;40;100;2;2026-10-21;/m);

    const res = await api.app.request('/api/program/oversight/export?year=2026&month=10&format=xlsx', {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet!.getRow(1).getCell(1).value).toBe('Food Bank');
    const toronto = sheet!.getRow(4);
    expect(toronto.getCell(1).value).toBe('Toronto Community Food Bank');
    expect(toronto.getCell(6).value).toBe(40);
    expect(toronto.getCell(7).value).toBe(100);
    expect(toronto.getCell(8).value).toBe(2);
    expect(toronto.getCell(9).value).toBeInstanceOf(Date);
  });

  it('shows the year: every branch × month with its status, nothing for months not begun', async () => {
    const res = await api.request('GET', '/api/program/oversight/year?year=2026', { token: coordToken });
    expect(res.status).toBe(200);
    const t = res.json.rows.find((r: any) => r.branchId === toronto.id);
    expect(t.months.slice(7)).toEqual(['overdue', 'submitted', 'submitted', 'pending', null]);
    expect(res.json.rows.map((r: any) => r.branchId)).not.toContain(quebec.id);
    const next = await api.request('GET', '/api/program/oversight/year?year=2027', { token: coordToken });
    expect(next.json.rows[0].months).toEqual(Array(12).fill(null));
  });

  it('totals the month and the year by province and for the program, by category, with CO2e and pounds by month', async () => {
    const res = await api.request('GET', '/api/program/totals?year=2026&month=10', { token: adminToken });
    expect(res.status).toBe(200);
    const { monthTotals, yearTotals, poundsByMonth } = res.json;
    expect(monthTotals.program).toMatchObject({ frontStoreWeightInPounds: 40, backStoreWeightInPounds: 130, donations: 3 });
    expect(monthTotals.program.ghgKgCo2e).toBeGreaterThan(0);
    expect(monthTotals.provinces.map((p: any) => [p.province, p.backStoreWeightInPounds])).toEqual([
      ['ON', 100],
      ['QC', 30],
    ]);
    const produce = monthTotals.program.categories.find((c: any) => c.name === 'Produce');
    expect(produce.pounds).toBeCloseTo(170 * 0.75, 9);
    expect(monthTotals.program.categories).toHaveLength(9);
    expect(yearTotals.program).toMatchObject({ frontStoreWeightInPounds: 45, backStoreWeightInPounds: 140, donations: 5 });
    expect(poundsByMonth.year[9]).toBe(170);
    expect(poundsByMonth.year[2]).toBe(5);
    expect(poundsByMonth.previous).toEqual(Array(12).fill(0));
    const coord = await api.request('GET', '/api/program/totals?year=2026&month=10', { token: coordToken });
    expect(coord.json.monthTotals.provinces.map((p: any) => p.province)).toEqual(['ON']);
    expect(coord.json.monthTotals.program.backStoreWeightInPounds).toBe(100);
  });

  it('lets program staff read a branch in scope, with the same 404 for one out of scope as for an unknown id', async () => {
    const ok = await api.request('GET', `/api/program/oversight/branches/${toronto.id}`, { token: coordToken });
    expect(ok.json).toEqual({ id: toronto.id, name: 'Toronto Community Food Bank', province: 'ON' });
    const reports = await api.request('GET', `/api/branch/${toronto.id}/donations/2026/aggregate`, { token: coordToken });
    expect(reports.status).toBe(200);
    expect(reports.json[9]).toMatchObject({ month: 10, submitted: true, backStoreWeightInPounds: 100 });
    const list = await api.request('GET', `/api/branch/${toronto.id}/donations/2026/10`, { token: coordToken });
    expect(list.json).toHaveLength(2);
    expect((await api.request('GET', `/api/donation/${octoberDonation}`, { token: coordToken })).status).toBe(200);

    const outOfScope = [
      `/api/program/oversight/branches/${quebec.id}`,
      `/api/branch/${quebec.id}/donations/2026/aggregate`,
      `/api/branch/${quebec.id}/donations/2026/10`,
    ];
    const unknown = outOfScope.map((p) => p.replace(quebec.id, UNKNOWN_ID));
    for (const path of [...outOfScope, ...unknown]) {
      const res = await api.request('GET', path, { token: coordToken });
      expect([path, res.status, res.json]).toEqual([path, 404, { code: 'NOT_FOUND', message: expect.any(String) }]);
    }
    const admin = await api.request('GET', `/api/branch/${quebec.id}/donations/2026/10`, { token: adminToken });
    expect(admin.status).toBe(200);
  });
});
