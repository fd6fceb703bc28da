import * as s from '@/donation-api/db/schema';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { addDonation, donationBody, donationWorld, submit, UNKNOWN_ID, type World } from './donation-setup';

describe.each(dbKinds())('reports, stores and years on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
    // April: 100 lbs back (25% meat, 75% produce) + 50 lbs front (100% dairy); May: one No Donation at 0 lbs.
    await addDonation(api, w, { date: '2026-04-03', weight: 100, source: 0 });
    await addDonation(api, w, { date: '2026-04-09', weight: 50, source: 1, categories: [{ categoryId: 2, fraction: 1 }] });
    await addDonation(api, w, { date: '2026-05-02', weight: 0, categories: [{ categoryId: 9, fraction: 1 }] });
    // A campaign donation counts in the report as front-of-store food.
    const res = await api.request('POST', `/api/branch/${w.branch.id}/${w.campaign!.id}/campaigndonations`, {
      token: w.token,
      body: donationBody(w, {
        date: '2026-04-20',
        storeId: w.campaignStore.id,
        source: 1,
        weight: 50,
        categories: [{ categoryId: 3, fraction: 1 }],
      }),
    });
    expect(res.status).toBe(201);
    expect((await submit(api, w, 2026, 4, 'All good')).status).toBe(200);
  });
  afterAll(() => api.close());

  it('answers twelve monthly rows with weights, pound-weighted category shares and the submitted flag', async () => {
    const res = await api.request('GET', `/api/branch/${w.branch.id}/donations/2026/aggregate`, { token: w.token });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(12);
    expect(res.json.map((r: any) => r.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const april = res.json[3];
    expect(april).toMatchObject({ year: 2026, month: 4, frontStoreWeightInPounds: 100, backStoreWeightInPounds: 100, submitted: true });
    expect(Object.keys(april.categories).sort()).toEqual(['Bakery', 'Dairy', 'Meat & Seafood', 'Produce']);
    expect(april.categories['Meat & Seafood']).toBeCloseTo(25 / 200, 12);
    expect(april.categories.Produce).toBeCloseTo(75 / 200, 12);
    expect(april.categories.Dairy).toBeCloseTo(50 / 200, 12);
    expect(april.categories.Bakery).toBeCloseTo(50 / 200, 12);
    // A month of only zero-weight "No Donation" still shows its split.
    expect(res.json[4]).toEqual({
      year: 2026,
      month: 5,
      frontStoreWeightInPounds: 0,
      backStoreWeightInPounds: 0,
      categories: { 'No Donation': 1 },
      submitted: false,
      reopenedAt: null,
    });
    expect(res.json[0]).toEqual({
      year: 2026,
      month: 1,
      frontStoreWeightInPounds: 0,
      backStoreWeightInPounds: 0,
      categories: {},
      submitted: false,
      reopenedAt: null,
    });
  });

  it('answers an empty year with twelve zero rows', async () => {
    const res = await api.request('GET', `/api/branch/${w.branch.id}/donations/2019/aggregate`, { token: w.token });
    expect(res.json).toHaveLength(12);
    expect(res.json.every((r: any) => r.frontStoreWeightInPounds === 0 && !r.submitted && r.year === 2019)).toBe(true);
  });

  it('answers submitted and comments per month', async () => {
    const yes = await api.request('GET', `/api/branch/${w.branch.id}/2026/4/submitted`, { token: w.token });
    expect(yes.status).toBe(200);
    expect(yes.json).toBe(true);
    expect((await api.request('GET', `/api/branch/${w.branch.id}/2026/5/submitted`, { token: w.token })).json).toBe(false);
    const comments = await api.request('GET', `/api/branch/${w.branch.id}/2026/4/comments`, { token: w.token });
    expect(comments.status).toBe(200);
    expect(comments.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(comments.text).toBe('All good');
    expect((await api.request('GET', `/api/branch/${w.branch.id}/2026/5/comments`, { token: w.token })).text).toBe('');
  });

  it('answers the last submission date, or 204 when the branch never submitted', async () => {
    const res = await api.request('GET', `/api/branch/${w.branch.id}/donations/last-submission-date`, { token: w.token });
    expect(res.status).toBe(200);
    expect(new Date(res.json.date).getTime()).toBe(api.clock.now.getTime());
    const none = await api.request('GET', `/api/branch/${w.other.id}/donations/last-submission-date`, { token: w.outsiderToken });
    expect(none.status).toBe(204);
    expect(none.text).toBe('');
  });

  it('lists the RFP stores of the branch, a program’s stores and the programs', async () => {
    const noBanner = await fixtures.store(api, w.branch.id, { name: 'Warden Ave', number: '9', retailer: 'Walmart Canada', banner: null });
    const rfp = await api.request('GET', `/api/branch/${w.branch.id}/stores`, { token: w.token });
    expect(rfp.status).toBe(200);
    expect(rfp.json).toEqual([
      {
        id: w.store.id,
        name: 'Queen St W',
        number: '1234',
        retailer: { id: expect.any(String), name: 'Loblaw Companies' },
        banner: { id: expect.any(String), retailerId: expect.any(String), name: 'No Frills' },
        displayName: 'Loblaw Companies - No Frills - Queen St W',
      },
      {
        id: noBanner.id,
        name: 'Warden Ave',
        number: '9',
        retailer: { id: expect.any(String), name: 'Walmart Canada' },
        banner: null,
        displayName: 'Walmart Canada - Warden Ave',
      },
    ]);
    const program = await api.request('GET', `/api/branch/${w.branch.id}/${w.campaign!.id}/stores`, { token: w.token });
    expect(program.json.map((x: any) => x.id)).toEqual([w.campaignStore.id]);
    const campaigns = await api.request('GET', `/api/branch/${w.branch.id}/campaigns`, { token: w.token });
    expect(campaigns.json).toEqual([
      { id: '00000000-0000-0000-0000-000000000000', name: 'RFP' },
      { id: w.campaign!.id, name: 'Holiday Drive' },
    ]);
    const otherCampaigns = await api.request('GET', `/api/branch/${w.other.id}/campaigns`, { token: w.outsiderToken });
    expect(otherCampaigns.json).toEqual([{ id: '00000000-0000-0000-0000-000000000000', name: 'RFP' }]);
  });

  it('answers donation years newest first, for one branch or all of the caller’s', async () => {
    await addDonation(api, w, { date: '2025-12-01', weight: 3 }).catch(() => undefined); // closed in June: refused, no year added
    await api.db.insert(s.donations).values({
      branchId: w.branch.id,
      campaignId: '00000000-0000-0000-0000-000000000000',
      storeId: w.store.id,
      date: '2024-03-01',
      source: 0,
      weight: 1,
      weightUnit: 1,
      weightInPounds: 1,
    });
    const res = await api.request('GET', `/api/donation/donationyears?appSource=bot`, { token: w.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([2026, 2024]);
    expect(
      (await api.request('GET', `/api/donation/donationyears?appSource=bot&branchId=${w.branch.id}`, { token: w.token })).json,
    ).toEqual([2026, 2024]);
    expect((await api.request('GET', `/api/donation/donationyears?appSource=bot`, { token: w.outsiderToken })).json).toEqual([]);
    expect((await api.request('GET', `/api/donation/donationyears?branchId=${w.branch.id}`, { token: w.outsiderToken })).status).toBe(404);
    expect((await api.request('GET', `/api/donation/donationyears?branchId=nope`, { token: w.token })).status).toBe(400);
  });

  it('pages a year of donations for the export, ordered by date', async () => {
    const q = `appSource=bot&branchId=${w.branch.id}&startDate=2026-01-01T00:00:00.000Z&endDate=2026-12-31T23:59:59.999Z&orderBy=date`;
    const asc = await api.request('GET', `/api/donation/paged?${q}&order=asc`, { token: w.token });
    expect(asc.status).toBe(200);
    expect(asc.json.total).toBe(4);
    expect(asc.json.entities.map((d: any) => d.date)).toEqual(['2026-04-03', '2026-04-09', '2026-04-20', '2026-05-02']);
    const desc = await api.request('GET', `/api/donation/paged?${q}&order=desc`, { token: w.token });
    expect(desc.json.entities.map((d: any) => d.date)).toEqual(['2026-05-02', '2026-04-20', '2026-04-09', '2026-04-03']);
    const page2 = await api.request('GET', `/api/donation/paged?${q}&order=asc&page=2&pageSize=3`, { token: w.token });
    expect(page2.json).toMatchObject({ total: 4 });
    expect(page2.json.entities.map((d: any) => d.date)).toEqual(['2026-05-02']);
    expect((await api.request('GET', `/api/donation/paged?${q}&order=asc`, { token: w.outsiderToken })).status).toBe(404);
    expect((await api.request('GET', `/api/donation/paged?${q.replace(w.branch.id, UNKNOWN_ID)}`, { token: w.token })).status).toBe(404);
    expect(
      (await api.request('GET', `/api/donation/paged?${q.replace('2026-01-01T00:00:00.000Z', 'yesterday')}`, { token: w.token })).status,
    ).toBe(400);
    expect((await api.request('GET', `/api/donation/paged?appSource=bot`, { token: w.token })).status).toBe(400);
  });

  it.each([
    '/api/branch/{b}/donations/9999/aggregate',
    '/api/branch/{b}/donations/9999/12',
    '/api/branch/{b}/campaigndonations/1900/1',
    '/api/branch/{b}/9999/12/submitted',
    '/api/donation/export?branchId={b}&year=9999',
    '/api/donation/paged?branchId={b}&startDate=1900-01-01&endDate=9999-12-31T23:59:59.999Z&order=DESC',
  ])('answers the edge of the year range without error: %s', async (path) => {
    const res = await api.request('GET', path.replace('{b}', w.branch.id), { token: w.token });
    expect(res.status).toBe(200);
  });

  // Every branch-scoped read: a member gets 200, a member of another branch and an unknown id the same 404, no token 401.
  const reads = [
    (b: string) => `/api/branch/${b}/stores`,
    (b: string) => `/api/branch/${b}/campaigns`,
    (b: string) => `/api/branch/${b}/00000000-0000-0000-0000-000000000000/stores`,
    (b: string) => `/api/branch/${b}/donations/2026/4`,
    (b: string) => `/api/branch/${b}/campaigndonations/2026/4`,
    (b: string) => `/api/branch/${b}/donations/2026/aggregate`,
    (b: string) => `/api/branch/${b}/donations/last-submission-date`,
    (b: string) => `/api/branch/${b}/2026/4/submitted`,
    (b: string) => `/api/branch/${b}/2026/4/comments`,
    (b: string) => `/api/donation/export?branchId=${b}&year=2026`,
    (b: string) => `/api/donation/paged?branchId=${b}&startDate=2026-01-01&endDate=2026-12-31`,
  ];
  it.each(reads.map((f) => [f('{branchId}'), f]))('authorizes GET %s', async (_name, path) => {
    const member = await api.request('GET', path(w.branch.id), { token: w.token });
    expect(member.status).toBe(200);
    const foreign = await api.request('GET', path(w.branch.id), { token: w.outsiderToken });
    const unknown = await api.request('GET', path(UNKNOWN_ID), { token: w.token });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.json).toEqual(unknown.json);
    expect((await api.request('GET', path(w.branch.id))).status).toBe(401);
    expect((await api.request('GET', path('not-a-uuid'), { token: w.token })).status).toBe(400);
  });

  it('authorizes the writes of a branch: another member and unknown ids get 404 and nothing changes', async () => {
    const before = await api.db.$count(s.donations);
    const add = await api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.outsiderToken, body: donationBody(w) });
    expect(add.status).toBe(404);
    expect(
      (
        await api.request('POST', `/api/branch/${UNKNOWN_ID}/donations`, {
          token: w.token,
          body: donationBody(w, { branchId: UNKNOWN_ID }),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.request('POST', `/api/branch/${w.branch.id}/${w.campaign!.id}/campaigndonations`, {
          token: w.outsiderToken,
          body: donationBody(w),
        })
      ).status,
    ).toBe(404);
    expect((await api.request('POST', `/api/branch/${w.branch.id}/donations`, { body: donationBody(w) })).status).toBe(401);
    expect(await api.db.$count(s.donations)).toBe(before);
  });
});
