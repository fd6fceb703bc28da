// A national chain's export: the partner's CSV and XLSX are read and written a batch of stores at a time (streamed,
// as a branch's year export is), and come out the same as one read of every row would: every store and month in the
// file's order, the total row at the end.
// The test API first: it extends zod for the OpenAPI document before any schema of lib/domain is made.
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as s from '@/donation-api/db/schema';
import { partnerExportReport } from '@/donation-api/partners/partner-export';
import { partnerCsvStream, partnerXlsxStream } from '@/donation-api/partners/partner-export-file';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';

const STORES = 7;

describe.each(dbKinds())('partner export streamed on %s', (kind) => {
  let api: TestApi;
  let token: string;
  let grant: { retailerId: string; bannerId: null; storeIds: string[] };

  beforeAll(async () => {
    api = await createTestApi(kind);
    api.clock.now = new Date('2026-07-15T12:00:00Z');
    const [chain] = await api.db.insert(s.retailers).values({ name: 'National Grocers' }).returning();
    const [banner] = await api.db.insert(s.banners).values({ retailerId: chain!.id, name: 'Urban Fresh' }).returning();
    const stores = await api.db
      .insert(s.stores)
      .values(
        Array.from({ length: STORES }, (_, i) => ({
          name: `Store ${i}`,
          number: String(100 + i),
          retailerId: chain!.id,
          bannerId: banner!.id,
        })),
      )
      .returning();
    const [branch] = await api.db.insert(s.branches).values({ name: 'Food Bank', province: 'ON' }).returning();
    await api.db.execute(sql`update branches set created_at = '2025-01-01T12:00:00Z' where id = ${branch!.id}::uuid`);
    // Store i gives 10 × (i + 1) lb in March and in April (back of store), both months submitted.
    for (const [i, store] of stores.entries())
      for (const date of ['2026-03-05', '2026-04-05'])
        await api.db.execute(
          sql`insert into donations (branch_id, campaign_id, store_id, date, source, weight, weight_unit, weight_in_pounds)
            values (${branch!.id}::uuid, ${RFP_CAMPAIGN_ID}::uuid, ${store.id}::uuid, ${date}::date, 0, ${10 * (i + 1)}, 1, ${10 * (i + 1)})`,
        );
    for (const month of [3, 4])
      await api.db.execute(
        sql`insert into month_submissions (branch_id, year, month, submitted, submitted_at, submitted_by)
          values (${branch!.id}::uuid, 2026, ${month}, true, now(), 'test')`,
      );
    const user = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: user.id, retailerId: chain!.id });
    token = await fixtures.token(api, user.id);
    grant = { retailerId: chain!.id, bannerId: null, storeIds: [] };
  });
  afterAll(() => api.close());

  const deps = () => ({ db: api.db, config: api.config, now: () => api.clock.now }) as Parameters<typeof partnerExportReport>[0];
  const filters = { from: '2026-01', to: '2026-06' };

  it('writes the same CSV two stores at a time as in one batch, every store and month, and the total last', async () => {
    const whole = await new Response(partnerCsvStream(await partnerExportReport(deps(), grant, filters, 1000), 'en')).text();
    const batched = await new Response(partnerCsvStream(await partnerExportReport(deps(), grant, filters, 2), 'en')).text();
    expect(batched).toBe(whole);
    const lines = batched
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The header, two months of seven stores, the total.
    expect(lines).toHaveLength(1 + 2 * STORES + 1);
    expect(lines[1]).toMatch(/^National Grocers,Urban Fresh,100,Store 0,2026-03,0,10,10,/);
    expect(lines[2]).toMatch(/^National Grocers,Urban Fresh,100,Store 0,2026-04,0,10,10,/);
    expect(lines.at(-2)).toMatch(/^National Grocers,Urban Fresh,106,Store 6,2026-04,0,70,70,/);
    // 2 × (10 + 20 + … + 70) = 560 lb.
    expect(lines.at(-1)).toMatch(/^Total,,,,,0,560,560,/);
  });

  it('streams an XLSX workbook that a spreadsheet reads: numbers, and the total row', async () => {
    const stream = partnerXlsxStream(await partnerExportReport(deps(), grant, filters, 2), 'fr');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await new Response(stream).arrayBuffer()) as never);
    const ws = wb.worksheets[0];
    expect(ws!.name).toBe('Rapport partenaire');
    expect(ws!.getRow(1).getCell(1).value).toBe('Détaillant');
    expect(ws!.rowCount).toBe(1 + 2 * STORES + 1);
    expect(ws!.getRow(2).getCell(8).value).toBe(10);
    expect(ws!.getRow(ws!.rowCount).getCell(1).value).toBe('Total');
    expect(ws!.getRow(ws!.rowCount).getCell(8).value).toBe(560);
  });

  it('answers the route with the streamed file, and a store outside the scope with 404 before any byte', async () => {
    const res = await api.request('GET', '/api/partner/export?from=2026-01&to=2026-06&format=csv', { token });
    expect(res.status).toBe(200);
    expect(res.text.trim().split('\r\n')).toHaveLength(1 + 2 * STORES + 1);
    const xlsx = await api.request('GET', '/api/partner/export?from=2026-01&to=2026-06&format=xlsx', { token });
    expect(xlsx.status).toBe(200);
    const foreign = await api.request('GET', '/api/partner/export?format=csv&storeId=00000000-0000-4000-8000-000000000000', { token });
    expect(foreign.status).toBe(404);
  });
});
