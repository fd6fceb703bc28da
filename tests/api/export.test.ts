import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/donation-api/db/client';
import * as s from '@/donation-api/db/schema';
import { exportYearCsv } from '@/donation-api/donations/export';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { addDonation, donationWorld, UNKNOWN_ID, type World } from './donation-setup';

const HEADER =
  'Retailer,Banner,Store #,Store Name,Food Bank,Date,Source,Weight (lbs),Meat & Seafood,Dairy,Bakery,Frozen,Produce,Non-perishable,Non-food items,Waste,No Donation';

describe.each(dbKinds())('CSV export on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
    await api.db.update(s.branches).set({ name: 'Banque alimentaire, "Québec"' });
  });
  afterAll(() => api.close());

  it('streams the English CSV columns with BOM, N/A, quoting, the injection guard and 0%', async () => {
    const tricky = await fixtures.store(api, w.branch.id, {
      name: '=HYPERLINK("x"), Main',
      number: '-42',
      retailer: '@Costco Wholesale',
      banner: null,
    });
    await addDonation(api, w, {
      date: '2026-03-02',
      weight: 10,
      weightUnit: 0,
      source: 0,
      categories: [
        { categoryId: 1, fraction: 0.33 },
        { categoryId: 5, fraction: 0.67 },
      ],
    });
    await addDonation(api, w, {
      date: '2026-01-15',
      storeId: tricky.id,
      weight: 2,
      weightUnit: 2,
      source: 1,
      categories: [
        { categoryId: 9, fraction: 0.5 },
        { categoryId: 8, fraction: 0.5 },
      ],
    });
    await addDonation(api, w, { date: '2026-01-20', weight: 0, categories: [{ categoryId: 9, fraction: 1 }] });

    const res = await api.app.request(`/api/donation/export?branchId=${w.branch.id}&year=2026`, {
      headers: { authorization: `Bearer ${w.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const disposition = res.headers.get('content-disposition')!;
    // Quotes cannot appear in a file name header; the plain name drops accents, filename* keeps them.
    expect(disposition).toBe(
      `attachment; filename="Banque alimentaire, Quebec-branch-donations-export-2026.csv"; filename*=UTF-8''${encodeURIComponent('Banque alimentaire, Québec-branch-donations-export-2026.csv')}`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.split('\r\n')).toEqual([
      HEADER,
      `'@Costco Wholesale,N/A,'-42,"'=HYPERLINK(""x""), Main","Banque alimentaire, ""Québec""",01/15/2026,Front of Store,80,0%,0%,0%,0%,0%,0%,0%,50%,50%`,
      `Loblaw Companies,No Frills,1234,Queen St W,"Banque alimentaire, ""Québec""",01/20/2026,Back of Store,0,0%,0%,0%,0%,0%,0%,0%,0%,100%`,
      `Loblaw Companies,No Frills,1234,Queen St W,"Banque alimentaire, ""Québec""",03/02/2026,Back of Store,22.05,33%,0%,0%,0%,67%,0%,0%,0%,0%`,
      '',
    ]);
  });

  it('answers only the header for a year without donations', async () => {
    const res = await api.app.request(`/api/donation/export?branchId=${w.branch.id}&year=2020`, {
      headers: { authorization: `Bearer ${w.token}` },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString('utf8')).toBe(`\uFEFF${HEADER}\r\n`);
  });

  it('streams a year larger than one batch without losing or repeating rows', async () => {
    const api2 = await createTestApi(kind);
    try {
      const w2 = await donationWorld(api2);
      // Same date and same created_at for many rows: the keyset (date, created_at, id) must still walk them all.
      const rows = Array.from({ length: 2500 }, (_, i) => ({
        branchId: w2.branch.id,
        campaignId: '00000000-0000-0000-0000-000000000000',
        storeId: w2.store.id,
        date: i < 1500 ? '2026-02-01' : '2026-02-02',
        source: 0,
        weight: i + 1,
        weightUnit: 1,
        weightInPounds: i + 1,
        createdAt: new Date('2026-02-02T00:00:00Z'),
      }));
      for (let i = 0; i < rows.length; i += 500) await api2.db.insert(s.donations).values(rows.slice(i, i + 500));
      const res = await api2.request('GET', `/api/donation/export?branchId=${w2.branch.id}&year=2026`, { token: w2.token });
      const lines = res.text.split('\r\n').slice(1, -1);
      expect(lines).toHaveLength(2500);
      const weights = lines.map((l) => Number(l.split(',')[7])).sort((a, b) => a - b);
      expect(weights).toEqual(rows.map((r) => r.weight));
    } finally {
      await api2.close();
    }
  });

  it("gives a donation written between a page's two reads its shares all the same", async () => {
    const api2 = await createTestApi(kind);
    try {
      const w2 = await donationWorld(api2);
      await addDonation(api2, w2, { date: '2026-02-10', weight: 7, categories: [{ categoryId: 1, fraction: 1 }] });
      // The page and its shares are two statements read side by side. Here the shares are read first; then a
      // donation is written into the page's range; then the page is read: it holds a donation the shares missed.
      const dialect = new PgDialect();
      let sharesRead!: () => void;
      const sharesDone = new Promise<void>((resolve) => (sharesRead = resolve));
      let written = false;
      const racing = new Proxy(api2.db, {
        get(target, prop, receiver) {
          if (prop !== 'execute') return Reflect.get(target, prop, receiver);
          return async (query: SQL) => {
            const text = dialect.sqlToQuery(query).sql;
            if (text.includes('join donation_categories dc on dc.donation_id = p.id')) {
              const answer = await target.execute(query);
              sharesRead();
              return answer;
            }
            if (text.includes('to_char(d.date') && !written) {
              written = true;
              await sharesDone;
              await addDonation(api2, w2, { date: '2026-01-05', weight: 3, categories: [{ categoryId: 5, fraction: 1 }] });
            }
            return target.execute(query);
          };
        },
      }) as DbOrTx;
      const { stream } = await exportYearCsv(racing, w2.branch.id, 2026);
      const text = await new Response(stream).text();
      const [header, ...rows] = text.slice(1).split('\r\n').slice(0, -1);
      expect(written).toBe(true);
      const cells = rows.map((r) => r.split(','));
      expect(cells.map((c) => c[7])).toEqual(['3', '7']);
      // Each donation has its one category at 100 %, in that category's column.
      const column = (name: string) => header!.split(',').indexOf(name);
      expect(cells[0]![column('Produce')]).toBe('100%');
      expect(cells[1]![column('Meat & Seafood')]).toBe('100%');
    } finally {
      await api2.close();
    }
  });

  it('refuses another branch and unknown ids with 404, bad years with 400, no token with 401', async () => {
    expect((await api.request('GET', `/api/donation/export?branchId=${w.branch.id}&year=2026`, { token: w.outsiderToken })).status).toBe(
      404,
    );
    expect((await api.request('GET', `/api/donation/export?branchId=${UNKNOWN_ID}&year=2026`, { token: w.token })).status).toBe(404);
    expect((await api.request('GET', `/api/donation/export?branchId=${w.branch.id}&year=twenty`, { token: w.token })).status).toBe(400);
    expect((await api.request('GET', `/api/donation/export?branchId=${w.branch.id}`, { token: w.token })).status).toBe(400);
    expect((await api.request('GET', `/api/donation/export?branchId=${w.branch.id}&year=2026`)).status).toBe(401);
  });
});
