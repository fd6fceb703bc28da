import { and, eq, gte, lt } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { createTestApi, type TestApi } from '../support/api';
import { donationBody, donationWorld, submit, type World } from './donation-setup';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

// Only a real server runs transactions concurrently; PGlite serializes everything on one connection.
onPostgres('many adds racing a submit on postgres', () => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi('postgres', { poolSize: 20 });
    // The harness drops the database "with (force)" right after pool.end(); with 20 connections a closing
    // one can still receive the termination notice, which an unlistened pool rethrows.
    (api.db as unknown as { $client: { on: (e: string, f: () => void) => void } }).$client.on('error', () => undefined);
    w = await donationWorld(api);
  });
  afterAll(() => api.close());

  it('leaves in the month exactly the adds that committed before the submit; every later add is refused', async () => {
    let committed = 0;
    let rejected = 0;
    for (let round = 0; round < 3; round++) {
      const month = 3 + round; // March, April, May 2026
      const date = `2026-0${month}-15`;
      const adds = Array.from({ length: 60 }, (_, i) =>
        new Promise((r) => setTimeout(r, i % 15)).then(() =>
          api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, body: donationBody(w, { date, weight: i + 1 }) }),
        ),
      );
      const submitting = new Promise((r) => setTimeout(r, 6)).then(() => submit(api, w, 2026, month));
      const [sub, ...results] = await Promise.all([submitting, ...adds]);
      expect(sub.status).toBe(200);

      const ok = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status !== 201);
      for (const r of refused) {
        expect(r.status).toBe(400);
        expect(r.json.message).toContain('month already submitted');
      }
      const [row] = await api.db
        .select()
        .from(s.monthSubmissions)
        .where(and(eq(s.monthSubmissions.branchId, w.branch.id), eq(s.monthSubmissions.year, 2026), eq(s.monthSubmissions.month, month)));
      const inMonth = await api.db
        .select({ id: s.donations.id })
        .from(s.donations)
        .where(
          and(
            eq(s.donations.branchId, w.branch.id),
            gte(s.donations.date, `2026-0${month}-01`),
            lt(s.donations.date, `2026-0${month + 1}-01`),
          ),
        );
      expect(inMonth.length).toBe(ok.length);
      expect(new Set(inMonth.map((d) => d.id))).toEqual(new Set(ok.map((r) => r.json.id)));
      // Audit entries are written under the month lock: every committed add was logged before the submit.
      const [submitAudit] = await api.db
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.action, 'submit'), eq(s.auditLog.entityId, `${w.branch.id}/2026/${month}`)));
      const createAudits = await api.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'create'));
      const inMonthIds = new Set(inMonth.map((d) => d.id));
      const mine = createAudits.filter((a) => inMonthIds.has(a.entityId!));
      expect(mine).toHaveLength(inMonth.length);
      for (const a of mine) expect(a.id).toBeLessThan(submitAudit!.id);
      expect(row!.submitted).toBe(true);
      // And nothing can be added afterwards.
      const late = await api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, body: donationBody(w, { date }) });
      expect(late.status).toBe(400);
      committed += ok.length;
      rejected += refused.length;
    }
    // The race was real: over the rounds, adds landed on both sides of the submit.
    expect(committed).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(0);
  }, 120_000);

  it('serializes concurrent moves between two months without deadlock', async () => {
    const a = await api.request('POST', `/api/branch/${w.branch.id}/donations`, {
      token: w.token,
      body: donationBody(w, { date: '2026-06-01' }),
    });
    const b = await api.request('POST', `/api/branch/${w.branch.id}/donations`, {
      token: w.token,
      body: donationBody(w, { date: '2026-01-10' }),
    });
    const moves = Array.from({ length: 20 }, (_, i) =>
      api.request('PUT', `/api/donation/${i % 2 ? a.json.id : b.json.id}`, {
        token: w.token,
        body: donationBody(w, { date: i % 4 < 2 ? '2026-01-20' : '2026-06-02' }),
      }),
    );
    const results = await Promise.all(moves);
    expect(results.every((r) => r.status === 200)).toBe(true);
  });
});
