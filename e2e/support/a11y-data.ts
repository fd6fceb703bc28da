// What the axe specs of the program and partner screens create for themselves, through the same calls the screens
// make (the BFF), as the users the demo data has: a donation of the demo user's branch (an unusual weight is marked
// for the program), a store request of that branch, a partner's query on a line.
import { request as newRequest, expect, type APIRequestContext } from '@playwright/test';
import { loginByApi, type Credentials } from './auth';
import { demoMonths, isoDay, monthsAgo, type StoreRow } from './donations';

export const PROGRAM: Credentials = { username: 'program', password: 'Demo-2026' };
export const RETAIL: Credentials = { username: 'retail', password: 'Demo-2026' };
const DEMO: Credentials = { username: 'demo', password: 'Demo-2026' };

/** A request context signed in as `creds`, with the Origin header the BFF asks of a write. */
export async function signedInRequest(baseURL: string, creds: Credentials): Promise<APIRequestContext> {
  const context = await newRequest.newContext({ baseURL, extraHTTPHeaders: { origin: new URL(baseURL).origin } });
  await loginByApi(context, creds);
  return context;
}

async function demoSession(baseURL: string) {
  const demo = await signedInRequest(baseURL, DEMO);
  const session = (await (await demo.get('/api/auth/session')).json()) as { user: { branchId: string } };
  return { demo, branchId: session.user.branchId };
}

/** The demo user's request for a store named `name` ('My store is not in the list'); answers its id. */
export async function demoStoreRequest(baseURL: string, name: string): Promise<string> {
  const { demo, branchId } = await demoSession(baseURL);
  const res = await demo.post(`/bff/branch/${branchId}/store-requests`, { data: { retailer: 'Co-op', name } });
  expect(res.status(), await res.text()).toBe(200);
  const { id } = (await res.json()) as { id: string };
  await demo.dispose();
  return id;
}

export type OwnDonation = { id: string; branchId: string; year: number; month: number; remove: () => Promise<void> };

/**
 * A donation of the demo user's branch on the 1st of the open month, to its first store; `remove` deletes it
 * again. 99,999 lbs is far above any store's usual weight: the API marks it for the program.
 */
export async function demoDonation(baseURL: string, weight = 100): Promise<OwnDonation> {
  const { demo, branchId } = await demoSession(baseURL);
  const [store] = (await (await demo.get(`/bff/branch/${branchId}/stores`)).json()) as StoreRow[];
  const { open } = demoMonths();
  const res = await demo.post(`/bff/branch/${branchId}/donations`, {
    data: {
      branchId,
      date: isoDay(open, 1),
      storeId: store!.id,
      source: 0,
      weight,
      weightUnit: 1,
      categories: [{ categoryId: 5, categoryName: 'Produce', fraction: 1 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return {
    id,
    branchId,
    ...open,
    remove: async () => {
      expect((await demo.delete(`/bff/donation/${id}`)).status()).toBe(204);
      await demo.dispose();
    },
  };
}

/**
 * An open query of the demo partner on a line nobody has queried, of a month three or more back (the partner's
 * own spec queries lines of the latest months).
 */
export async function partnerQuery(baseURL: string, reason: string): Promise<void> {
  const partner = await signedInRequest(baseURL, RETAIL);
  try {
    for (let back = 3; back < 15; back++) {
      const { year, month } = monthsAgo(back);
      const res = await partner.get(`/bff/partner/lines?month=${year}-${String(month).padStart(2, '0')}`);
      expect(res.status()).toBe(200);
      const line = ((await res.json()) as { lines: { id: string; queryStatus: string | null }[] }).lines.find((l) => !l.queryStatus);
      if (!line) continue;
      const made = await partner.post('/bff/partner/queries', { data: { donationId: line.id, kind: 'weight', reason } });
      expect(made.status(), await made.text()).toBe(201);
      return;
    }
    throw new Error('no line without a query in the last year');
  } finally {
    await partner.dispose();
  }
}
