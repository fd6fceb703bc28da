// Pickup reliability (docs/product.md, Pickup reliability; docs/rules.md, Pickup reliability): the program's counts by
// branch, store, retailer and province for a month and a quarter, in scope only, as files in both languages; the
// partner's collected and no-food counts of its own stores; the flag after three in a row.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/donation-api/db/sql-rows';
import { pdfText } from '@/tests/support/pdf-text';
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { recordMay, reliabilityWorld, type ReliabilityWorld } from './pickup-reliability-setup';

type Row = {
  key: string | null;
  name: string;
  province: string | null;
  counts: Record<string, any>;
  percents: Record<string, any>;
  flaggedStores: number;
};

describe.each(dbKinds())('pickup reliability on %s', (kind) => {
  let api: TestApi;
  let r: ReliabilityWorld;
  const get = (query: string, token: string) => api.request('GET', `/api/program/reliability?${query}`, { token });
  const byName = (rows: Row[]) => Object.fromEntries(rows.map((x) => [x.name, x]));

  beforeAll(async () => {
    api = await createTestApi(kind);
    r = await reliabilityWorld(api);
    await recordMay(api, r);
  });
  afterAll(() => api.close());

  /** What the database holds for May, per collecting branch: the rows the counts stand for. */
  async function mayRows() {
    const outcomes = await queryRows<{ branch: string; outcome: string; reason: string | null; n: number }>(
      api.db,
      sql`select b.name as branch, o.outcome, o.reason, count(*)::int as n from pickup_outcomes o
          join pickup_slots ps on ps.id = o.slot_id join branches b on b.id = ps.branch_id
          where o.pickup_date between '2026-05-01' and '2026-05-31' group by 1, 2, 3`,
    );
    const collected = await queryRows<{ branch: string; n: number }>(
      api.db,
      sql`select b.name as branch, count(distinct (pd.slot_id, pd.pickup_date))::int as n from pickup_donations pd
          join pickup_slots ps on ps.id = pd.slot_id join branches b on b.id = ps.branch_id
          where pd.pickup_date between '2026-05-01' and '2026-05-31' group by 1`,
    );
    const sum = (branch: string, f: (o: (typeof outcomes)[number]) => boolean) =>
      outcomes.filter((o) => o.branch === branch && f(o)).reduce((n, o) => n + Number(o.n), 0);
    return (branch: string) => ({
      recorded: Number(collected.find((c) => c.branch === branch)?.n ?? 0),
      noFood: sum(branch, (o) => o.outcome === 'no_food'),
      missed: sum(branch, (o) => o.outcome === 'missed'),
      truck: sum(branch, (o) => o.reason === 'truck'),
      weather: sum(branch, (o) => o.reason === 'weather'),
      staff: sum(branch, (o) => o.reason === 'staff'),
    });
  }

  it('counts a month by food bank as the rows recorded, with percentages of the scheduled pickups', async () => {
    const res = await get('year=2026&month=5&groupBy=branch', r.admin);
    expect(res.status).toBe(200);
    const rows = byName(res.json.rows);
    expect(Object.keys(rows)).toEqual(['Halifax Food Bank', 'Toronto Community Food Bank']);
    const db = await mayRows();
    for (const name of Object.keys(rows)) {
      const c = rows[name]!.counts;
      const d = db(name);
      expect([name, c.recorded, c.noFood, c.missed, c.missedByReason.truck, c.missedByReason.weather, c.missedByReason.staff]).toEqual([
        name,
        d.recorded,
        d.noFood,
        d.missed,
        d.truck,
        d.weather,
        d.staff,
      ]);
    }
    // Toronto: Mondays and Wednesdays of May (8); Halifax: Tuesdays (4). What is left is unrecorded (all two days past).
    const t = rows['Toronto Community Food Bank'];
    expect(t!.counts).toEqual({
      scheduled: 8,
      recorded: 1,
      noFood: 1,
      missed: 2,
      missedByReason: { truck: 1, staff: 0, store_closed: 0, weather: 1, other: 0 },
      unrecorded: 4,
      pending: 0,
    });
    expect([t!.percents.recorded, t!.percents.noFood, t!.percents.missed, t!.percents.unrecorded]).toEqual([12.5, 12.5, 25, 50]);
    expect(rows['Halifax Food Bank']!.counts).toMatchObject({ scheduled: 4, recorded: 1, noFood: 1, missed: 1, unrecorded: 1 });
    expect(res.json.total.counts).toMatchObject({ scheduled: 12, recorded: 2, noFood: 2, missed: 3, unrecorded: 5, pending: 0 });
    expect(res.json.total.percents.missed).toBe(25);
  });

  it('groups the same month by store, retailer and province, each adding up to the total', async () => {
    const expected = {
      store: ['Loblaw Companies - No Frills - Queen St W', 'Sobeys Inc. - Sobeys - Spring Garden'],
      retailer: ['Loblaw Companies', 'Sobeys Inc.'],
      province: ['NS', 'ON'],
    };
    for (const [groupBy, names] of Object.entries(expected)) {
      const res = await get(`year=2026&month=5&groupBy=${groupBy}`, r.admin);
      expect([groupBy, res.status]).toEqual([groupBy, 200]);
      const rows = res.json.rows as Row[];
      expect(rows.map((x) => x.name)).toEqual(names);
      const toronto = rows.find((x) => x.name === (groupBy === 'province' ? 'ON' : names[0]))!;
      expect([groupBy, toronto.counts.scheduled, toronto.counts.missed, toronto.flaggedStores]).toEqual([groupBy, 8, 2, 1]);
      expect(rows.reduce((n, x) => n + x.counts.scheduled, 0)).toBe(res.json.total.counts.scheduled);
    }
  });

  it('counts a quarter up to today: pickups to come are left out, those not yet two days old are pending', async () => {
    const res = await get('year=2026&quarter=2&groupBy=province', r.admin);
    expect(res.status).toBe(200);
    expect([res.json.from, res.json.to, res.json.today]).toEqual(['2026-04-01', '2026-06-30', '2026-06-10']);
    const rows = byName(res.json.rows);
    // Ontario: 9 in April, 8 in May, 1, 3, 8 and 10 June (today: pending); after today nothing counts.
    expect(rows.ON!.counts).toMatchObject({ scheduled: 21, recorded: 1, noFood: 1, missed: 2, unrecorded: 16, pending: 1 });
    // Nova Scotia: 4 in April, 4 in May, 2 and 9 June (late by a day: pending).
    expect(rows.NS!.counts).toMatchObject({ scheduled: 10, recorded: 1, noFood: 1, missed: 1, unrecorded: 6, pending: 1 });
    expect(rows.ON!.percents.pending).toBe(4.8);
  });

  it('shows no percentage for a period with nothing scheduled', async () => {
    const res = await get('year=2026&month=3', r.admin);
    expect(res.status).toBe(200);
    expect(res.json.rows).toEqual([]);
    expect(res.json.total.counts.scheduled).toBe(0);
    expect(res.json.total.percents).toMatchObject({ recorded: null, noFood: null, missed: null, unrecorded: null, pending: null });
  });

  it('refuses a period that is neither one month nor one quarter, in words', async () => {
    for (const q of ['year=2026', 'year=2026&month=5&quarter=2', 'year=2026&quarter=5', 'year=2026&month=5&groupBy=city']) {
      const res = await get(q, r.admin);
      expect([q, res.status, res.json.code]).toEqual([q, 400, 'BAD_REQUEST']);
    }
  });

  it("limits a coordinator to their province's food banks, and answers branch staff and partners 404", async () => {
    const on = await get('year=2026&month=5&groupBy=store', r.ontario);
    expect(on.json.rows.map((x: Row) => x.name)).toEqual(['Loblaw Companies - No Frills - Queen St W']);
    const ns = await get('year=2026&month=5&groupBy=branch', r.novaScotia);
    expect(ns.json.rows.map((x: Row) => x.name)).toEqual(['Halifax Food Bank']);
    expect(ns.json.flagged).toEqual([]);
    const file = await api.request('GET', '/api/program/reliability/export?year=2026&month=5&format=csv&lang=en', { token: r.novaScotia });
    expect(file.text).not.toContain('Toronto');
    for (const token of [r.w.token, r.loblaw]) {
      expect((await get('year=2026&month=5', token)).status).toBe(404);
      expect((await api.request('GET', '/api/program/reliability/export?year=2026&month=5&format=csv', { token })).status).toBe(404);
    }
  });

  it("gives the partner its own stores' collected and no-food counts only", async () => {
    const may = await api.request('GET', '/api/partner/pickups?from=2026-05&to=2026-05', { token: r.loblaw });
    expect(may.status).toBe(200);
    expect(may.json).toEqual({ from: '2026-05-01', to: '2026-05-31', scheduled: 8, collected: 1, noFood: 1 });
    const sobeys = await api.request('GET', '/api/partner/pickups?from=2026-05&to=2026-05', { token: r.sobeys });
    expect(sobeys.json).toMatchObject({ scheduled: 4, collected: 1, noFood: 1 });
    // January to this month by default, as the figures; another retailer's store is the same 404 as an unknown one.
    const year = await api.request('GET', '/api/partner/pickups', { token: r.loblaw });
    expect(year.json).toMatchObject({ from: '2026-01-01', to: '2026-06-30', scheduled: 21, collected: 1, noFood: 1 });
    const foreign = await api.request('GET', `/api/partner/pickups?storeId=${r.w.otherStore.id}`, { token: r.loblaw });
    expect(foreign.status).toBe(404);
    for (const token of [r.w.token, r.admin]) expect((await api.request('GET', '/api/partner/pickups', { token })).status).toBe(404);
  });

  it("prints the partner's collected and no-food pickups on the month's statement", async () => {
    const issued = await api.request('POST', '/api/partner/statements', { token: r.loblaw, body: { year: 2026, month: 5 } });
    expect(issued.status).toBeLessThan(300);
    const pdf = await api.app.request(`/api/partner/statements/${issued.json.id}/pdf`, {
      headers: { authorization: `Bearer ${r.loblaw}` },
    });
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('1 collected / collectées · 1 no food / sans nourriture (of 8 scheduled / sur 8 prévues)');
    // Sobeys' statement counts Sobeys' store only.
    const other = await api.request('POST', '/api/partner/statements', { token: r.sobeys, body: { year: 2026, month: 5 } });
    const otherPdf = await api.app.request(`/api/partner/statements/${other.json.id}/pdf`, {
      headers: { authorization: `Bearer ${r.sobeys}` },
    });
    expect(pdfText(Buffer.from(await otherPdf.arrayBuffer())).replace(/\s+/g, ' ')).toContain('(of 4 scheduled / sur 4 prévues)');
  });

  it('writes the CSV and XLSX files with their heads and names in each language', async () => {
    const file = (format: string, lang: string) =>
      api.request('GET', `/api/program/reliability/export?year=2026&quarter=2&groupBy=store&format=${format}&lang=${lang}`, {
        token: r.admin,
      });
    const en = await file('csv', 'en');
    expect(en.status).toBe(200);
    expect(en.headers.get('content-disposition')).toContain('filename="pickup-reliability-2026-Q2-by-store.csv"');
    const enLines = en.text.replace('\uFEFF', '').split('\r\n');
    expect(enLines[0]).toBe(
      'Store,Province,Scheduled,Collected,Collected (%),No food,No food (%),Missed,Missed (%),Missed: truck,Missed: staff,' +
        'Missed: store closed,Missed: weather,Missed: other,Unrecorded,Unrecorded (%),Not yet recorded,Flagged stores (3 in a row missed or no food)',
    );
    expect(enLines[1]).toBe('Loblaw Companies - No Frills - Queen St W,Ontario,21,1,4.8,1,4.8,2,9.5,1,0,0,1,0,16,76.2,1,1');
    expect(enLines[3]).toMatch(/^Total,,31,2,/);
    const fr = await file('csv', 'fr');
    expect(fr.headers.get('content-disposition')).toContain('filename="fiabilite-des-collectes-2026-T2-par-magasin.csv"');
    const frLines = fr.text.replace('\uFEFF', '').split('\r\n');
    expect(frLines[0]!.split(';').slice(0, 6)).toEqual([
      'Magasin',
      'Province',
      'Prévues',
      'Collectées',
      'Collectées (%)',
      'Sans nourriture',
    ]);
    expect(frLines[1]).toBe('Loblaw Companies - No Frills - Queen St W;Ontario;21;1;4,8;1;4,8;2;9,5;1;0;0;1;0;16;76,2;1;1');
    for (const lang of ['en', 'fr']) {
      const res = await api.app.request(`/api/program/reliability/export?year=2026&month=5&groupBy=retailer&format=xlsx&lang=${lang}`, {
        headers: { authorization: `Bearer ${r.admin}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(
        lang === 'fr' ? 'fiabilite-des-collectes-2026-05-par-detaillant.xlsx' : 'pickup-reliability-2026-05-by-retailer.xlsx',
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      const sheet = book.worksheets[0];
      expect([sheet!.getRow(1).getCell(1).value, sheet!.getRow(1).getCell(2).value]).toEqual(
        lang === 'fr' ? ['Détaillant', 'Prévues'] : ['Retailer', 'Scheduled'],
      );
      expect([sheet!.getRow(2).getCell(1).value, sheet!.getRow(2).getCell(2).value, sheet!.getRow(2).getCell(8).value]).toEqual([
        'Loblaw Companies',
        8,
        25,
      ]);
      expect(sheet!.getRow(4).getCell(1).value).toBe('Total');
    }
  });
});

describe.each(dbKinds())('the reliability flag on %s', (kind) => {
  let api: TestApi;
  let r: ReliabilityWorld;
  beforeAll(async () => {
    api = await createTestApi(kind);
    r = await reliabilityWorld(api);
  });
  afterAll(() => api.close());

  it('flags a store after three scheduled pickups in a row missed or without food, not after two', async () => {
    const flagged = async () =>
      (await api.request('GET', '/api/program/reliability?year=2026&month=5&groupBy=store', { token: r.admin })).json;
    await recordMay(api, r, { thirdMiss: false });
    const two = await flagged();
    expect(two.flagged).toEqual([]);
    expect(two.rows.map((x: Row) => x.flaggedStores)).toEqual([0, 0]);
    await r.atToronto('2026-05-13', { outcome: 'missed', reason: 'weather' });
    const three = await flagged();
    expect(three.flagged).toEqual([
      {
        storeId: r.w.store.id,
        storeName: 'Loblaw Companies - No Frills - Queen St W',
        branchName: 'Toronto Community Food Bank',
        province: 'ON',
        dates: ['2026-05-06', '2026-05-11', '2026-05-13'],
      },
    ]);
    expect(three.rows.map((x: Row) => [x.name, x.flaggedStores])).toEqual([
      ['Loblaw Companies - No Frills - Queen St W', 1],
      ['Sobeys Inc. - Sobeys - Spring Garden', 0],
    ]);
    expect(three.total.flaggedStores).toBe(1);
  });
});
