// An administrator's direct reopening (no request): the branch's staff are told by the mail of an approved request,
// and the month is Reopened, not Overdue, on the branch's Monthly Reports and on the program's views, until it is
// submitted again or its new due date (the reopening day plus REOPEN_GRACE_DAYS) has passed.
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { todayCalendarDate } from '@/lib/domain/dates';
import { REOPEN_GRACE_DAYS, reportStatus } from '@/lib/domain/report-status';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

describe.each(dbKinds())('a direct reopening on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let adminToken: string;
  let staffToken: string;
  let branch: { id: string };
  const ids = { admin: '', staff: '' };
  let emails: string[];

  // Each test its own database and SMTP peer: April 2026 of Sudbury, submitted, with two staff and an administrator.
  // A test that needs the month reopened reopens it itself.
  beforeEach(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url, appUrl: 'https://rfp.example.org' } });
    api.clock.now = new Date('2026-06-20T16:00:00Z');
    branch = await fixtures.branch(api, { name: 'Sudbury Food Bank', province: 'ON', createdAt: new Date('2025-01-01T17:00:00Z') });
    const en = await fixtures.user(api, { branchIds: [branch.id] });
    const fr = await fixtures.user(api, { branchIds: [branch.id], locale: 'fr' });
    emails = [en.email, fr.email];
    staffToken = await fixtures.token(api, en.id);
    ids.staff = en.id;
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    ids.admin = admin.id;
    await api.db
      .insert(s.monthSubmissions)
      .values({ branchId: branch.id, year: 2026, month: 4, submitted: true, submittedAt: new Date('2026-05-10T14:00:00Z') });
  });
  afterEach(async () => {
    await api.close();
    await smtp.close();
  });

  const reopen = () =>
    api.request('POST', `/api/program/branches/${branch.id}/2026/4/reopen`, {
      token: adminToken,
      body: { reason: 'The Walmart pounds were entered twice.' },
    });
  const aprilRow = async () => (await api.request('GET', '/api/program/oversight?year=2026&month=4', { token: adminToken })).json.rows[0];

  it('tells the branch’s staff by e-mail, in their language, with the reason', async () => {
    expect((await reopen()).status).toBe(200);
    const mails = await smtp.waitFor(2);
    expect(mails.flatMap((m) => m.to).sort()).toEqual([...emails].sort());
    const en = mails.find((m) => m.to.includes(emails[0]!))!;
    expect(en.subject).toBe('Report reopened: Sudbury Food Bank, April 2026');
    expect(en.text).toContain(
      'The program reopened the April 2026 report of Sudbury Food Bank. Make your changes, then submit the report again.',
    );
    expect(en.text).toContain('The Walmart pounds were entered twice.');
    expect(en.text).toContain('https://rfp.example.org/donations/2026/4');
    expect(mails.find((m) => m.to.includes(emails[1]!))!.subject).toBe('Rapport rouvert : Sudbury Food Bank, avril 2026');
  });

  it('shows the month as Reopened to the branch and the program, not Overdue', async () => {
    expect((await aprilRow()).status).toBe('submitted');
    expect((await reopen()).status).toBe(200);
    const reports = await api.request('GET', `/api/branch/${branch.id}/donations/2026/aggregate`, { token: staffToken });
    const april = reports.json.find((r: { month: number }) => r.month === 4);
    expect(april).toMatchObject({ submitted: false, reopenedAt: api.clock.now.toISOString() });
    const day = new Date(april.reopenedAt).toISOString().slice(0, 10);
    expect(reportStatus(2026, 4, false, todayCalendarDate(api.clock.now, 'America/Toronto'), day)).toBe('reopened');
    expect(await aprilRow()).toMatchObject({ status: 'reopened', canRemind: true });
    const counts = (await api.request('GET', '/api/program/oversight?year=2026&month=4', { token: adminToken })).json.counts;
    expect(counts).toMatchObject({ reopened: 1, overdue: 0 });
    const year = await api.request('GET', '/api/program/oversight/year?year=2026', { token: adminToken });
    expect(year.json.rows[0].months[3]).toBe('reopened');
  });

  it('is Overdue once its new due date has passed, Submitted once submitted again', async () => {
    expect((await reopen()).status).toBe(200);
    api.clock.now = new Date(Date.UTC(2026, 5, 20 + REOPEN_GRACE_DAYS, 16));
    adminToken = await fixtures.token(api, ids.admin);
    expect((await aprilRow()).status).toBe('reopened');
    api.clock.now = new Date(Date.UTC(2026, 5, 21 + REOPEN_GRACE_DAYS, 16));
    // Sessions of two weeks ago have expired by now.
    adminToken = await fixtures.token(api, ids.admin);
    staffToken = await fixtures.token(api, ids.staff);
    expect((await aprilRow()).status).toBe('overdue');
    const sub = await api.request('POST', '/api/branch/submit', {
      token: staffToken,
      body: { branchId: branch.id, year: 2026, month: 4, userContact: emails[0] },
    });
    expect(sub.status).toBe(200);
    expect((await aprilRow()).status).toBe('submitted');
  });
});

describe('reportStatus of a reopened month', () => {
  const today = (iso: string) => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) });
  it('keeps the usual deadline when it is later than the reopening day plus the grace days', () => {
    // April's deadline is 15 May; reopened on 1 May, 14 days later is still before it.
    expect(reportStatus(2026, 4, false, today('2026-05-15'), '2026-05-01')).toBe('reopened');
    expect(reportStatus(2026, 4, false, today('2026-05-16'), '2026-05-01')).toBe('overdue');
    expect(reportStatus(2026, 4, true, today('2026-05-16'), '2026-05-01')).toBe('submitted');
    expect(reportStatus(2026, 4, false, today('2026-05-16'))).toBe('overdue');
  });
});
