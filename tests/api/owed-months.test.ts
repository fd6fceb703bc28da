// Which months a branch owes (owesMonth in lib/domain/report-status.ts, owesMonthSql in donations/owed-months.ts):
// from the month it joined the program (its creation) and before the month it was deactivated in. A branch created
// today and deactivated today owes nothing: it is in no count, list, year view, reminder, digest or export.
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import * as s from '@/donation-api/db/schema';
import { createMailer } from '@/donation-api/mail/mailer';
import { membershipColumnsSql, owedRangeColumnsSql, owesReportMonthSql } from '@/donation-api/donations/owed-months';
import { runReminders } from '@/donation-api/program/reminders';
import { queryRows } from '@/donation-api/db/sql-rows';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { owesMonth } from '@/lib/domain/report-status';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

const TZ = 'America/Toronto';

describe.each(dbKinds())('months a branch owes on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let adminToken: string;
  let deps: Parameters<typeof runReminders>[0];
  const b: Record<string, { id: string }> = {};
  const staff: Record<string, { email: string }> = {};
  let coordinator: { email: string };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url, appUrl: 'https://rfp.example.org' } });
    const log = pino({ level: 'silent' });
    deps = { db: api.db, log, config: api.config, mailer: createMailer({ db: api.db, log, smtpUrl: smtp.url, from: api.config.mailFrom }) };
    api.clock.now = new Date('2026-06-20T16:00:00Z');
    b.old = await fixtures.branch(api, { name: 'Old Food Bank', province: 'ON', createdAt: new Date('2025-01-01T17:00:00Z') });
    // Joined on 31 March at 22:00 in Toronto (already April in UTC): March is its first month.
    b.march = await fixtures.branch(api, { name: 'March Food Bank', province: 'ON', createdAt: new Date('2026-04-01T02:00:00Z') });
    // Created today, then deactivated today.
    b.gone = await fixtures.branch(api, { name: 'Gone Food Bank', province: 'ON', createdAt: api.clock.now, deactivatedAt: api.clock.now });
    for (const k of Object.keys(b)) staff[k] = await fixtures.user(api, { branchIds: [b[k]!.id] });
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    coordinator = await fixtures.user(api);
    await grantProgramRole(api.db, coordinator.email.split('@')[0]!, 'coordinator', ['ON'], 'test');
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const get = (path: string) => api.request('GET', path, { token: adminToken });
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);

  it('leaves a branch created and deactivated today out of last month: counts, rows, export', async () => {
    const may = await get('/api/program/oversight?year=2026&month=5');
    expect(names(may.json.rows)).toEqual(['March Food Bank', 'Old Food Bank']);
    expect(may.json.counts).toMatchObject({ overdue: 2, total: 2 });
    const overdue = await get('/api/program/oversight?year=2026&month=5&status=overdue');
    expect(names(overdue.json.rows)).not.toContain('Gone Food Bank');
    const csv = await get('/api/program/oversight/export?year=2026&month=5&format=csv');
    expect(csv.text).not.toContain('Gone Food Bank');
    // Nor this month, which it was deactivated in.
    expect(names((await get('/api/program/oversight?year=2026&month=6')).json.rows)).toEqual(['March Food Bank', 'Old Food Bank']);
  });

  it('lists a branch from the month it joined: February without it, March with it; the year view alike', async () => {
    expect(names((await get('/api/program/oversight?year=2026&month=2')).json.rows)).toEqual(['Old Food Bank']);
    expect(names((await get('/api/program/oversight?year=2026&month=3')).json.rows)).toEqual(['March Food Bank', 'Old Food Bank']);
    const year = await get('/api/program/oversight/year?year=2026');
    expect(names(year.json.rows)).toEqual(['March Food Bank', 'Old Food Bank']);
    const march = year.json.rows.find((r: { name: string }) => r.name === 'March Food Bank');
    expect(march.months.slice(0, 6)).toEqual([null, null, 'overdue', 'overdue', 'overdue', 'pending']);
    // Before it joined, a branch is in no year view.
    expect(names((await get('/api/program/oversight/year?year=2025')).json.rows)).toEqual(['Old Food Bank']);
  });

  it('counts in the totals the donations of the months a branch owes, as the month view does', async () => {
    for (const [branch, date] of [
      [b.march, '2026-02-27'],
      [b.march, '2026-03-02'],
      [b.old, '2026-03-03'],
    ] as const) {
      const store = await fixtures.store(api, branch!.id);
      await api.db.insert(s.donations).values({
        branchId: branch!.id,
        campaignId: RFP_CAMPAIGN_ID,
        date,
        storeId: store.id,
        source: 0,
        weight: 10,
        weightUnit: 1,
        weightInPounds: 10,
      });
    }
    const totals = await get('/api/program/totals?year=2026&month=3');
    const month = await get('/api/program/oversight?year=2026&month=3');
    const rowsSum = month.json.rows.reduce((n: number, r: { backStoreWeightInPounds: number }) => n + r.backStoreWeightInPounds, 0);
    expect(totals.json.monthTotals.program.backStoreWeightInPounds).toBe(rowsSum);
    // February's donation of March Food Bank came before it joined: not in the year's figures either.
    expect(totals.json.yearTotals.program.backStoreWeightInPounds).toBe(20);
  });

  it('reminds only the branches that owe the month, lists only owed months, and leaves them out of the digest', async () => {
    const r = await runReminders(deps, new Date('2026-06-16T14:00:00Z'));
    expect(r).toMatchObject({ kind: 'overdue', year: 2026, month: 5, branches: 2, digests: 1 });
    const mails = await smtp.waitFor(3);
    await new Promise((done) => setTimeout(done, 300));
    expect(smtp.messages.flatMap((m) => m.to)).not.toContain(staff.gone!.email);
    const digest = mails.find((m) => m.to.includes(coordinator.email))!;
    expect(digest.text).not.toContain('Gone Food Bank');
    const march = mails.find((m) => m.to.includes(staff.march!.email))!;
    expect(march.text).toContain('- March 2026\n- April 2026\n- May 2026\n');
    expect(march.text).not.toContain('February 2026');
    const manual = await api.request('POST', '/api/program/reminders', {
      token: adminToken,
      body: { branchId: b.gone!.id, year: 2026, month: 5 },
    });
    expect(manual.json.code).toBe('REMINDER_NOT_NEEDED');
  });

  it('answers alike in TypeScript and in SQL around the month boundaries of the program’s time zone', async () => {
    const instants = [
      '2026-02-01T04:59:00Z',
      '2026-02-01T05:00:00Z',
      '2026-03-15T12:00:00Z',
      '2026-04-01T03:59:00Z',
      '2026-04-01T04:00:00Z',
    ];
    const cases = instants.flatMap((joined) => [null, ...instants.filter((d) => d >= joined)].map((gone) => ({ joined, gone })));
    for (const c of cases) {
      const [row] = await queryRows<{
        joined_on: string;
        deactivated_on: string | null;
        owes: boolean[] | string;
        first_owed: number;
        end_owed: number | null;
      }>(
        api.db,
        sql`select ${membershipColumnsSql(TZ)}, ${owedRangeColumnsSql(TZ)},
          array[${sql.join(
            [1, 2, 3, 4, 5].map((m) => owesReportMonthSql(2026, m, TZ)),
            sql`, `,
          )}] as owes
        from (select ${c.joined}::timestamptz as created_at, ${c.gone}::timestamptz as deactivated_at) b`,
      );
      const sqlOwes = Array.isArray(row!.owes)
        ? row!.owes
        : row!.owes
            .replace(/[{}]/g, '')
            .split(',')
            .map((v) => v === 't');
      const membership = { joinedOn: row!.joined_on, deactivatedOn: row!.deactivated_on };
      expect({ c, owes: [1, 2, 3, 4, 5].map((m) => owesMonth(membership, 2026, m)) }).toEqual({ c, owes: sqlOwes.map(Boolean) });
      // The totals' form of the rule: the owed months as a range of month numbers (year × 12 + month).
      const inRange = (m: number) =>
        2026 * 12 + m >= Number(row!.first_owed) && (row!.end_owed === null || 2026 * 12 + m < Number(row!.end_owed));
      expect({ c, owes: [1, 2, 3, 4, 5].map(inRange) }).toEqual({ c, owes: sqlOwes.map(Boolean) });
    }
  });

  // A database of its own: deactivating March Food Bank would change what the tests above read.
  describe('a branch deactivated in May', () => {
    let own: TestApi;
    let ownToken: string;
    let march: { id: string };
    beforeAll(async () => {
      own = await createTestApi(kind);
      own.clock.now = new Date('2026-06-20T16:00:00Z');
      await fixtures.branch(own, { name: 'Old Food Bank', province: 'ON', createdAt: new Date('2025-01-01T17:00:00Z') });
      march = await fixtures.branch(own, { name: 'March Food Bank', province: 'ON', createdAt: new Date('2026-04-01T02:00:00Z') });
      const admin = await fixtures.user(own);
      await grantProgramRole(own.db, admin.username, 'admin', [], 'test');
      ownToken = await fixtures.token(own, admin.id);
    });
    afterAll(() => own.close());

    it('keeps a deactivated branch’s earlier months in the year view as they were', async () => {
      const ownGet = (path: string) => own.request('GET', path, { token: ownToken });
      await own.db
        .update(s.branches)
        .set({ deactivatedAt: new Date('2026-05-10T16:00:00Z') })
        .where(eq(s.branches.id, march.id));
      const year = await ownGet('/api/program/oversight/year?year=2026');
      const row = year.json.rows.find((r: { name: string }) => r.name === 'March Food Bank');
      expect(row.months.slice(0, 6)).toEqual([null, null, 'overdue', 'overdue', null, null]);
      expect(names((await ownGet('/api/program/oversight?year=2026&month=5')).json.rows)).toEqual(['Old Food Bank']);
    });
  });
});
