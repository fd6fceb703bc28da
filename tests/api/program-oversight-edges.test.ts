// Edges of the program's oversight in the app's time zone: a deactivated branch
// (`branches.deactivated_at`) leaves the month view, year view, totals and reminders from the month it was deactivated
// in, its earlier months keep it; and the export's 'submitted on' is the day in the app's time zone, not UTC's.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import * as s from '@/donation-api/db/schema';
import { createMailer } from '@/donation-api/mail/mailer';
import { runReminders } from '@/donation-api/program/reminders';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

// The branches joined the program before the months these tests look at: a branch owes its reports from then.
const JOINED = new Date('2025-01-01T17:00:00Z');

describe.each(dbKinds())('oversight edges (deactivated branches, time zone) on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let adminToken: string;
  let closed: { id: string };
  let open: { id: string };
  let closedStaff: { email: string };
  let openStaff: { email: string };
  let openToken: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url, appUrl: 'https://rfp.example.org' } });
    api.clock.now = new Date('2026-05-20T16:00:00Z');
    closed = await fixtures.branch(api, { createdAt: JOINED, name: 'Closed Food Bank', province: 'ON' });
    open = await fixtures.branch(api, { createdAt: JOINED, name: 'Open Food Bank', province: 'ON' });
    const closedUser = await fixtures.user(api, { branchIds: [closed.id] });
    const openUser = await fixtures.user(api, { branchIds: [open.id] });
    closedStaff = closedUser;
    openStaff = openUser;
    openToken = await fixtures.token(api, openUser.id);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    const store = await fixtures.store(api, closed.id);
    const token = await fixtures.token(api, closedUser.id);
    for (const date of ['2026-02-10', '2026-03-05']) {
      const res = await api.request('POST', `/api/branch/${closed.id}/donations`, {
        token,
        body: {
          branchId: closed.id,
          date,
          storeId: store.id,
          source: 0,
          weight: 50,
          weightUnit: 1,
          categories: [{ categoryId: 1, fraction: 1 }],
        },
      });
      expect(res.status).toBe(201);
    }
    // Deactivated on 31 March at 22:00 in Toronto, already 1 April in UTC: the month of deactivation is March (the
    // app's time zone), so February keeps the branch and March drops it.
    await api.db
      .update(s.branches)
      .set({ deactivatedAt: new Date('2026-04-01T02:00:00Z') })
      .where(eq(s.branches.id, closed.id));
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const names = (rows: { name: string }[]) => rows.map((r) => r.name);
  const get = (path: string) => api.request('GET', path, { token: adminToken });

  it('keeps the branch in the months before its deactivation and leaves it out from that month on', async () => {
    const feb = await get('/api/program/oversight?year=2026&month=2');
    expect(names(feb.json.rows)).toEqual(['Closed Food Bank', 'Open Food Bank']);
    expect(feb.json.rows[0]).toMatchObject({ backStoreWeightInPounds: 50, donations: 1 });
    const mar = await get('/api/program/oversight?year=2026&month=3');
    expect(names(mar.json.rows)).toEqual(['Open Food Bank']);
    expect(mar.json.counts.total).toBe(1);
    const csv = await get('/api/program/oversight/export?year=2026&month=3&format=csv');
    expect(csv.text).not.toContain('Closed Food Bank');
  });

  it('shows its months before deactivation in the year view, none after, and leaves it out of the next year', async () => {
    const year = await get('/api/program/oversight/year?year=2026');
    const row = year.json.rows.find((r: { name: string }) => r.name === 'Closed Food Bank');
    expect(row.deactivatedOn).toBe('2026-03-31');
    expect(row.months.slice(0, 5)).toEqual(['overdue', 'overdue', null, null, null]);
    const next = await get('/api/program/oversight/year?year=2027');
    expect(names(next.json.rows)).toEqual(['Open Food Bank']);
  });

  it('counts its donations in the totals of earlier months only', async () => {
    const mar = await get('/api/program/totals?year=2026&month=3');
    expect(mar.json.monthTotals.program.backStoreWeightInPounds).toBe(0);
    expect(mar.json.yearTotals.program.backStoreWeightInPounds).toBe(50);
    expect(mar.json.poundsByMonth.year.slice(0, 3)).toEqual([0, 50, 0]);
    const feb = await get('/api/program/totals?year=2026&month=2');
    expect(feb.json.monthTotals.program.backStoreWeightInPounds).toBe(50);
  });

  it('exports the day a report was submitted in the app’s time zone, not in UTC', async () => {
    // 23:30 on 19 May in Toronto is already 20 May in UTC.
    api.clock.now = new Date('2026-05-20T03:30:00Z');
    const sub = await api.request('POST', '/api/branch/submit', {
      token: openToken,
      body: { branchId: open.id, year: 2026, month: 4, comments: null },
    });
    expect(sub.status).toBe(200);
    const csv = await get('/api/program/oversight/export?year=2026&month=4&format=csv');
    expect(csv.text).toMatch(/^Open Food Bank,ON,Submitted,2026-05-19,/m);
    const res = await api.app.request('/api/program/oversight/export?year=2026&month=4&format=xlsx', {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const row = book.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBe('Open Food Bank');
    expect(row.getCell(4).value).toEqual(new Date('2026-05-19T00:00:00Z'));
    api.clock.now = new Date('2026-05-20T16:00:00Z');
  });

  it('sends no reminder to a deactivated branch', async () => {
    const log = pino({ level: 'silent' });
    const mailer = createMailer({ db: api.db, log, smtpUrl: smtp.url, from: api.config.mailFrom });
    const before = smtp.messages.length;
    const r = await runReminders({ db: api.db, log, config: api.config, mailer }, new Date('2026-06-16T14:00:00Z'));
    expect(r).toMatchObject({ kind: 'overdue', month: 5, branches: 1 });
    // The April submission's test (in any order) mails its summary to the same person: only the reminders count here.
    await smtp.waitFor(before + 1);
    const reminders = smtp.messages.filter((m) => m.subject.includes('May 2026'));
    expect(reminders.flatMap((m) => m.to)).toEqual([openStaff.email]);
    expect(reminders.flatMap((m) => m.to)).not.toContain(closedStaff.email);
  });
});
