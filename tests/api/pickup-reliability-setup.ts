// The pickups the reliability tests count: two stores in two provinces, their slots since 1 April 2026, and what the
// branches recorded in May. The clock is Wednesday 10 June 2026, noon in Toronto (donationWorld).
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { pickupIdOf } from '@/lib/domain/pickups';
import { fixtures, type TestApi } from '../support/api';
import { addDonation, donationBody, donationWorld } from './donation-setup';

export async function reliabilityWorld(api: TestApi) {
  const w = await donationWorld(api);
  const program = async (role: 'admin' | 'coordinator', provinces: string[]) => {
    const u = await fixtures.user(api);
    await grantProgramRole(api.db, u.username, role, provinces, 'test');
    return fixtures.token(api, u.id);
  };
  const partnerOf = async (retailerId: string) => {
    const p = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: p.id, retailerId });
    return fixtures.token(api, p.id);
  };
  const admin = await program('admin', []);
  const ontario = await program('coordinator', ['ON']);
  const novaScotia = await program('coordinator', ['NS']);
  const loblaw = await partnerOf(w.store.retailerId!);
  const sobeys = await partnerOf(w.otherStore.retailerId!);
  const slot = async (storeId: string, branchId: string, weekdays: number[]) => {
    const body = { branchId, weekdays, windowStart: '09:00', windowEnd: '11:00', startsOn: '2026-04-01' };
    const res = await api.request('POST', `/api/program/stores/${storeId}/pickup-slots`, { token: admin, body });
    if (res.status !== 200) throw new Error(`slot: ${res.status} ${res.text}`);
    return res.json.id as string;
  };
  // Toronto collects Queen St W on Mondays and Wednesdays; Halifax collects Spring Garden on Tuesdays.
  const toronto = await slot(w.store.id, w.branch.id, [1, 3]);
  const halifax = await slot(w.otherStore.id, w.other.id, [2]);
  const outcome = async (branchId: string, token: string, slotId: string, date: string, body: unknown) => {
    const res = await api.request('POST', `/api/branch/${branchId}/pickups/${pickupIdOf(slotId, date)}/outcome`, { token, body });
    if (res.status !== 200) throw new Error(`outcome: ${res.status} ${res.text}`);
  };
  const atToronto = (date: string, body: unknown) => outcome(w.branch.id, w.token, toronto, date, body);
  const atHalifax = (date: string, body: unknown) => outcome(w.other.id, w.outsiderToken, halifax, date, body);
  const halifaxDonation = async (date: string) => {
    const body = donationBody(w, { branchId: w.other.id, storeId: w.otherStore.id, date });
    const res = await api.request('POST', `/api/branch/${w.other.id}/donations`, { token: w.outsiderToken, body });
    if (res.status !== 201) throw new Error(`donation: ${res.status} ${res.text}`);
  };
  return { w, admin, ontario, novaScotia, loblaw, sobeys, toronto, halifax, atToronto, atHalifax, halifaxDonation, addDonation };
}

export type ReliabilityWorld = Awaited<ReturnType<typeof reliabilityWorld>>;

/** May 2026 as the branches recorded it (the tests' reference): Toronto's run of three, Halifax's run of two. */
export async function recordMay(api: TestApi, r: ReliabilityWorld, opts: { thirdMiss?: boolean } = {}) {
  // Toronto: collected on 4 May, no food on the 6th, missed (truck) on the 11th; missed (weather) on the 13th makes three.
  await addDonation(api, r.w, { date: '2026-05-04' });
  await r.atToronto('2026-05-06', { outcome: 'no_food' });
  await r.atToronto('2026-05-11', { outcome: 'missed', reason: 'truck' });
  if (opts.thirdMiss !== false) await r.atToronto('2026-05-13', { outcome: 'missed', reason: 'weather' });
  // Halifax: missed (staff) on 5 May, no food on the 12th, collected on the 19th: two in a row only.
  await r.atHalifax('2026-05-05', { outcome: 'missed', reason: 'staff' });
  await r.atHalifax('2026-05-12', { outcome: 'no_food' });
  await r.halifaxDonation('2026-05-19');
}
