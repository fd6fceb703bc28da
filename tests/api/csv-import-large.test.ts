// The largest store file the import accepts (2,746 rows in the 200,000 characters of csvImportBodySchema): the
// preview must describe every row as before. Its time is logged, not asserted (the machine's load varies).
import { eq } from 'drizzle-orm';
import { auditLog, branchStores, stores } from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';

const ROWS = 2746;
const RETAILERS = ['Metro Inc.', 'Sobeys Inc.', 'Loblaw Companies', 'Empire Co.'];
const BANNERS = ['Food Basics', 'FreshCo', 'No Frills', ''];

/** Row i of the file: a store per row, each tenth one also linked to a second branch on the next line. */
function storeLines(branchNames: string[]) {
  const lines: string[] = [];
  for (let i = 0; lines.length < ROWS; i++) {
    const r = i % RETAILERS.length;
    const store = `${RETAILERS[r]},${BANNERS[r]},Store ${i} Main St,${7000 + i}`;
    lines.push(`${store},${branchNames[i % 2]}`);
    if (i % 10 === 0 && lines.length < ROWS) lines.push(`${store},${branchNames[2]}`);
  }
  return lines;
}

describe.each(dbKinds())('store import of %i rows on %s', (kind) => {
  let api: TestApi;
  let admin: string;
  let north: { id: string; name: string };
  let south: { id: string; name: string };
  let east: { id: string; name: string };
  beforeAll(async () => {
    api = await createTestApi(kind);
    north = await fixtures.branch(api, { name: 'North Bank' });
    south = await fixtures.branch(api, { name: 'South Bank' });
    east = await fixtures.branch(api, { name: 'East Bank' });
    await fixtures.user(api, { username: 'bulkadmin', email: 'bulkadmin@example.org' });
    await grantProgramRole(api.db, 'bulkadmin', 'admin', [], 'test');
    admin = await api.login('bulkadmin', TEST_PASSWORD);
  }, 120_000);
  afterAll(() => api.close());

  const send = async (csv: string, confirm = false) => {
    expect(csv.length).toBeLessThanOrEqual(200_000);
    const t = performance.now();
    const res = await api.request('POST', '/api/program/stores/import', { token: admin, body: { csv, confirm } });
    console.log(
      `${kind}: ${confirm ? 'confirm' : 'preview'} of ${csv.split('\n').length - 2} rows took ${Math.round(performance.now() - t)} ms`,
    );
    expect(res.status).toBe(200);
    return res.json;
  };

  it('previews every row (existing, new, renamed, linked twice, refused), then writes them on confirm', async () => {
    // Already there: store 0 linked to North (unchanged), store 1 not linked to South yet, store 2 under another name.
    const s0 = await fixtures.store(api, north.id, {
      retailer: 'Metro Inc.',
      banner: 'Food Basics',
      name: 'Store 0 Main St',
      number: '7000',
    });
    const s1 = await fixtures.store(api, east.id, { retailer: 'Sobeys Inc.', banner: 'FreshCo', name: 'Store 1 Main St', number: '7001' });
    const s2 = await fixtures.store(api, east.id, { retailer: 'Loblaw Companies', banner: 'No Frills', name: 'Old name', number: '7002' });
    const lines = storeLines([north.name, south.name, east.id]);
    expect(lines).toHaveLength(ROWS);
    const header = 'retailer,banner,store name,number,branch';
    const bad = [...lines];
    bad[100] = bad[100]!.replace(/,[^,]+$/, ',Nowhere Bank');
    bad[200] = bad[200]!.replace(/^[^,]+/, '');
    const refused = await send(`${header}\n${bad.join('\n')}\n`);
    expect(refused.written).toBe(false);
    expect(refused.problems).toEqual([
      { line: 102, column: 'branch', code: 'ADMIN_NO_BRANCH', params: { branch: 'Nowhere Bank' }, message: 'No branch "Nowhere Bank".' },
      { line: 202, column: 'retailer', code: 'CSV_RETAILER_REQUIRED', params: {}, message: 'a retailer is required' },
    ]);
    expect(refused.rows).toHaveLength(ROWS - 2);

    const csv = `${header}\n${lines.join('\n')}\n`;
    const storesBefore = (await api.db.select().from(stores)).length;
    const auditBefore = (await api.db.select().from(auditLog)).length;
    const preview = await send(csv);
    expect(preview.problems).toEqual([]);
    expect(preview.written).toBe(false);
    expect(preview.rows).toHaveLength(ROWS);
    const distinctStores = new Set(lines.map((l) => l.split(',').slice(0, 4).join(','))).size;
    const second = ROWS - distinctStores; // rows linking a store of the file to East a second time
    expect({ created: preview.created, updated: preview.updated, linked: preview.linked }).toEqual({
      created: distinctStores - 3,
      updated: 1,
      linked: ROWS - 1,
    });
    expect(preview.rows.slice(0, 4)).toEqual([
      { line: 2, action: 'unchanged', label: 'Metro Inc. · Food Basics · Store 0 Main St · 7000', fields: { branch: 'North Bank' } },
      {
        line: 3,
        action: 'update',
        label: 'Metro Inc. · Food Basics · Store 0 Main St · 7000',
        fields: { branch: 'East Bank', linked: true },
      },
      {
        line: 4,
        action: 'update',
        label: 'Sobeys Inc. · FreshCo · Store 1 Main St · 7001',
        fields: { branch: 'South Bank', linked: true },
      },
      {
        line: 5,
        action: 'update',
        label: 'Loblaw Companies · No Frills · Store 2 Main St · 7002',
        fields: { branch: 'North Bank', linked: true },
      },
    ]);
    expect(preview.rows.filter((r: { action: string }) => r.action === 'create')).toHaveLength(distinctStores - 3);
    expect(second).toBeGreaterThan(200);
    // A preview writes nothing.
    expect((await api.db.select().from(stores)).length).toBe(storesBefore);
    expect((await api.db.select().from(auditLog)).length).toBe(auditBefore);

    const done = await send(csv, true);
    expect(done).toMatchObject({ written: true, problems: [], created: distinctStores - 3, updated: 1, linked: ROWS - 1 });
    expect(done.rows).toEqual(preview.rows);
    expect((await api.db.select().from(stores)).length).toBe(storesBefore + distinctStores - 3);
    expect(await api.db.select().from(branchStores).where(eq(branchStores.storeId, s0.id))).toHaveLength(2);
    expect(await api.db.select().from(branchStores).where(eq(branchStores.storeId, s1.id))).toHaveLength(2);
    const [renamed] = await api.db.select().from(stores).where(eq(stores.id, s2.id));
    expect(renamed!.name).toBe('Store 2 Main St');
    // The same file again changes nothing.
    const again = await send(csv);
    expect({ created: again.created, updated: again.updated, linked: again.linked }).toEqual({ created: 0, updated: 0, linked: 0 });
  });
});
