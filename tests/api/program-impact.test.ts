// The program's totals show the meals beside the CO2e, by the one definition the branch screens use
// (lib/domain/impact.ts): food pounds only, 1.2 lb a meal, so a one-branch program shows its branch's figure.
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { LBS_PER_MEAL, NON_FOOD_CATEGORY_IDS } from '@/lib/domain/impact';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';

describe.each(dbKinds())('the program’s impact figures on %s', (kind) => {
  let api: TestApi;
  let adminToken: string;
  let staffToken: string;
  let branch: { id: string };

  beforeAll(async () => {
    api = await createTestApi(kind);
    api.clock.now = new Date('2026-05-20T16:00:00Z');
    branch = await fixtures.branch(api, { name: 'Meals Food Bank', province: 'ON', createdAt: new Date('2025-01-01T17:00:00Z') });
    const staff = await fixtures.user(api, { branchIds: [branch.id] });
    staffToken = await fixtures.token(api, staff.id);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    const store = await fixtures.store(api, branch.id);
    // 61 lb of food (a Bakery share of 1) and 40 lb of a non-food category.
    for (const [weight, categoryId] of [
      [61, 1],
      [40, NON_FOOD_CATEGORY_IDS[0]],
    ]) {
      const res = await api.request('POST', `/api/branch/${branch.id}/donations`, {
        token: staffToken,
        body: {
          branchId: branch.id,
          date: '2026-04-10',
          storeId: store.id,
          source: 0,
          weight,
          weightUnit: 1,
          categories: [{ categoryId, fraction: 1 }],
        },
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await api.close();
  });

  it('gives the meals of the food pounds for the month, the year, the province and the program', async () => {
    const totals = await api.request('GET', '/api/program/totals?year=2026&month=4', { token: adminToken });
    expect(totals.status).toBe(200);
    const meals = Math.floor(61 / LBS_PER_MEAL);
    expect(totals.json.monthTotals.program).toMatchObject({ backStoreWeightInPounds: 101, meals });
    expect(totals.json.yearTotals.program.meals).toBe(meals);
    expect(totals.json.monthTotals.provinces[0]).toMatchObject({ province: 'ON', meals });
  });

  it('shows the same figure as the branch’s own year summary', async () => {
    const summary = await api.request('GET', `/api/branch/${branch.id}/year-summary/2026`, { token: staffToken });
    const totals = await api.request('GET', '/api/program/totals?year=2026&month=4', { token: adminToken });
    expect(totals.json.yearTotals.program.meals).toBe(summary.json.totals.meals);
    expect(totals.json.yearTotals.program.ghgKgCo2e).toBeCloseTo(summary.json.totals.ghgKgCo2e, 9);
  });
});
