// npm run admin -- reopen-month: the command line's reopening of a submitted month, with its reason, its audit
// entries and the same e-mail to the branch as a reopening from the program's screens.
import { and, eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { reopenMonth } from '@/donation-api/program/reopen-month';
import { AdminError } from '@/donation-api/people-places/user-admin';
import { runAdminCommand } from '@/scripts/admin-commands';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';

const ACTOR = 'admin-cli:test';

describe.each(dbKinds())('admin reopen-month on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdminCommand(api.db, argv, { out: (l) => lines.push(l), readFile: async () => '' }, ACTOR);
    return { code, out: lines.join('\n') };
  };

  it('reopens a submitted month with a reason, audits before and after, and tells the branch by e-mail', async () => {
    const bank = await fixtures.branch(api);
    const staff = await fixtures.user(api, { branchIds: [bank.id], locale: 'fr' });
    await api.db
      .insert(s.monthSubmissions)
      .values({ branchId: bank.id, year: 2025, month: 3, submitted: true, submittedAt: new Date(), submittedBy: 'x@example.org' });
    const { code, out } = await run('reopen-month', bank.id, '2025', '3', '--reason', 'Late invoice from Sobeys');
    expect(code).toBe(0);
    expect(out).toContain('2025-03');
    const [row] = await api.db.select().from(s.monthSubmissions).where(eq(s.monthSubmissions.branchId, bank.id));
    expect(row).toMatchObject({ submitted: false, reopenReason: 'Late invoice from Sobeys' });
    expect(row!.reopenedAt).toBeInstanceOf(Date);
    const [a] = await api.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'reopen'), eq(s.auditLog.branchId, bank.id)));
    expect(a).toMatchObject({ entity: 'month', entityId: `${bank.id}/2025/3`, actor: ACTOR });
    expect((a!.before as { submitted: boolean }).submitted).toBe(true);
    expect((a!.after as { submitted: boolean }).submitted).toBe(false);
    // Without SMTP_URL the mail stays in the outbox table: one, to the branch's staff, in their language.
    const mails = await api.db.select().from(s.sentMail).where(eq(s.sentMail.to, staff.email));
    expect(mails.map((m) => m.kind)).toEqual(['reopen-direct']);
    expect(mails[0]!.subject).toMatch(/mars 2025/);
    expect(mails[0]!.body).toContain('Late invoice from Sobeys');
  });

  it('refuses a month that is not submitted, a missing reason and bad numbers', async () => {
    const bank = await fixtures.branch(api);
    expect((await run('reopen-month', bank.id, '2025', '4', '--reason', 'x')).out).toContain('is not submitted');
    await api.db.insert(s.monthSubmissions).values({ branchId: bank.id, year: 2025, month: 5, submitted: true });
    expect((await run('reopen-month', bank.id, '2025', '5')).out).toContain('reason is required');
    expect((await run('reopen-month', bank.id, '2025', '13', '--reason', 'x')).out).toContain('not a month');
    expect((await run('reopen-month', bank.id, 'soon', '5', '--reason', 'x')).out).toContain('not a year');
    expect((await run('reopen-month', 'not-a-branch', '2025', '5', '--reason', 'x')).out).toContain('No branch');
    await expect(reopenMonth(api.db, { branchId: bank.id, year: 2025, month: 5, reason: '  ' }, ACTOR)).rejects.toThrow(AdminError);
    const [row] = await api.db
      .select()
      .from(s.monthSubmissions)
      .where(and(eq(s.monthSubmissions.branchId, bank.id), eq(s.monthSubmissions.month, 5)));
    expect(row!.submitted).toBe(true);
  });
});
