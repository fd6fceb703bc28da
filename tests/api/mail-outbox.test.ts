// The mail outbox: mail kept while no SMTP server is configured leaves once one is, a refusing server is tried
// again with a growing wait until the mail is dead, an administrator sees and re-sends it, and two servers'
// senders send each mail once. Real SMTP peers (smtp-server on 127.0.0.1); the clock is injected.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { sentMail } from '@/donation-api/db/schema';
import { startMailSender } from '@/donation-api/jobs/mail-sender';
import { createMailer, MAX_ATTEMPTS, NOT_KEPT_BODY, RETRY_MINUTES } from '@/donation-api/mail/mailer';
import { sendQueuedMail } from '@/donation-api/mail/outbox';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { runAdminCommand } from '@/scripts/admin-commands';
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

const log = pino({ level: 'silent' });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** An SMTP server that refuses every recipient, as a full or broken relay does. */
async function startRefusingPeer() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(dbKinds())('mail outbox on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let refusing: Awaited<ReturnType<typeof startRefusingPeer>>;
  let adminToken: string;
  let staffToken: string;
  let coordinatorToken: string;
  let branch: { id: string };
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    refusing = await startRefusingPeer();
    // The app itself has no SMTP_URL, as a new installation before its mail server is set.
    api = await createTestApi(kind, { config: { appUrl: 'http://app.test' } });
    branch = await fixtures.branch(api, { name: 'Kingston Food Bank', province: 'ON' });
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await api.login(admin.username, TEST_PASSWORD);
    const staff = await fixtures.user(api, { branchIds: [branch.id] });
    staffToken = await api.login(staff.username, TEST_PASSWORD);
    const coordinator = await fixtures.user(api);
    await grantProgramRole(api.db, coordinator.username, 'coordinator', ['ON'], 'test');
    coordinatorToken = await api.login(coordinator.username, TEST_PASSWORD);
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
    await refusing.close();
  });

  /** What a server started with SMTP_URL=url runs: its own mailer on the same database. */
  const server = (url?: string) => ({
    db: api.db,
    log,
    now: () => api.clock.now,
    mailer: createMailer({ db: api.db, log, smtpUrl: url, from: api.config.mailFrom, now: () => api.clock.now }),
  });
  const rowOf = async (id: string) => (await api.db.select().from(sentMail).where(eq(sentMail.id, id)))[0];
  // Each test starts with an empty outbox (what another test left waiting is sent first) and an empty SMTP peer, so
  // what it counts is its own mail.
  beforeEach(async () => {
    await sendQueuedMail(server(smtp.url));
    smtp.messages.length = 0;
  });
  const queue = async (n: number, subject: string) => {
    for (let i = 0; i < n; i++)
      await server().mailer.send({ to: `r${i}@example.org`, subject: `${subject} ${i}`, text: 'Hello', kind: 'store-request' });
    return api.db.select().from(sentMail).where(eq(sentMail.status, 'outbox'));
  };

  it('answers that an invitation waits while no SMTP server is set, and sends it once one is', async () => {
    const res = await api.request('POST', '/api/program/users/invite', {
      token: adminToken,
      body: { email: 'new.lead@kingston.example.org', branchId: branch.id, lead: true, reason: 'new food bank' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ linkSent: true, mail: 'queued' });
    const listed = await api.request('GET', '/api/program/mail', { token: adminToken });
    expect(listed.json.transport).toBe(false);
    const waiting = listed.json.mails.find((m: { to: string }) => m.to === 'new.lead@kingston.example.org');
    expect(waiting).toMatchObject({ status: 'outbox', attempts: 0, kind: 'invitation', resendable: false });

    // The next start with SMTP_URL: the sender's first tick runs at once.
    const job = startMailSender({ ...server(smtp.url), config: { ...api.config, mailSendCron: '0 0 1 1 *' } })!;
    try {
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(['new.lead@kingston.example.org']);
      expect(mail!.text).toMatch(/http:\/\/app\.test\/invitation\/[A-Za-z0-9_-]{20,}/);
      // The tick records the delivery just after the SMTP server's answer.
      for (let i = 0; i < 50 && (await rowOf(waiting.id))!.status !== 'sent'; i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      job.stop();
    }
    const row = await rowOf(waiting.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, body: NOT_KEPT_BODY, nextAttemptAt: null });
    expect(row!.sentAt).not.toBeNull();
    const after = await api.request('GET', '/api/program/mail', { token: adminToken });
    expect(after.json.mails.map((m: { id: string }) => m.id)).not.toContain(waiting.id);
  });

  it('tries a refusing SMTP server again after 1, 5, 30 minutes…, then marks the mail dead; an administrator re-sends it', async () => {
    const start = api.clock.now;
    const [queued] = await queue(1, 'Store request');
    const failing = server(refusing.url);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const r = await sendQueuedMail(failing);
      const row = await rowOf(queued!.id);
      expect(row!.attempts).toBe(attempt);
      expect(row!.error).toMatch(/Mailbox unavailable/);
      if (attempt === MAX_ATTEMPTS) {
        expect(r).toMatchObject({ dead: 1, retry: 0 });
        expect(row).toMatchObject({ status: 'dead', nextAttemptAt: null });
        break;
      }
      expect(r).toMatchObject({ retry: 1, dead: 0 });
      expect(row!.status).toBe('outbox');
      expect(row!.nextAttemptAt!.getTime() - api.clock.now.getTime()).toBe(RETRY_MINUTES[attempt - 1]! * 60_000);
      // Not due yet: a tick before the wait is over leaves it alone.
      expect(await sendQueuedMail(failing)).toMatchObject({ retry: 0, sent: 0 });
      api.clock.now = row!.nextAttemptAt!;
    }
    // A dead mail is never tried again by the sender.
    api.clock.now = new Date(api.clock.now.getTime() + 7 * 86_400_000);
    expect(await sendQueuedMail(server(smtp.url))).toMatchObject({ sent: 0 });
    api.clock.now = start;

    const listed = await api.request('GET', '/api/program/mail', { token: adminToken });
    expect(listed.json.mails.find((m: { id: string }) => m.id === queued!.id)).toMatchObject({
      status: 'dead',
      attempts: MAX_ATTEMPTS,
      resendable: true,
      to: 'r0@example.org',
      subject: 'Store request 0',
    });
    // This app has no transport: the re-sent mail waits; the next tick of a server with SMTP sends it.
    const resent = await api.request('POST', `/api/program/mail/${queued!.id}/resend`, { token: adminToken });
    expect([resent.status, resent.json]).toEqual([200, { id: queued!.id, status: 'outbox' }]);
    expect(await sendQueuedMail(server(smtp.url))).toMatchObject({ sent: 1 });
    expect((await smtp.waitFor(1)).map((m) => m.subject)).toEqual(['Store request 0']);
    expect(await rowOf(queued!.id)).toMatchObject({ status: 'sent', attempts: 1, error: null });
  });

  it('refuses to re-send a failed mail whose secret was not kept, and unknown or waiting mail', async () => {
    await expect(
      server(refusing.url).mailer.send({ to: 'someone@example.org', subject: 'Your password', text: 'secret', kind: 'forgot-password' }),
    ).rejects.toThrow(/Mailbox unavailable/);
    const [failed] = await api.db.select().from(sentMail).where(eq(sentMail.status, 'failed'));
    expect(failed!.body).toBe(NOT_KEPT_BODY);
    const res = await api.request('POST', `/api/program/mail/${failed!.id}/resend`, { token: adminToken });
    expect([res.status, res.json.code]).toEqual([409, 'MAIL_NOT_RESENDABLE']);
    const [waiting] = await queue(1, 'Waiting');
    for (const id of [UNKNOWN_ID, 'not-a-uuid', waiting!.id]) {
      const r = await api.request('POST', `/api/program/mail/${id}/resend`, { token: adminToken });
      expect([id, r.status, r.json.code]).toEqual([id, 404, 'NOT_FOUND']);
    }
  });

  it('answers branch staff and coordinators with the same 404 as an unknown path', async () => {
    const [waiting] = await queue(1, 'Waiting');
    for (const token of [staffToken, coordinatorToken]) {
      const list = await api.request('GET', '/api/program/mail', { token });
      expect([list.status, list.json.code]).toEqual([404, 'NOT_FOUND']);
      const resend = await api.request('POST', `/api/program/mail/${waiting!.id}/resend`, { token });
      expect([resend.status, resend.json.code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('sends each queued mail once when two servers tick at the same moment', async () => {
    const rows = await queue(12, 'Race');
    expect(rows).toHaveLength(12);
    const [a, b] = await Promise.all([sendQueuedMail(server(smtp.url)), sendQueuedMail(server(smtp.url))]);
    expect(a.sent + b.sent).toBe(12);
    await smtp.waitFor(12);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(rows.map((r) => r.subject).sort());
    const settled = await api.db.select().from(sentMail).where(eq(sentMail.kind, 'store-request'));
    expect(settled.filter((r) => r.subject.startsWith('Race')).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('lists the outbox and re-sends every dead mail from the command line', async () => {
    const [queued] = await queue(1, 'Dead letter');
    await api.db
      .update(sentMail)
      .set({ status: 'dead', attempts: MAX_ATTEMPTS, error: '550 Mailbox unavailable' })
      .where(eq(sentMail.id, queued!.id));
    const out: string[] = [];
    const io = (url?: string) => ({
      out: (l: string) => out.push(l),
      readFile: async () => '',
      mail: () => ({ config: api.config, mailer: server(url).mailer }),
    });
    expect(await runAdminCommand(api.db, ['list-mail'], io(), 'ops', api.clock.now)).toBe(0);
    expect(out[0]).toBe('No SMTP_URL: waiting mail stays waiting until one is set.');
    expect(out.find((l) => l.startsWith(queued!.id))).toMatch(/dead ×6 .* r0@example\.org {2}"Dead letter 0" — 550 Mailbox unavailable$/);
    out.length = 0;
    expect(await runAdminCommand(api.db, ['resend-mail', '--dead'], io(smtp.url), 'ops', api.clock.now)).toBe(0);
    expect(out).toEqual(['Queued again: 1; sent at once: 1.']);
    expect((await smtp.waitFor(1)).map((m) => m.subject)).toContain('Dead letter 0');
    expect(await rowOf(queued!.id)).toMatchObject({ status: 'sent' });
  });
});
