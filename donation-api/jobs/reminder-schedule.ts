// The in-process reminder job: every app server runs it; the once-per-kind record taken in the sending
// transaction (services/reminders.ts) makes several servers send each reminder once.
import { Cron } from 'croner';
import type { ApiDeps } from '../context';
import { sendReadyStatements } from '../services/partner-statement-mail';
import { runReminders } from '../services/reminders';

/** Starts the job unless REMINDERS_CRON is 'off' (reminders then come from `npm run admin -- send-reminders`). */
export function startReminderSchedule(deps: Pick<ApiDeps, 'db' | 'mailer' | 'log' | 'config' | 'now'>): Cron | null {
  if (deps.config.remindersCron === 'off') return null;
  // protect: a run still sending when the next is due is not overlapped on this server.
  return new Cron(deps.config.remindersCron, { timezone: deps.config.timeZone, protect: true, name: 'reminders' }, async () => {
    try {
      const r = await runReminders(deps, deps.now());
      if (r.branches || r.digests) deps.log.info({ reminders: r }, 'reminders sent');
      const statements = await sendReadyStatements(deps);
      if (statements.sent) deps.log.info({ statements }, 'partner statements mailed');
    } catch (err) {
      deps.log.error({ err }, 'reminder run failed');
    }
  });
}
