// The retail partner report: pounds by store and month for a retailer or a banner, with the category
// split, source and kg CO2e; CSV and a real XLSX with numbers as numbers; a coordinator counts its provinces only.
import ExcelJS from 'exceljs';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { addDonation, donationWorld, type World } from './donation-setup';

describe.each(dbKinds())('partner report on %s', (kind) => {
  let api: TestApi;
  let w: World;
  let adminToken: string;
  let nsToken: string;
  let retailerId: string;

  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    const ns = await fixtures.user(api);
    await grantProgramRole(api.db, ns.username, 'coordinator', ['NS'], 'test');
    nsToken = await fixtures.token(api, ns.id);
    await addDonation(api, w, { date: '2026-04-03', weight: 100, source: 0 });
    await addDonation(api, w, { date: '2026-04-20', weight: 40, source: 1 });
    await addDonation(api, w, { date: '2026-05-02', weight: 10, source: 0 });
    // Outside the range (before it: a date after the test clock's today would be refused as a future date).
    await addDonation(api, w, { date: '2026-03-20', weight: 999, source: 0 });
    const partners = await api.request('GET', '/api/program/partners', { token: adminToken });
    retailerId = partners.json.find(
      (r: { name: string; banners: { name: string }[] }) => r.name === 'Loblaw Companies' && r.banners.length,
    ).id;
  });
  afterAll(() => api.close());

  const q = (extra = '') => `from=2026-04-01&to=2026-06-30&retailerId=${retailerId}${extra}`;

  it('sums pounds by store and month in the range, with source, categories and CO2e', async () => {
    const res = await api.request('GET', `/api/program/partner-report?${q()}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.json.partner).toBe('Loblaw Companies');
    expect(res.json.rows.map((r: { month: string; totalLbs: number }) => [r.month, r.totalLbs])).toEqual([
      ['2026-04', 140],
      ['2026-05', 10],
    ]);
    expect(res.json.rows[0]).toMatchObject({ storeName: 'Queen St W', banner: 'No Frills', frontLbs: 40, backLbs: 100 });
    expect(res.json.rows[0].categoryLbs).toEqual({ '1': 35, '5': 105 });
    expect(res.json.rows[0].kgCo2e).toBeGreaterThan(0);
  });

  it('exports CSV and an XLSX whose numbers are numbers', async () => {
    const csv = await api.request('GET', `/api/program/partner-report/export?${q('&format=csv')}`, { token: adminToken });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain('Retailer,Banner,Store #,Store Name,Month,Front of Store (lbs),Back of Store (lbs),Total (lbs)');
    expect(csv.text).toContain('Loblaw Companies,No Frills,1234,Queen St W,2026-04,40,100,140');

    const res = await api.app.request(`/api/program/partner-report/export?${q('&format=xlsx')}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws!.getRow(2).getCell(5).value).toBe('2026-04');
    expect(ws!.getRow(2).getCell(8).value).toBe(140);
    expect(typeof ws!.getRow(2).getCell(6).value).toBe('number');
    expect(ws!.getRow(4).getCell(8).value).toBe(150); // the total row
  });

  it('exports in French: French headings, and for a CSV a semicolon and a decimal comma', async () => {
    const report = await api.request('GET', `/api/program/partner-report?${q()}`, { token: adminToken });
    const co2 = String(Math.round(report.json.rows[0].kgCo2e * 100) / 100).replace('.', ',');
    const csv = await api.request('GET', `/api/program/partner-report/export?${q('&format=csv&lang=fr')}`, { token: adminToken });
    expect(csv.status).toBe(200);
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(
      /^Détaillant;Bannière;No de magasin;Nom du magasin;Mois;Devant du magasin \(lb\);Arrière du magasin \(lb\);Total \(lb\);.*Fruits et légumes \(lb\).*;kg d’éq\. CO2 évités$/,
    );
    expect(lines[1]).toBe(`Loblaw Companies;No Frills;1234;Queen St W;2026-04;40;100;140;35;0;0;0;105;0;0;0;0;${co2}`);
    expect(co2).toContain(',');

    const res = await api.app.request(`/api/program/partner-report/export?${q('&format=xlsx&lang=fr')}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe('Détaillant');
    expect(wb.worksheets[0]!.getRow(2).getCell(8).value).toBe(140);
  });

  it('counts only a coordinator’s provinces, refuses branch staff and bad input', async () => {
    expect((await api.request('GET', `/api/program/partner-report?${q()}`, { token: nsToken })).json.rows).toEqual([]);
    expect((await api.request('GET', `/api/program/partner-report?${q()}`, { token: w.token })).status).toBe(404);
    expect((await api.request('GET', '/api/program/partner-report?from=2026-04-01&to=2026-06-30', { token: adminToken })).status).toBe(400);
    expect(
      (
        await api.request('GET', `/api/program/partner-report?from=2026-07-01&to=2026-06-30&retailerId=${retailerId}`, {
          token: adminToken,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.request('GET', `/api/program/partner-report?${q('&format=pdf')}`.replace('report?', 'report/export?'), {
          token: adminToken,
        })
      ).status,
    ).toBe(400);
  });
});
