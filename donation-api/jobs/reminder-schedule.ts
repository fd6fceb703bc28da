// The in-process reminder job: every app server runs it; the once-per-kind record taken in the sending
// transaction (program/reminders.ts, and the daily record of pickups/pickup-digest.ts) makes several servers send
// each reminder, and each branch's digest of unrecorded pickups, once.
import { Cron } from 'croner';
import type { ApiDeps } from '../context';
import { sendReadyStatements } from '../partners/partner-statement-mail';
import { runPickupDigest } from '../pickups/pickup-digest';
import { runReminders } from '../program/reminders';

/**
 * Starts the job unless REMINDERS_CRON is 'off' (reminders then come from `npm run admin -- send-reminders`, the
 * unrecorded pickups' digest from `npm run admin -- send-pickup-digest`).
 */
export function startReminderSchedule(deps: Pick<ApiDeps, 'db' | 'mailer' | 'log' | 'config' | 'now'>): Cron | null {
  if (deps.config.remindersCron === 'off') return null;
  // protect: a run still sending when the next is due is not overlapped on this server.
  return new Cron(deps.config.remindersCron, { timezone: deps.config.timeZone, protect: true, name: 'reminders' }, async () => {
    try {
      const r = await runReminders(deps, deps.now());
      if (r.branches || r.digests) deps.log.info({ reminders: r }, 'reminders sent');
      const statements = await sendReadyStatements(deps);
      if (statements.sent) deps.log.info({ statements }, 'partner statements mailed');
      const digest = await runPickupDigest(deps, deps.now());
      if (digest.branches) deps.log.info({ pickupDigest: digest }, 'unrecorded pickups digests sent');
    } catch (err) {
      deps.log.error({ err }, 'reminder run failed');
    }
  });
}
