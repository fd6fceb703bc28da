// The demo retailer's two-month manifest: most lines agree with Toronto's donations, a few differ, and one Parkdale
// pickup is on the store's side only.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { seedDemo } from '@/donation-api/demo/seed-demo';
import { branchReconciliation } from '@/donation-api/manifests/reconciliation';
import { createTestApi, type TestApi } from '../support/api';

describe('demo manifests (PGlite)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi('pglite');
  });
  afterAll(() => api.close());

  it('seeds two months of Sobeys lines with a few differences and one line missing on the branch side', async () => {
    const today = new Date('2026-12-02T15:00:00Z');
    expect(await seedDemo(api.db, { now: today, timeZone: 'America/Toronto', bananaBoxLbs: 40 })).toBe(true);
    const [toronto] = await api.db.select().from(s.branches).where(eq(s.branches.name, 'Toronto Community Food Bank'));
    const [september, october] = [
      await branchReconciliation(api.db, toronto!.id, 2026, 9),
      await branchReconciliation(api.db, toronto!.id, 2026, 10),
    ];
    expect(september.summary.matched + october.summary.matched).toBeGreaterThan(5);
    expect(september.summary.differs + october.summary.differs).toBeGreaterThan(0);
    const storeOnly = september.items.filter((i) => i.kind === 'manifest-only');
    expect(storeOnly.map((i) => [i.storeName, i.line?.pounds])).toEqual([['Parkdale', 275]]);
  });
});
