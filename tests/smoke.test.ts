import { createTestApi, dbKinds, fixtures, type TestApi } from './support/api';

describe.each(dbKinds())('donation API basics on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  it('refuses a call without a bearer token with 401', async () => {
    const res = await api.request('GET', '/api/category');
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('UNAUTHORIZED');
  });

  it('refuses an unknown path without a token as 401, not revealing what exists', async () => {
    const res = await api.request('GET', '/api/nothing-here');
    expect(res.status).toBe(401);
  });

  it('lists the nine categories in display order with No Donation ninth', async () => {
    // A token row made directly: the login call belongs to the user routes' own tests.
    const branch = await fixtures.branch(api);
    const user = await fixtures.user(api, { branchIds: [branch.id] });
    const token = await fixtures.token(api, user.id);
    const res = await api.request('GET', '/api/category', { token });
    expect(res.status).toBe(200);
    expect(res.json.map((c: { name: string }) => c.name)).toEqual([
      'Meat & Seafood',
      'Dairy',
      'Bakery',
      'Frozen',
      'Produce',
      'Non-perishable',
      'Non-food items',
      'Waste',
      'No Donation',
    ]);
  });
});
