// Shared setup of the donation API tests: two branches, their members, stores and a valid body.
import * as s from '@/donation-api/db/schema';
import { fixtures, type TestApi } from '../support/api';

export const UNKNOWN_ID = '3f2b9c1e-8a4d-4c2b-9e7f-0123456789ab';

/** A fixed clock: 10 June 2026, noon in Toronto (the reporting year 2026 is open, 2025 is closed). */
export const JUNE_2026 = new Date('2026-06-10T16:00:00Z');

export async function donationWorld(api: TestApi) {
  api.clock.now = JUNE_2026;
  const branch = await fixtures.branch(api, { name: 'Toronto Community Food Bank' });
  const other = await fixtures.branch(api, { name: 'Halifax Food Bank', province: 'NS' });
  const member = await fixtures.user(api, { branchIds: [branch.id] });
  const outsider = await fixtures.user(api, { branchIds: [other.id] });
  const store = await fixtures.store(api, branch.id, {
    name: 'Queen St W',
    number: '1234',
    retailer: 'Loblaw Companies',
    banner: 'No Frills',
  });
  const otherStore = await fixtures.store(api, other.id, {
    name: 'Spring Garden',
    number: '77',
    retailer: 'Sobeys Inc.',
    banner: 'Sobeys',
  });
  const [campaign] = await api.db.insert(s.campaigns).values({ name: 'Holiday Drive' }).returning();
  const campaignStore = await fixtures.store(api, branch.id, {
    name: 'Yonge St',
    number: '55',
    retailer: 'Metro Inc.',
    banner: 'Food Basics',
    campaignId: campaign!.id,
  });
  return {
    branch,
    other,
    member,
    outsider,
    store,
    otherStore,
    campaign,
    campaignStore,
    token: await fixtures.token(api, member.id),
    outsiderToken: await fixtures.token(api, outsider.id),
  };
}

export type World = Awaited<ReturnType<typeof donationWorld>>;

export function donationBody(w: World, over: Record<string, unknown> = {}) {
  return {
    branchId: w.branch.id,
    date: '2026-06-05',
    storeId: w.store.id,
    source: 0,
    weight: 100,
    weightUnit: 1,
    categories: [
      { categoryId: 1, categoryName: 'Meat & Seafood', fraction: 0.25 },
      { categoryId: 5, categoryName: 'Produce', fraction: 0.75 },
    ],
    createdBy: 'someone-else@example.org',
    ...over,
  };
}

export async function addDonation(api: TestApi, w: World, over: Record<string, unknown> = {}) {
  const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, body: donationBody(w, over) });
  if (res.status !== 201) throw new Error(`add failed: ${res.status} ${res.text}`);
  return res.json;
}

export async function submit(api: TestApi, w: World, year: number, month: number, comments?: string) {
  return api.request('POST', '/api/branch/submit', {
    token: w.token,
    body: { branchId: w.branch.id, year, month, comments, userContact: w.member.email },
  });
}
