// The schedule CSV import (docs/product.md, Pickups; docs/rules.md, Pickups): a preview lists every problem by line
// and writes nothing, a file with any refused line writes nothing, applying writes the slots with their audit entries,
// and applying the same file again changes nothing (a line's key: store, collecting branch, weekdays, window).
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { donationWorld, type World } from './donation-setup';

const HEADER = 'Store number,Weekdays,Window start,Window end,Every weeks,Collecting branch,Backup branch,Start date,End date';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n');
type Problem = { line: number; column: string | null; code: string };

describe.each(dbKinds())('schedule import on %s', (kind) => {
  let api: TestApi;
  let w: World;
  let admin: string;
  let ontario: string;
  let partner: string;
  const post = (token: string, file: string, confirm: boolean) =>
    api.request('POST', '/api/program/schedules/import', { token, body: { csv: file, confirm } });
  const slots = () => api.db.select().from(s.pickupSlots).where(eq(s.pickupSlots.storeId, w.store.id));

  // A database per test: each changes schedules the others read (tests run in any order).
  beforeEach(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
    // A second Ontario branch serves the Toronto store: the backup of its slots.
    const backup = await fixtures.branch(api, { name: 'Scarborough Food Bank' });
    await api.db.insert(s.branchStores).values({ branchId: backup.id, storeId: w.store.id, campaignId: RFP_CAMPAIGN_ID });
    const user = async (role: 'admin' | 'coordinator', provinces: string[]) => {
      const u = await fixtures.user(api);
      await grantProgramRole(api.db, u.username, role, provinces, 'test');
      return fixtures.token(api, u.id);
    };
    admin = await user('admin', []);
    ontario = await user('coordinator', ['ON']);
    const p = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: p.id, retailerId: w.store.retailerId! });
    partner = await fixtures.token(api, p.id);
  });
  afterEach(() => api.close());

  it('lists every problem by line and column in both languages, and saves nothing', async () => {
    const file = csv(
      '1234,Mon Wed,9:00,11:00,1,Toronto Community Food Bank,Scarborough Food Bank,2026-07-01,',
      '9999,Tue,09:00,10:00,1,Toronto Community Food Bank,,2026-07-01,',
      '1234,Funday,09:00,10:00,1,Toronto Community Food Bank,,2026-07-01,',
      '1234,Fri,25:00,10:00,1,Toronto Community Food Bank,,2026-07-01,',
      '1234,Fri,09:00,10:00,1,Nowhere Food Bank,,2026-07-01,',
      '1234,Sat,09:00,10:00,1,Toronto Community Food Bank,,2026-07-01,2026-06-01',
      '1234,Sun,11:00,10:00,1,Halifax Food Bank,,2026-07-01,',
      '1234,Sun,10:00,11:00,3,Toronto Community Food Bank,,2026-07-01,',
    );
    for (const confirm of [false, true]) {
      const res = await post(admin, file, confirm);
      expect(res.status).toBe(200);
      expect(res.json.written).toBe(false);
      expect(res.json.problems.map((p: Problem) => [p.line, p.column, p.code])).toEqual([
        [3, 'number', 'SCHEDULE_UNKNOWN_STORE'],
        [4, 'weekdays', 'SCHEDULE_BAD_WEEKDAY'],
        [5, 'windowStart', 'SCHEDULE_BAD_TIME'],
        [6, 'branch', 'ADMIN_NO_BRANCH'],
        [7, 'endsOn', 'SCHEDULE_END_BEFORE_START'],
        [8, 'windowEnd', 'SCHEDULE_WINDOW_ORDER'],
        [8, 'branch', 'SCHEDULE_BRANCH_NOT_SERVING'],
        [9, 'everyWeeks', 'SCHEDULE_BAD_EVERY'],
      ]);
      // The good line is still previewed as what it would create.
      expect(res.json.rows).toMatchObject([{ line: 2, action: 'create' }]);
      // Each problem the screen shows has its words in English and in French.
      for (const p of res.json.problems as Problem[]) {
        const key = `problem_${p.code}`;
        const has = (m: typeof en | typeof fr) => key in m.ScheduleImport || key in m.ProgramImport;
        expect([p.code, has(en), has(fr)]).toEqual([p.code, true, true]);
      }
    }
    expect(await slots()).toHaveLength(0);
  });

  it('previews without saving, applies, and changes nothing when the same file is applied again', async () => {
    const file = csv(
      '1234,Mon Wed,9:00,11:00,1,Toronto Community Food Bank,Scarborough Food Bank,2026-07-01,',
      '1234,lun;ven,13h00,14:30,every other week,Toronto Community Food Bank,,2026-07-01,2026-12-31',
    );
    const preview = await post(admin, file, false);
    expect([preview.json.written, preview.json.created, preview.json.problems]).toEqual([false, 2, []]);
    expect(await slots()).toHaveLength(0);

    const applied = await post(admin, file, true);
    expect([applied.json.written, applied.json.created, applied.json.updated]).toEqual([true, 2, 0]);
    const saved = (await slots()).sort((a, b) => a.windowStart.localeCompare(b.windowStart));
    expect(saved.map((x) => [x.weekdays.map(Number), x.windowStart, x.windowEnd, Number(x.everyWeeks), x.startsOn, x.endsOn])).toEqual([
      [[1, 3], '09:00', '11:00', 1, '2026-07-01', null],
      [[1, 5], '13:00', '14:30', 2, '2026-07-01', '2026-12-31'],
    ]);
    expect(saved[0]!.backupBranchId).not.toBeNull();
    const audits = await api.db.select().from(s.auditLog).where(eq(s.auditLog.entity, 'pickup_slot'));
    expect(audits.filter((a) => a.action === 'create')).toHaveLength(2);

    const again = await post(admin, file, true);
    expect([again.json.written, again.json.created, again.json.updated]).toEqual([true, 0, 0]);
    expect(again.json.rows.map((r: { action: string }) => r.action)).toEqual(['unchanged', 'unchanged']);
    expect(await slots()).toHaveLength(2);
    expect(await api.db.select().from(s.auditLog).where(eq(s.auditLog.entity, 'pickup_slot'))).toHaveLength(audits.length);

    // The same key with another end date changes that slot, not a new one.
    const ended = await post(
      admin,
      csv('1234,Mon Wed,09:00,11:00,1,Toronto Community Food Bank,Scarborough Food Bank,2026-07-01,2026-09-30'),
      true,
    );
    expect([ended.json.created, ended.json.updated, ended.json.rows[0].fields]).toEqual([0, 1, { endsOn: '2026-09-30' }]);
    expect((await slots()).map((x) => x.endsOn).sort()).toEqual(['2026-09-30', '2026-12-31']);
    // The same slot twice in one file is refused on the second line.
    const twice = await post(
      admin,
      csv(
        '1234,Tue,08:00,09:00,1,Toronto Community Food Bank,,2026-07-01,',
        '1234,Tue,08:00,09:00,2,Toronto Community Food Bank,,2026-07-01,',
      ),
      false,
    );
    expect(twice.json.problems.map((p: Problem) => [p.line, p.code])).toEqual([[3, 'SCHEDULE_DUPLICATE']]);
  });

  it("refuses a coordinator's line for a store outside their provinces, saving nothing, and anyone not program staff", async () => {
    const file = csv(
      '1234,Thu,10:00,11:00,1,Toronto Community Food Bank,,2026-08-01,',
      '77,Thu,10:00,11:00,1,Halifax Food Bank,,2026-08-01,',
    );
    const res = await post(ontario, file, true);
    expect(res.json.written).toBe(false);
    expect(res.json.problems.map((p: Problem) => [p.line, p.code])).toEqual([[3, 'SCHEDULE_UNKNOWN_STORE']]);
    const otherSlots = await api.db.select().from(s.pickupSlots).where(eq(s.pickupSlots.storeId, w.otherStore.id));
    expect(otherSlots).toHaveLength(0);
    expect((await slots()).filter((x) => x.windowStart === '10:00')).toHaveLength(0);
    // The Ontario line alone is the coordinator's to apply.
    const mine = await post(ontario, csv('1234,Thu,10:00,11:00,1,Toronto Community Food Bank,,2026-08-01,'), true);
    expect([mine.json.written, mine.json.created]).toEqual([true, 1]);
    for (const token of [w.token, w.outsiderToken, partner]) expect((await post(token, file, false)).status).toBe(404);
  });

  it('refuses a file that is no schedule with one problem on line 1', async () => {
    const res = await post(admin, 'Store number,Colour\n1234,blue\n', false);
    expect(res.json.problems).toMatchObject([{ line: 1, column: null, code: 'CSV_UNKNOWN_COLUMN' }]);
  });
});
