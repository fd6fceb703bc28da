// The program's pickup reliability is kept between views (pickups/reliability-cache.ts) and must never be older than
// the data: after every kind of write that changes what it counts, groups or names, the next view equals the
// reliability computed from scratch. A kept answer is seen by writing behind the triggers' back (the session's
// replication role skips them): the view keeps the old figures until a write through the app moves the version.
// The test API first: it loads the zod extension that the API's schemas (built on load) need.
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { eq, sql } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { programReliability } from '@/donation-api/pickups/reliability';
import type { ReliabilityAnswer, ReliabilityQuery } from '@/lib/domain/pickup-reliability';
import { recordMay, reliabilityWorld, type ReliabilityWorld } from './pickup-reliability-setup';

const ADMIN = { role: 'admin' as const, provinces: [] };
const MAY_BY_STORE: ReliabilityQuery = { year: 2026, month: 5, groupBy: 'store' };
const Q2_BY_BRANCH: ReliabilityQuery = { year: 2026, quarter: 2, groupBy: 'branch' };

describe.each(dbKinds())('the pickup reliability kept between views on %s', (kind) => {
  let api: TestApi;
  let r: ReliabilityWorld;

  const view = async (q: ReliabilityQuery): Promise<ReliabilityAnswer> => {
    const period = q.month ? `month=${q.month}` : `quarter=${q.quarter}`;
    const res = await api.request('GET', `/api/program/reliability?year=${q.year}&${period}&groupBy=${q.groupBy}`, { token: r.admin });
    expect(res.status).toBe(200);
    return res.json;
  };
  const fromScratch = async (q: ReliabilityQuery, today: string) => programReliability(api.db, ADMIN, q, today);
  const missedOn = (a: ReliabilityAnswer) => a.total.counts.missed;
  /** An outcome written where the app never writes: with the triggers skipped, as a restore tool would. */
  const behindTheTriggers = (date: string) =>
    api.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .insert(s.pickupOutcomes)
        .values({ slotId: r.toronto, pickupDate: date, branchId: r.w.branch.id, outcome: 'missed', reason: 'truck' });
    });

  beforeAll(async () => {
    api = await createTestApi(kind, { poolSize: kind === 'postgres' ? 10 : undefined });
    r = await reliabilityWorld(api);
    await recordMay(api, r, { thirdMiss: false });
  });
  afterAll(() => api.close());

  it('answers a second view from the kept answer, and the view after an outcome recorded through the app from scratch', async () => {
    const first = await view(MAY_BY_STORE);
    expect(first).toEqual(await fromScratch(MAY_BY_STORE, first.today));
    await behindTheTriggers('2026-05-18');
    const kept = await view(MAY_BY_STORE);
    expect(missedOn(kept)).toBe(missedOn(first));
    expect(missedOn(await fromScratch(MAY_BY_STORE, first.today))).toBe(missedOn(first) + 1);
    await r.atToronto('2026-05-20', { outcome: 'no_food' });
    const after = await view(MAY_BY_STORE);
    expect(after).toEqual(await fromScratch(MAY_BY_STORE, first.today));
    expect(missedOn(after)).toBe(missedOn(first) + 1);
  });

  it('equals the reliability from scratch after each write that changes what it counts, groups or names', async () => {
    const today = (await view(MAY_BY_STORE)).today;
    const steps: [string, () => Promise<unknown>][] = [
      ['a third miss in a row (a flag)', () => r.atToronto('2026-05-13', { outcome: 'missed', reason: 'weather' })],
      ['a donation linked to a pickup', () => r.halifaxDonation('2026-05-26')],
      [
        'that donation deleted',
        async () => {
          const [link] = await api.db
            .select({ donationId: s.pickupDonations.donationId })
            .from(s.pickupDonations)
            .where(eq(s.pickupDonations.pickupDate, '2026-05-26'));
          return api.request('DELETE', `/api/donation/${link!.donationId}`, { token: r.w.outsiderToken });
        },
      ],
      [
        'a slot on other weekdays',
        () =>
          api.request('PUT', `/api/program/pickup-slots/${r.halifax}`, {
            token: r.admin,
            body: { branchId: r.w.other.id, weekdays: [2, 4], windowStart: '09:00', windowEnd: '11:00', startsOn: '2026-04-01' },
          }),
      ],
      [
        'a pause',
        () =>
          api.request('POST', `/api/program/stores/${r.w.store.id}/pickup-pauses`, {
            token: r.admin,
            body: { startsOn: '2026-05-25', endsOn: '2026-05-31', reason: 'Renovation' },
          }),
      ],
      ['a store renamed', () => api.db.update(s.stores).set({ name: 'Queen Street West' }).where(eq(s.stores.id, r.w.store.id))],
      ['a branch in another province', () => api.db.update(s.branches).set({ province: 'NB' }).where(eq(s.branches.id, r.w.other.id))],
      [
        'a retailer renamed',
        () => api.db.update(s.retailers).set({ name: 'Loblaw Companies' }).where(eq(s.retailers.id, r.w.store.retailerId!)),
      ],
      ['an outcome taken back', () => api.db.delete(s.pickupOutcomes).where(eq(s.pickupOutcomes.pickupDate, '2026-05-13'))],
    ];
    for (const [what, write] of steps) {
      await view(MAY_BY_STORE);
      await view(Q2_BY_BRANCH);
      const res = (await write()) as { status?: number } | undefined;
      if (res && typeof res.status === 'number') expect({ what, status: res.status < 300 }).toEqual({ what, status: true });
      expect({ what, answer: await view(MAY_BY_STORE) }).toEqual({ what, answer: await fromScratch(MAY_BY_STORE, today) });
      expect({ what, answer: await view(Q2_BY_BRANCH) }).toEqual({ what, answer: await fromScratch(Q2_BY_BRANCH, today) });
    }
  });

  it('a write undone by its transaction leaves the kept answer as it was', async () => {
    const before = await view(MAY_BY_STORE);
    await expect(
      api.db.transaction(async (tx) => {
        await tx
          .insert(s.pickupOutcomes)
          .values({ slotId: r.toronto, pickupDate: '2026-05-27', branchId: r.w.branch.id, outcome: 'no_food' });
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await view(MAY_BY_STORE)).toEqual(before);
    expect(await view(MAY_BY_STORE)).toEqual(await fromScratch(MAY_BY_STORE, before.today));
  });

  it('a coordinator is kept apart from the administrator: their own provinces only', async () => {
    const admin = await view(MAY_BY_STORE);
    const res = await api.request('GET', '/api/program/reliability?year=2026&month=5&groupBy=store', { token: r.ontario });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(await programReliability(api.db, { role: 'coordinator', provinces: ['ON'] }, MAY_BY_STORE, admin.today));
    expect(res.json.total.counts.scheduled).toBeLessThan(admin.total.counts.scheduled);
  });
});
