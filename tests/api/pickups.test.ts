// Pickups (docs/product.md, Pickups): the program sets a store's schedule, the partner reads it, the branch sees its
// scheduled pickups late first and answers them in one tap, and a donation typed the usual way finds its pickup.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { pickupIdOf } from '@/lib/domain/pickups';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { addDonation, donationWorld, type World } from './donation-setup';

describe.each(dbKinds())('pickups on %s', (kind) => {
  let api: TestApi;
  let w: World;
  let admin: string;
  let ontario: string;
  let novaScotia: string;
  let partner: string;
  let slotId: string;
  // Mondays and Wednesdays since 1 May 2026; the clock is Wednesday 10 June 2026, noon in Toronto.
  const slot = (over: Record<string, unknown> = {}) => ({
    branchId: w.branch.id,
    weekdays: [1, 3],
    windowStart: '09:00',
    windowEnd: '11:00',
    startsOn: '2026-05-01',
    ...over,
  });
  const asAdmin = (method: string, path: string, body?: unknown) => api.request(method, `/api${path}`, { token: admin, body });
  const pickups = async (query = '') => (await api.request('GET', `/api/branch/${w.branch.id}/pickups${query}`, { token: w.token })).json;
  const answer = (date: string, body: unknown, token = w.token) =>
    api.request('POST', `/api/branch/${w.branch.id}/pickups/${pickupIdOf(slotId, date)}/outcome`, { token, body });

  /** A fresh database with program staff: an administrator and the coordinators of Ontario and Nova Scotia. */
  async function open() {
    api = await createTestApi(kind);
    const user = async (role: 'admin' | 'coordinator', provinces: string[]) => {
      const u = await fixtures.user(api);
      await grantProgramRole(api.db, u.username, role, provinces, 'test');
      return fixtures.token(api, u.id);
    };
    admin = await user('admin', []);
    ontario = await user('coordinator', ['ON']);
    novaScotia = await user('coordinator', ['NS']);
  }

  /** Branches, stores and people of their own (donation-setup's world), the store's partner and its slot. */
  async function world() {
    w = await donationWorld(api);
    const p = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: p.id, retailerId: w.store.retailerId! });
    partner = await fixtures.token(api, p.id);
    const created = await asAdmin('POST', `/program/stores/${w.store.id}/pickup-slots`, slot());
    expect(created.status).toBe(200);
    slotId = created.json.id;
  }

  // These tests only read (a refused write changes nothing): they share one database and one world.
  describe('read by everyone in scope', () => {
    beforeAll(async () => {
      await open();
      await world();
    });
    afterAll(() => api.close());

    it('lets program staff set a schedule for a store in their scope only, and refuses a bad one with its reason', async () => {
      const read = await api.request('GET', `/api/program/stores/${w.store.id}/schedule`, { token: ontario });
      expect(read.status).toBe(200);
      expect(read.json.slots).toMatchObject([{ id: slotId, branchName: 'Toronto Community Food Bank', weekdays: [1, 3], everyWeeks: 1 }]);
      // A coordinator of another province, and branch staff, get the same 404 as for an unknown store.
      const foreign = await api.request('GET', `/api/program/stores/${w.store.id}/schedule`, { token: novaScotia });
      const unknown = await api.request('GET', `/api/program/stores/${w.otherStore.id}/schedule`, { token: ontario });
      expect([foreign.status, unknown.status]).toEqual([404, 404]);
      expect((await api.request('GET', `/api/program/stores/${w.store.id}/schedule`, { token: w.token })).status).toBe(404);
      expect(
        (await api.request('POST', `/api/program/stores/${w.store.id}/pickup-slots`, { token: novaScotia, body: slot() })).status,
      ).toBe(404);
      // The collecting branch must serve the store; a window must end after it starts; at least one weekday.
      const other = await asAdmin('POST', `/program/stores/${w.store.id}/pickup-slots`, slot({ branchId: w.other.id }));
      expect([other.status, other.json.code, other.json.field]).toEqual([400, 'PICKUP_BRANCH', 'branchId']);
      expect((await asAdmin('POST', `/program/stores/${w.store.id}/pickup-slots`, slot({ windowEnd: '08:00' }))).status).toBe(400);
      expect((await asAdmin('POST', `/program/stores/${w.store.id}/pickup-slots`, slot({ weekdays: [] }))).status).toBe(400);
      expect((await asAdmin('POST', `/program/stores/${w.store.id}/pickup-slots`, slot({ everyWeeks: 3 }))).status).toBe(400);
    });

    it("shows the partner its stores' schedules, read-only, and no one else's", async () => {
      const res = await api.request('GET', '/api/partner/schedules', { token: partner });
      expect(res.status).toBe(200);
      expect(res.json.map((x: { storeId: string }) => x.storeId)).toEqual([w.store.id]);
      expect((await api.request('GET', '/api/partner/schedules', { token: w.token })).status).toBe(404);
      expect((await api.request('POST', `/api/program/stores/${w.store.id}/pickup-slots`, { token: partner, body: slot() })).status).toBe(
        404,
      );
    });

    it("lists the branch's pickups late first: unrecorded, late, today, then the week ahead", async () => {
      const list = await pickups();
      // From 28 May to 16 June: Mondays and Wednesdays.
      expect(list.map((p: { date: string; state: string }) => `${p.date} ${p.state}`)).toEqual([
        '2026-06-01 unrecorded',
        '2026-06-03 unrecorded',
        '2026-06-08 unrecorded',
        '2026-06-10 today',
        '2026-06-15 upcoming',
      ]);
      expect(list[0]).toMatchObject({ storeName: 'Loblaw Companies - No Frills - Queen St W', windowStart: '09:00', backup: false });
      expect((await api.request('GET', `/api/branch/${w.branch.id}/pickups`, { token: w.outsiderToken })).status).toBe(404);
      const tooLong = await api.request('GET', `/api/branch/${w.branch.id}/pickups?from=2026-01-01&to=2026-06-30`, { token: w.token });
      expect([tooLong.status, tooLong.json.code]).toEqual([400, 'PICKUP_RANGE']);
    });
  });

  // These tests write: they share one database, each with a world of its own (its branches, stores, partner and
  // slot), and add themselves the donations they need.
  describe('answered and changed', () => {
    beforeAll(open);
    afterAll(() => api.close());
    beforeEach(world);

    it('records no food once however often it is tapped, and missed with its reason', async () => {
      const first = await answer('2026-06-08', { outcome: 'no_food' });
      const again = await answer('2026-06-08', { outcome: 'no_food' });
      expect([first.status, first.json.changed, again.status, again.json.changed]).toEqual([200, true, 200, false]);
      const rows = await api.db.select().from(s.pickupOutcomes).where(eq(s.pickupOutcomes.slotId, slotId));
      expect(rows).toHaveLength(1);
      // Another answer for the same pickup is refused, not written over the first.
      const contradiction = await answer('2026-06-08', { outcome: 'missed', reason: 'truck' });
      expect([contradiction.status, contradiction.json.code]).toEqual([409, 'PICKUP_RECORDED']);
      const missed = await answer('2026-06-01', { outcome: 'missed', reason: 'other', reasonText: 'Road closed by snow' });
      expect(missed.status).toBe(200);
      expect((await answer('2026-06-03', { outcome: 'missed' })).status).toBe(400);
      expect((await answer('2026-06-03', { outcome: 'missed', reason: 'holiday' })).status).toBe(400);
      // Not yet happened; not a scheduled date; not this branch's.
      const future = await answer('2026-06-15', { outcome: 'no_food' });
      expect([future.status, future.json.code]).toEqual([400, 'PICKUP_NOT_YET']);
      expect((await answer('2026-06-09', { outcome: 'no_food' })).status).toBe(404);
      const outsider = await api.request('POST', `/api/branch/${w.other.id}/pickups/${pickupIdOf(slotId, '2026-06-03')}/outcome`, {
        token: w.outsiderToken,
        body: { outcome: 'no_food' },
      });
      expect(outsider.status).toBe(404);
      const states = Object.fromEntries(
        (await pickups()).map((p: { date: string; state: string; reasonText: string | null }) => [p.date, [p.state, p.reasonText]]),
      );
      expect(states['2026-06-01']).toEqual(['missed', 'Road closed by snow']);
      expect(states['2026-06-08']).toEqual(['no_food', null]);
    });

    it('links a donation typed the usual way to the pickup within a day, and allows two trips for one pickup', async () => {
      // Thursday 4 June: the Wednesday pickup of the 3rd is one day before.
      await addDonation(api, w, { date: '2026-06-04', weight: 120 });
      await addDonation(api, w, { date: '2026-06-03', weight: 80 });
      // Saturday 6 June: no pickup within a day, the donation stays unlinked.
      await addDonation(api, w, { date: '2026-06-06' });
      const june3 = (await pickups()).find((p: { date: string }) => p.date === '2026-06-03');
      expect([june3.state, june3.donations]).toEqual(['recorded', 2]);
      expect(await api.db.select().from(s.pickupDonations).where(eq(s.pickupDonations.slotId, slotId))).toHaveLength(2);
      // A donation made from the pickups screen names its pickup: the one of the 10th, though the 9th is one day away
      // from the 8th too.
      await addDonation(api, w, { date: '2026-06-09', pickupId: pickupIdOf(slotId, '2026-06-10') });
      const today = (await pickups()).find((p: { date: string }) => p.date === '2026-06-10');
      expect(today.state).toBe('recorded');
      // A pickup already answered no food or missed is no longer "nothing recorded" and is not answered twice.
      expect((await answer('2026-06-03', { outcome: 'no_food' })).json.code).toBe('PICKUP_RECORDED');
    });

    it("skips a paused store's pickups and keeps its slots", async () => {
      const pause = await asAdmin('POST', `/program/stores/${w.store.id}/pickup-pauses`, {
        startsOn: '2026-06-15',
        endsOn: '2026-06-21',
        reason: 'Renovation',
      });
      expect(pause.status).toBe(200);
      expect((await pickups()).map((p: { date: string }) => p.date)).not.toContain('2026-06-15');
      expect(
        (
          await asAdmin('POST', `/program/stores/${w.store.id}/pickup-pauses`, {
            startsOn: '2026-06-15',
            endsOn: '2026-06-14',
            reason: 'x',
          })
        ).status,
      ).toBe(400);
      expect((await asAdmin('DELETE', `/program/pickup-pauses/${pause.json.id}`)).status).toBe(200);
      expect((await pickups()).map((p: { date: string }) => p.date)).toContain('2026-06-15');
    });

    it('answers every pickup route by role: the right people succeed, everyone else gets 404', async () => {
      await addDonation(api, w, { date: '2026-06-03' });
      const pickup = pickupIdOf(slotId, '2026-06-03');
      const calls: [string, string, unknown?][] = [
        ['GET', `/program/stores/${w.store.id}/schedule`],
        ['GET', '/partner/schedules'],
        ['GET', `/branch/${w.branch.id}/pickups`],
        ['POST', `/branch/${w.branch.id}/pickups/${pickup}/outcome`, { outcome: 'no_food' }],
        ['PUT', `/program/pickup-slots/${slotId}`, slot()],
      ];
      const roles: Record<string, string> = { member: w.token, outsider: w.outsiderToken, partner, ontario, novaScotia, admin };
      const seen: Record<string, string> = {};
      for (const [role, token] of Object.entries(roles))
        seen[role] = (
          await Promise.all(calls.map(async ([method, path, body]) => (await api.request(method, `/api${path}`, { token, body })).status))
        ).join(' ');
      // The outcome of the 3rd was a donation already (409 for whoever may answer); a coordinator reads a branch in its
      // provinces but records nothing for it (branch write access is an administrator's).
      expect(seen).toEqual({
        member: '404 404 200 409 404',
        outsider: '404 404 404 404 404',
        partner: '404 200 404 404 404',
        ontario: '200 404 200 404 200',
        novaScotia: '404 404 404 404 404',
        admin: '200 404 200 409 200',
      });
    });

    it('changes and deletes a slot; its donations stay', async () => {
      await addDonation(api, w, { date: '2026-06-03', weight: 80 });
      await addDonation(api, w, { date: '2026-06-09', pickupId: pickupIdOf(slotId, '2026-06-10') });
      expect(await api.db.select().from(s.pickupDonations).where(eq(s.pickupDonations.slotId, slotId))).toHaveLength(2);
      const moved = await asAdmin('PUT', `/program/pickup-slots/${slotId}`, slot({ weekdays: [5], everyWeeks: 2 }));
      expect(moved.status).toBe(200);
      expect((await pickups('?from=2026-06-01&to=2026-06-30')).map((p: { date: string }) => p.date)).toEqual(['2026-06-12', '2026-06-26']);
      expect((await api.request('DELETE', `/api/program/pickup-slots/${slotId}`, { token: novaScotia })).status).toBe(404);
      expect((await asAdmin('DELETE', `/program/pickup-slots/${slotId}`)).status).toBe(200);
      expect(await pickups()).toEqual([]);
      expect(await api.db.select().from(s.donations).where(eq(s.donations.branchId, w.branch.id))).toHaveLength(2);
    });
  });
});
