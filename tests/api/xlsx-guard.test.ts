// Every workbook the API writes guards its texts as the CSVs do (lib/domain/csv.ts, guardCell): a cell that starts
// with = + - @, a tab or a carriage return gets a leading apostrophe; numbers and dates stay numbers and dates.
import ExcelJS from 'exceljs';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { JUNE_2026 } from './donation-setup';

const FORMULA_START = /^[=+\-@\t\r]/;

async function workbook(api: TestApi, path: string, token: string) {
  const res = await api.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const cells: ExcelJS.CellValue[] = [];
  book.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(cell.value)));
  return cells;
}

function expectGuarded(cells: ExcelJS.CellValue[], texts: string[]) {
  const strings = cells.filter((v): v is string => typeof v === 'string');
  expect(strings.filter((v) => FORMULA_START.test(v))).toEqual([]);
  for (const t of texts) expect(strings).toContain(`'${t}`);
  // Pounds stay numbers.
  expect(cells.some((v) => typeof v === 'number' && v > 0)).toBe(true);
}

describe.each(dbKinds())('workbook formula guard on %s', (kind) => {
  let api: TestApi;
  let token: string;
  let adminToken: string;
  let retailerId: string;
  let branchId: string;
  beforeAll(async () => {
    api = await createTestApi(kind);
    api.clock.now = JUNE_2026;
    // Joined before May: the oversight month lists only the branches that owe it.
    const branch = await fixtures.branch(api, { name: '-Bank', createdAt: new Date('2026-01-01T12:00:00Z') });
    const member = await fixtures.user(api, { branchIds: [branch.id] });
    token = await fixtures.token(api, member.id);
    const store = await fixtures.store(api, branch.id, {
      name: '=HYPERLINK("http://example.org")',
      retailer: '+Retail',
      banner: '@Banner',
      number: '-1',
    });
    retailerId = store.retailerId!;
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    const body = {
      date: '2026-05-04',
      storeId: store.id,
      source: 0,
      weight: 100,
      weightUnit: 1,
      categories: [{ categoryId: 1, fraction: 1 }],
    };
    expect((await api.request('POST', `/api/branch/${branch.id}/donations`, { token, body })).status).toBe(201);
    const submit = { branchId: branch.id, year: 2026, month: 5, comments: '=1+1', userContact: member.email };
    expect((await api.request('POST', '/api/branch/submit', { token, body: submit })).status).toBe(200);
    branchId = branch.id;
  });
  afterAll(() => api.close());

  it('the donation export', async () => {
    const cells = await workbook(api, `/api/donation/export?branchId=${branchId}&year=2026&format=xlsx`, token);
    expectGuarded(cells, ['=HYPERLINK("http://example.org")', '+Retail', '@Banner', '-1', '-Bank']);
  });

  it('the oversight month', async () => {
    const cells = await workbook(api, '/api/program/oversight/export?year=2026&month=5&format=xlsx', adminToken);
    expectGuarded(cells, ['-Bank', '=1+1']);
  });

  it('the partner report', async () => {
    const cells = await workbook(
      api,
      `/api/program/partner-report/export?from=2026-05-01&to=2026-05-31&retailerId=${retailerId}&format=xlsx`,
      adminToken,
    );
    expectGuarded(cells, ['=HYPERLINK("http://example.org")', '+Retail', '@Banner', '-1']);
  });
});
