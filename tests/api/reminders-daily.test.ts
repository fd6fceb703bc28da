// A reminder goes out once a day per branch, month and kind, whoever sends it: a double click on "Send a reminder",
// two colleagues, the schedule, several servers. The database's unique key decides (reminders_sent.sent_on); the
// answer says whether it was sent now or already today, and when. Mails are counted at a real SMTP peer.
import pino from 'pino';
import { createMailer } from '@/donation-api/mail/mailer';
import { runReminders } from '@/donation-api/program/reminders';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

const JOINED = new Date('2025-01-01T17:00:00Z');

describe.each(dbKinds())('reminders once a day on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let adminToken: string;
  let deps: Parameters<typeof runReminders>[0];
  const b: Record<string, { id: string }> = {};
  let twoStaff: string[];
  const toTwo = () => smtp.messages.filter((m) => m.to.some((to) => twoStaff.includes(to))).length;

  const at = (iso: string) => new Date(`${iso}T14:00:00Z`);
  const send = (branchId: string) =>
    api.request('POST', '/api/program/reminders', { token: adminToken, body: { branchId, year: 2026, month: 5 } });
  const settle = () => new Promise((done) => setTimeout(done, 400));

  // Each test its own database and SMTP peer, May 2026 unsubmitted everywhere; a test that needs a reminder already
  // sent sends it itself.
  beforeEach(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url, appUrl: 'https://rfp.example.org' }, poolSize: 6 });
    const log = pino({ level: 'silent' });
    deps = { db: api.db, log, config: api.config, mailer: createMailer({ db: api.db, log, smtpUrl: smtp.url, from: api.config.mailFrom }) };
    b.two = await fixtures.branch(api, { name: 'Two People Food Bank', province: 'ON', createdAt: JOINED });
    b.later = await fixtures.branch(api, { name: 'Later Food Bank', province: 'ON', createdAt: JOINED });
    b.nobody = await fixtures.branch(api, { name: 'Nobody Food Bank', province: 'ON', createdAt: JOINED });
    twoStaff = [
      (await fixtures.user(api, { branchIds: [b.two.id] })).email,
      (await fixtures.user(api, { branchIds: [b.two.id], locale: 'fr' })).email,
    ];
    await fixtures.user(api, { branchIds: [b.later.id] });
    // Staff who cannot receive one: deactivated, or opted out.
    await fixtures.user(api, { branchIds: [b.nobody.id], disabled: true });
    await fixtures.user(api, { branchIds: [b.nobody.id], remindersOptOut: true });
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
  });
  afterEach(async () => {
    await api.close();
    await smtp.close();
  });

  it('sends a double click’s reminder once, and the schedule of the same day sends it no more', async () => {
    api.clock.now = at('2026-06-20');
    const [first, second, scheduled] = await Promise.all([send(b.two!.id), send(b.two!.id), runReminders(deps, at('2026-06-20'))]);
    const answers = [first, second];
    // Two people, one mail each: whichever of the three claimed the day sent them (the schedule also reminds Later
    // Food Bank, unless it lost the race for Two People's: then it reminded Later only).
    await smtp.waitFor(3);
    await settle();
    expect(toTwo()).toBe(2);
    expect(smtp.messages).toHaveLength(3);
    const sentNow = answers.filter((r) => r.json.sentNow);
    expect(sentNow.length + scheduled.branches).toBe(2);
    for (const r of answers) {
      expect(r.status).toBe(r.json.sentNow ? 201 : 200);
      expect(r.json).toMatchObject({ kind: 'overdue', branchName: 'Two People Food Bank' });
    }
    // Both answers tell when it was sent, the same moment.
    if (sentNow.length === 1) expect(answers[0]!.json.sentAt).toBe(answers[1]!.json.sentAt);
    // A later try that day, by hand or by the schedule, sends nothing.
    const again = await send(b.two!.id);
    expect(again.status).toBe(200);
    expect(again.json.sentNow).toBe(false);
    expect((await runReminders(deps, at('2026-06-20'))).branches).toBe(0);
    await settle();
    expect(smtp.messages).toHaveLength(3);
  });

  it('answers "already sent" to a reminder by hand after the schedule sent it that day', async () => {
    api.clock.now = at('2026-06-20');
    expect((await runReminders(deps, at('2026-06-20'))).branches).toBe(2);
    const res = await send(b.later!.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ sentNow: false, manual: false, sentBy: 'scheduler' });
    expect(new Date(res.json.sentAt).getTime()).toBe(at('2026-06-20').getTime());
  });

  it('sends again on another day', async () => {
    api.clock.now = at('2026-06-20');
    expect((await send(b.two!.id)).status).toBe(201);
    await smtp.waitFor(2);
    api.clock.now = at('2026-06-22');
    const before = smtp.messages.length;
    const res = await send(b.two!.id);
    expect(res.status).toBe(201);
    expect(res.json.sentNow).toBe(true);
    await smtp.waitFor(before + 2);
  });

  it('offers the button only where somebody could receive the reminder, with when it was last sent', async () => {
    api.clock.now = at('2026-06-20');
    expect((await send(b.two!.id)).status).toBe(201);
    api.clock.now = at('2026-06-22');
    expect((await send(b.two!.id)).status).toBe(201);
    const view = await api.request('GET', '/api/program/oversight?year=2026&month=5', { token: adminToken });
    const row = (name: string) => view.json.rows.find((r: { name: string }) => r.name === name);
    expect(row('Two People Food Bank')).toMatchObject({ canRemind: true, remindBlocked: null, remindedAt: at('2026-06-22').toISOString() });
    // The screen says why instead of leaving the row without a button.
    expect(row('Nobody Food Bank')).toMatchObject({ canRemind: false, remindBlocked: 'noRecipient', remindedAt: null });
    expect((await send(b.nobody!.id)).json.code).toBe('REMINDER_NO_RECIPIENT');
  });
});
