// The reminder job as the app server starts it (donation-api/jobs/reminder-schedule.ts): on its schedule it sends
// the reminders of the clock's day through the real SMTP peer, each once even when another server runs at the same
// moment, and REMINDERS_CRON=off starts none.
import pino from 'pino';
import { startReminderSchedule } from '@/donation-api/jobs/reminder-schedule';
import { createMailer } from '@/donation-api/mail/mailer';
import { runReminders } from '@/donation-api/program/reminders';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

// The branches joined the program before the months these tests look at: a branch owes its reports from then.
const JOINED = new Date('2025-01-01T17:00:00Z');

describe.each(dbKinds())('reminder schedule on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let deps: Parameters<typeof startReminderSchedule>[0];

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url }, poolSize: 4 });
    const log = pino({ level: 'silent' });
    // The 16th of June: May is overdue for a branch that has not submitted it.
    const now = () => new Date('2026-06-16T14:00:00Z');
    deps = {
      db: api.db,
      log,
      now,
      config: { ...api.config, remindersCron: '* * * * * *' },
      mailer: createMailer({ db: api.db, log, smtpUrl: smtp.url, from: api.config.mailFrom }),
    };
    const branch = await fixtures.branch(api, { createdAt: JOINED, name: 'Timmins Food Bank', province: 'ON' });
    await fixtures.user(api, { branchIds: [branch.id], email: 'timmins@example.org' });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('is off when REMINDERS_CRON is off', () => {
    expect(startReminderSchedule({ ...deps, config: { ...deps.config, remindersCron: 'off' } })).toBeNull();
  });

  it('sends the overdue reminder on its schedule, once, also when another server runs at the same moment', async () => {
    // croner names the job, so one process runs one; a second server is another process, stood in for here by
    // direct runs of the same work racing the schedule.
    const job = startReminderSchedule(deps)!;
    try {
      // Nothing but the schedule sends this one.
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toContain('timmins@example.org');
      expect(mail!.subject).toContain('May 2026');
      // Several more runs of the schedule, and others beside them: the reminder is recorded once per branch, month
      // and kind.
      await Promise.all([runReminders(deps, deps.now()), runReminders(deps, deps.now())]);
      await new Promise((r) => setTimeout(r, 2500));
      expect(job.isRunning()).toBe(true);
      expect(smtp.messages.filter((m) => m.to.includes('timmins@example.org'))).toHaveLength(1);
    } finally {
      job.stop();
    }
  });
});
