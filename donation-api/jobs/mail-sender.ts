// The in-process mail sender: every app server runs it when a transport exists (SMTP_URL). The claim in
// mail/outbox.ts makes several servers send each queued mail once. A first tick runs at the start, so mail kept
// while SMTP_URL was unset leaves as soon as a server starts with it.
import { Cron } from 'croner';
import type { ApiDeps } from '../context';
import { sendQueuedMail } from '../mail/outbox';

/** Starts the job unless there is no transport or MAIL_SEND_CRON is 'off' (then `npm run admin -- send-mail`). */
export function startMailSender(deps: Pick<ApiDeps, 'db' | 'mailer' | 'log' | 'config' | 'now'>): Cron | null {
  if (!deps.mailer.deliver || deps.config.mailSendCron === 'off') return null;
  // protect: a tick still talking to the SMTP server when the next is due is not overlapped on this server.
  const job = new Cron(deps.config.mailSendCron, { timezone: deps.config.timeZone, protect: true, name: 'mail-sender' }, async () => {
    try {
      const r = await sendQueuedMail(deps);
      if (r.sent || r.retry || r.dead || r.expired) deps.log.info({ outbox: r }, 'queued mail sent');
    } catch (err) {
      deps.log.error({ err }, 'mail sender run failed');
    }
  });
  void job.trigger();
  return job;
}
