// Monthly reminders, on a clock the test sets and through a real SMTP peer: before the deadline from the
// configured day, when overdue from the 16th, a coordinator digest, once per branch, month and kind even when
// several runs race; opt-out; a reminder sent by hand; the command line for an external cron.
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import * as s from '@/donation-api/db/schema';
import { createMailer } from '@/donation-api/mail/mailer';
import { runReminders } from '@/donation-api/program/reminders';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { runAdminCommand } from '@/scripts/admin-commands';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

// The branches joined the program before the months these tests look at: a branch owes its reports from then.
const JOINED = new Date('2025-01-01T17:00:00Z');

describe.each(dbKinds())('reminders on %s', (kind) => {
  let api: TestApi;
  let apiSmtp: SmtpPeer;
  let smtp: SmtpPeer;
  let deps: Parameters<typeof runReminders>[0];
  const b: Record<string, { id: string }> = {};
  const u: Record<string, { id: string; email: string }> = {};
  let coordinatorToken: string;

  const at = (iso: string) => new Date(`${iso}T14:00:00Z`);
  const since = (n: number) => smtp.messages.slice(n);

  /** Scheduled runs send through this SMTP peer. */
  const sendingTo = (peer: SmtpPeer) => {
    smtp = peer;
    const log = pino({ level: 'silent' });
    deps = { db: api.db, log, config: api.config, mailer: createMailer({ db: api.db, log, smtpUrl: peer.url, from: api.config.mailFrom }) };
  };

  /** A database with no reminder sent yet, May 2026 submitted by Kingston only, March by Ottawa. */
  async function setup() {
    apiSmtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: apiSmtp.url, appUrl: 'https://rfp.example.org' }, poolSize: 6 });
    sendingTo(apiSmtp);
    b.ottawa = await fixtures.branch(api, { createdAt: JOINED, name: 'Ottawa Food Bank', province: 'ON' });
    b.sudbury = await fixtures.branch(api, { createdAt: JOINED, name: 'Sudbury Food Bank', province: 'ON' });
    b.done = await fixtures.branch(api, { createdAt: JOINED, name: 'Kingston Food Bank', province: 'ON' });
    b.halifax = await fixtures.branch(api, { createdAt: JOINED, name: 'Halifax Food Bank', province: 'NS' });
    u.ottawa = await fixtures.user(api, { branchIds: [b.ottawa.id] });
    u.sudbury = await fixtures.user(api, { branchIds: [b.sudbury.id], locale: 'fr' });
    u.quiet = await fixtures.user(api, { branchIds: [b.sudbury.id], remindersOptOut: true });
    u.done = await fixtures.user(api, { branchIds: [b.done.id] });
    u.halifax = await fixtures.user(api, { branchIds: [b.halifax.id] });
    u.coordinator = await fixtures.user(api, { locale: 'fr' });
    await grantProgramRole(api.db, u.coordinator.email.split('@')[0]!, 'coordinator', ['ON'], 'test');
    coordinatorToken = await fixtures.token(api, u.coordinator.id);
    await api.db
      .insert(s.monthSubmissions)
      .values({ branchId: b.done.id, year: 2026, month: 5, submitted: true, submittedAt: at('2026-06-02') });
    await api.db
      .insert(s.monthSubmissions)
      .values({ branchId: b.ottawa.id, year: 2026, month: 3, submitted: true, submittedAt: at('2026-04-02') });
  }
  async function teardown() {
    await api.close();
    await apiSmtp.close();
  }

  // Runs of different months or kinds of reminder, and what a user changes and puts back: these tests share one
  // database, each with its own SMTP peer, so the mail each counts is its own.
  describe('each its own month or kind', () => {
    beforeAll(setup);
    afterAll(teardown);
    beforeEach(async () => sendingTo(await startSmtpPeer()));
    afterEach(() => smtp.close());

    it('sends nothing before the configured day, and honours another day', async () => {
      expect((await runReminders(deps, at('2026-06-09'))).kind).toBeNull();
      expect((await runReminders({ ...deps, config: { ...deps.config, reminderDay: 12 } }, at('2026-06-11'))).kind).toBeNull();
      expect(smtp.messages).toHaveLength(0);
    });

    it('reminds pending branches before the deadline, in each recipient’s language, listing what is missing, once', async () => {
      const r = await runReminders(deps, at('2026-06-10'));
      expect(r).toMatchObject({ kind: 'due', year: 2026, month: 5, branches: 3, digests: 0 });
      const mails = await smtp.waitFor(3);
      const to = (email: string) => mails.find((m) => m.to.includes(email))!;
      expect(mails.flatMap((m) => m.to).sort()).toEqual([u.ottawa!.email, u.sudbury!.email, u.halifax!.email].sort());
      expect(to(u.ottawa!.email).subject).toBe('Reminder: submit the May 2026 report, Ottawa Food Bank');
      expect(to(u.ottawa!.email).text).toContain('due by June 15, 2026');
      // Ottawa submitted March: January, February, April and May are missing.
      expect(to(u.ottawa!.email).text).toContain('- January 2026\n- February 2026\n- April 2026\n- May 2026\n');
      expect(to(u.sudbury!.email).subject).toBe('Rappel : rapport de mai 2026 à soumettre, Sudbury Food Bank');
      expect(to(u.sudbury!.email).text).toContain('d’ici le 15 juin 2026');
      expect(await runReminders(deps, at('2026-06-12'))).toMatchObject({ kind: 'due', branches: 0 });
      expect(smtp.messages).toHaveLength(3);
    });

    it('reminds again when overdue and sends the coordinator a digest of its provinces, once', async () => {
      const before = smtp.messages.length;
      expect(await runReminders(deps, at('2026-06-16'))).toMatchObject({ kind: 'overdue', branches: 3, digests: 1 });
      await smtp.waitFor(before + 4);
      const digest = since(before).find((m) => m.to.includes(u.coordinator!.email))!;
      expect(digest.subject).toBe('Rapports de mai 2026 en retard : 2');
      expect(digest.text).toContain('- Ottawa Food Bank\n- Sudbury Food Bank\n');
      expect(digest.text).not.toContain('Halifax');
      expect(since(before).find((m) => m.to.includes(u.ottawa!.email))!.subject).toBe('Report overdue: Ottawa Food Bank, May 2026');
      expect(await runReminders(deps, at('2026-06-20'))).toMatchObject({ branches: 0, digests: 0 });
      expect(smtp.messages).toHaveLength(before + 4);
    });

    it('sends each reminder once when several runs race', async () => {
      const before = smtp.messages.length;
      const runs = await Promise.all(Array.from({ length: 4 }, () => runReminders(deps, at('2026-07-16'))));
      expect(runs.reduce((n, r) => n + r.branches, 0)).toBe(4);
      expect(runs.reduce((n, r) => n + r.digests, 0)).toBe(1);
      await smtp.waitFor(before + 5);
      await new Promise((r) => setTimeout(r, 300)); // any duplicate would arrive now
      expect(
        since(before)
          .flatMap((m) => m.to)
          .sort(),
      ).toEqual([u.ottawa!.email, u.sudbury!.email, u.done!.email, u.halifax!.email, u.coordinator!.email].sort());
      const rows = await api.db
        .select()
        .from(s.remindersSent)
        .where(and(eq(s.remindersSent.year, 2026), eq(s.remindersSent.month, 6)));
      expect(rows).toHaveLength(5);
    });

    it('lets a user opt out of reminders and back in', async () => {
      const token = await fixtures.token(api, u.ottawa!.id);
      expect((await api.request('GET', '/api/user/current-user/reminders', { token })).json).toEqual({ optOut: false });
      expect((await api.request('PUT', '/api/user/current-user/reminders', { token, body: { optOut: 'yes' } })).status).toBe(400);
      expect((await api.request('PUT', '/api/user/current-user/reminders', { token, body: { optOut: true } })).json).toEqual({
        optOut: true,
      });
      const before = smtp.messages.length;
      await runReminders(deps, at('2026-08-16'));
      await smtp.waitFor(before + 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(since(before).flatMap((m) => m.to)).not.toContain(u.ottawa!.email);
      await api.request('PUT', '/api/user/current-user/reminders', { token, body: { optOut: false } });
      expect((await api.request('GET', '/api/user/current-user/reminders', { token })).json).toEqual({ optOut: false });
    });
  });

  // These need the reminders another run sent before them: each makes them itself, on its own database.
  describe('after earlier runs', () => {
    beforeEach(setup);
    afterEach(teardown);

    it('lets program staff in scope see the reminders and send one by hand', async () => {
      // May's reminders before the deadline and once overdue, with the digest.
      expect(await runReminders(deps, at('2026-06-10'))).toMatchObject({ kind: 'due', branches: 3 });
      expect(await runReminders(deps, at('2026-06-16'))).toMatchObject({ kind: 'overdue', branches: 3, digests: 1 });
      await smtp.waitFor(7);
      api.clock.now = at('2026-06-20');
      const list = await api.request('GET', '/api/program/reminders?year=2026&month=5', { token: coordinatorToken });
      expect(list.status).toBe(200);
      expect(list.json.map((r: { kind: string; branchName: string | null }) => `${r.kind} ${r.branchName ?? ''}`).sort()).toEqual([
        'digest ',
        'due Ottawa Food Bank',
        'due Sudbury Food Bank',
        'overdue Ottawa Food Bank',
        'overdue Sudbury Food Bank',
      ]);
      const branchToken = await fixtures.token(api, u.ottawa!.id);
      expect((await api.request('GET', '/api/program/reminders?year=2026&month=5', { token: branchToken })).status).toBe(404);

      const send = (branchId: string, token = coordinatorToken) =>
        api.request('POST', '/api/program/reminders', { token, body: { branchId, year: 2026, month: 5 } });
      const before = smtp.messages.length;
      const res = await send(b.ottawa!.id);
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ kind: 'overdue', manual: true, branchName: 'Ottawa Food Bank', recipients: [u.ottawa!.email] });
      expect((await smtp.waitFor(before + 1))[before]!.to).toEqual([u.ottawa!.email]);
      expect((await send(b.done!.id)).json.code).toBe('REMINDER_NOT_NEEDED');
      expect((await send(b.halifax!.id)).status).toBe(404);
      expect((await send(b.ottawa!.id, branchToken)).status).toBe(404);
    });

    it('runs from the command line for an external cron, without sending twice', async () => {
      // The schedule reminded every branch of July's report on the 16th but Ottawa, whose one member had opted out.
      const optOut = (on: boolean) => api.db.update(s.users).set({ remindersOptOut: on }).where(eq(s.users.id, u.ottawa!.id));
      await optOut(true);
      expect(await runReminders(deps, at('2026-08-16'))).toMatchObject({ kind: 'overdue', branches: 3 });
      await optOut(false);
      const out: string[] = [];
      const io = { out: (l: string) => out.push(l), readFile: async () => '' };
      expect(await runAdminCommand(api.db, ['send-reminders'], io, 'cron', at('2026-08-20'))).toBe(0);
      expect(out[0]).toMatch(/^Reminders \(overdue, 2026-07\): 1 branches, 0 coordinator digests\.$/);
      expect(await runAdminCommand(api.db, ['send-reminders'], io, 'cron', at('2026-08-03'))).toBe(0);
      expect(out[1]).toBe('No reminders are due today.');
    });
  });
});
