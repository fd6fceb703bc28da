// A month of the store's own records beside the branch's donations: what the branch sees (matched, differs, only on
// one side), the program's share by retailer and branch, the partner's by store, and the tolerance the program sets.
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, fixtures, type TestApi } from '../support/api';
import { addDonation, donationWorld, type World } from './donation-setup';

describe('reconciliation (PGlite)', () => {
  let api: TestApi;
  let w: World;
  let partnerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    api = await createTestApi('pglite');
    w = await donationWorld(api);
    const partner = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: partner.id, retailerId: w.store.retailerId! });
    partnerToken = await fixtures.token(api, partner.id);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    // The store recorded four pickups; the branch typed one the next day (matched), one ten times too heavy
    // (differs), none for 3 June, and one the store has no record of.
    const csv = 'Store,Date,Lb\n1234,2026-06-01,320\n1234,2026-06-02,120\n1234,2026-06-03,90\n1234,2026-06-08,45\n';
    const sent = await api.request('POST', '/api/partner/manifests', {
      token: partnerToken,
      body: { csv, mapping: { storeNumber: 'Store', date: 'Date', weight: 'Lb' }, confirm: true },
    });
    expect(sent.json.written).toBe(true);
    await addDonation(api, w, { date: '2026-06-02', weight: 310 });
    await addDonation(api, w, { date: '2026-06-02', weight: 1200 });
    await addDonation(api, w, { date: '2026-06-08', weight: 44 });
    await addDonation(api, w, { date: '2026-06-05', weight: 60 });
  });
  afterAll(() => api.close());

  const branchMonth = (token = w.token) => api.request('GET', `/api/branch/${w.branch.id}/reconciliation?year=2026&month=6`, { token });

  it('shows the branch what the store recorded and it has not, then what differs, side by side', async () => {
    const res = await branchMonth();
    expect(res.status).toBe(200);
    const rows = res.json.items.map(
      (i: { kind: string; line: { date: string; pounds: number } | null; donation: { pounds: number } | null }) => [
        i.kind,
        i.line?.date ?? null,
        i.line?.pounds ?? null,
        i.donation?.pounds ?? null,
      ],
    );
    expect(rows).toEqual([
      ['manifest-only', '2026-06-03', 90, null],
      ['differs', '2026-06-02', 120, 1200],
      ['donation-only', null, null, 60],
      ['matched', '2026-06-01', 320, 310],
      ['matched', '2026-06-08', 45, 44],
    ]);
    expect(res.json.summary).toEqual({ matched: 2, differs: 1, manifestOnly: 1, donationOnly: 1, share: 0.4 });
    expect((await branchMonth(w.outsiderToken)).status).toBe(404);
  });

  it('gives the program and the partner the same share, and follows the tolerance the program sets', async () => {
    const program = await api.request('GET', '/api/program/reconciliation?year=2026&month=6', { token: adminToken });
    expect(program.json.rows).toEqual([
      {
        key: `Loblaw Companies|${w.branch.name}`,
        retailer: 'Loblaw Companies',
        branch: w.branch.name,
        matched: 2,
        differs: 1,
        manifestOnly: 1,
        donationOnly: 1,
        share: 0.4,
      },
    ]);
    const partner = await api.request('GET', '/api/partner/reconciliation?year=2026&month=6', { token: partnerToken });
    expect(partner.json.total.share).toBe(0.4);
    expect(partner.json.rows[0].store).toBe(w.store.name);
    expect((await api.request('GET', '/api/partner/reconciliation?year=2026&month=6', { token: w.token })).status).toBe(404);

    expect((await api.request('PUT', '/api/program/manifest-settings', { token: w.token, body: { tolerancePercent: 1 } })).status).toBe(
      404,
    );
    const set = await api.request('PUT', '/api/program/manifest-settings', { token: adminToken, body: { tolerancePercent: 1 } });
    expect(set.status).toBe(200);
    // 310 for 320 (3 % off) and 44 for 45 (2 % off) are outside a 1 % tolerance.
    expect((await branchMonth()).json.summary).toMatchObject({ matched: 0, differs: 3 });
    await api.request('PUT', '/api/program/manifest-settings', { token: adminToken, body: { tolerancePercent: 10 } });
  });
});
