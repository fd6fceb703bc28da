// Manifests sent by a retailer: the mapping chosen once, every problem of a bad file by line with nothing kept, the same
// file or the same lines again adding nothing, lines for a store not on file kept, XLSX read as CSV is, and the API.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, fixtures, type TestApi } from '../support/api';
import { donationWorld, type World } from './donation-setup';

const MAPPING = { storeNumber: 'Store #', date: 'Ship Date', weight: 'Net Wt', unit: 'UOM', defaultUnit: 'lb', categories: [] };
const GOOD = 'Store #,Ship Date,Net Wt,UOM\n1234,2026-06-01,320,LB\n1234,2026-06-03,"1,200",LB\n9999,2026-06-02,50,KG\n';

describe('manifests (PGlite)', () => {
  let api: TestApi;
  let w: World;
  let partnerToken: string;
  let adminToken: string;
  const lineCount = async () => (await api.db.select().from(s.manifestLines)).length;

  // A database of its own for each test: each one keeps the lines and the mapping it needs (keepJune), so any test
  // runs alone and in any order.
  beforeEach(async () => {
    api = await createTestApi('pglite');
    w = await donationWorld(api);
    const partner = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: partner.id, retailerId: w.store.retailerId! });
    partnerToken = await fixtures.token(api, partner.id);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
  });
  afterEach(() => api.close());

  const send = (body: Record<string, unknown>, token = partnerToken) => api.request('POST', '/api/partner/manifests', { token, body });
  /** June's file kept with its mapping: three lines, the mapping saved for the retailer. */
  const keepJune = async () => expect((await send({ csv: GOOD, mapping: MAPPING, confirm: true })).json).toMatchObject({ written: true });

  it('answers the header and a sample until a mapping is chosen, then keeps the file and the mapping', async () => {
    const first = await send({ csv: GOOD, fileName: 'june.csv' });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ header: ['Store #', 'Ship Date', 'Net Wt', 'UOM'], mapping: null, written: false });
    expect(first.json.sample[1]).toEqual({ 'Store #': '1234', 'Ship Date': '2026-06-03', 'Net Wt': '1,200', UOM: 'LB' });

    const preview = await send({ csv: GOOD, mapping: MAPPING });
    expect(preview.json).toMatchObject({
      problems: [],
      lines: 3,
      newLines: 3,
      written: false,
      unmatched: [{ line: 4, storeNumber: '9999' }],
    });
    expect(await lineCount()).toBe(0);

    const kept = await send({ csv: GOOD, mapping: MAPPING, confirm: true });
    expect(kept.json).toMatchObject({ written: true, newLines: 3 });
    const lines = await api.db.select().from(s.manifestLines);
    expect(lines.map((l) => [l.storeNumber, l.date, l.weightInPounds, l.storeId]).sort()).toEqual([
      ['1234', '2026-06-01', 320, w.store.id],
      ['1234', '2026-06-03', 1200, w.store.id],
      ['9999', '2026-06-02', 110.23, null],
    ]);
    expect((await api.request('GET', '/api/partner/manifest-mapping', { token: partnerToken })).json.mapping).toMatchObject(MAPPING);
  });

  it('changes nothing when the same file is sent again, or another file with the same lines', async () => {
    await keepJune();
    const again = await send({ csv: GOOD, confirm: true });
    expect(again.json).toMatchObject({ written: false, sameFile: true, newLines: 0 });
    const reordered = 'Store #,Ship Date,Net Wt,UOM\n9999,2026-06-02,50,KG\n1234,2026-06-01,320,LB\n';
    expect((await send({ csv: reordered, confirm: true })).json).toMatchObject({ written: false, newLines: 0 });
    expect(await lineCount()).toBe(3);
    expect((await api.db.select().from(s.manifests)).length).toBe(1);
  });

  it('lists every problem of a bad file by line and keeps none of it', async () => {
    await keepJune();
    const bad = [
      'Store #,Ship Date,Net Wt,UOM',
      '1234,2026-06-04,100,LB',
      ',2026-06-04,100,LB',
      '1234,2026-07-01,100,LB',
      '1234,2026-06-05,about 80,LB',
      '1234,2026-06-06,90,LB',
      '1234,2026-06-06,90,LB',
    ].join('\n');
    const res = await send({ csv: bad, confirm: true });
    expect(res.json.written).toBe(false);
    expect(res.json.problems.map((p: { line: number; code: string }) => [p.line, p.code])).toEqual([
      [3, 'MANIFEST_STORE_NUMBER_REQUIRED'],
      [4, 'MANIFEST_DATE_OUT_OF_RANGE'],
      [5, 'MANIFEST_WEIGHT_NOT_NUMBER'],
      [7, 'MANIFEST_DUPLICATE_LINE'],
    ]);
    expect(await lineCount()).toBe(3);
  });

  it('refuses a file without a mapped column on line 1', async () => {
    await keepJune();
    const res = await send({ csv: 'Store #,Date,Net Wt,UOM\n1234,2026-06-04,100,LB\n', confirm: true });
    expect(res.json.problems).toEqual([{ line: 1, column: 'Ship Date', code: 'MANIFEST_COLUMN_MISSING', params: { column: 'Ship Date' } }]);
  });

  it('reads an XLSX workbook with date cells as the CSV is read', async () => {
    await keepJune();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Manifest');
    sheet.addRow(['Store #', 'Ship Date', 'Net Wt', 'UOM']);
    sheet.addRow(['1234', new Date(Date.UTC(2026, 5, 8)), 75, 'lb']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const res = await send({ xlsx, fileName: 'june.xlsx', confirm: true });
    expect(res.json).toMatchObject({ written: true, newLines: 1, problems: [] });
    expect(await lineCount()).toBe(4);
  });

  it('takes lines from a retailer system, refuses a bad call with 422 and every line, and a repeated call adds nothing', async () => {
    const lines = [{ storeNumber: '1234', date: '2026-06-09', weight: 210, unit: 'lb' }];
    const bad = await api.request('POST', '/api/partner/manifest-lines', {
      token: partnerToken,
      body: { lines: [...lines, { storeNumber: '1234', date: '09/06/2026', weight: 'x' }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.problems.map((p: { line: number; code: string }) => [p.line, p.code])).toEqual([
      [2, 'MANIFEST_DATE_INVALID'],
      [2, 'MANIFEST_WEIGHT_NOT_NUMBER'],
    ]);
    const ok = await api.request('POST', '/api/partner/manifest-lines', { token: partnerToken, body: { lines } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ written: true, newLines: 1 });
    const again = await api.request('POST', '/api/partner/manifest-lines', { token: partnerToken, body: { lines } });
    expect(again.json).toMatchObject({ written: false, newLines: 0 });
    expect(await lineCount()).toBe(1);
  });

  it('lets a program administrator send for any retailer; branch staff and other retailers get 404', async () => {
    const other = w.otherStore.retailerId!;
    const csv = 'Store #,Ship Date,Net Wt,UOM\n77,2026-06-02,40,LB\n';
    const res = await api.request('POST', `/api/program/retailers/${other}/manifests`, {
      token: adminToken,
      body: { csv, mapping: MAPPING, confirm: true },
    });
    expect(res.json).toMatchObject({ written: true, newLines: 1, unmatched: [] });
    const [line] = await api.db.select().from(s.manifestLines).where(eq(s.manifestLines.retailerId, other));
    expect(line!.storeId).toBe(w.otherStore.id);
    expect((await api.request('POST', `/api/program/retailers/${other}/manifests`, { token: w.token, body: { csv } })).status).toBe(404);
    expect((await api.request('POST', '/api/partner/manifests', { token: w.token, body: { csv } })).status).toBe(404);
    expect((await api.request('GET', `/api/program/retailers/${w.branch.id}/manifest-mapping`, { token: adminToken })).status).toBe(404);
  });
});
