// `npm run admin -- list-mail | resend-mail | send-mail`: the outbox for an operator (donation-api/mail/outbox.ts),
// the same services as the Outgoing mail screen.
import pino from 'pino';
import type { Db } from '../donation-api/db/client';
import type { Mailer } from '../donation-api/mail/mailer';
import { listOutgoingMail, resendDeadMail, resendMail } from '../donation-api/mail/outbox-admin';
import { sendQueuedMail } from '../donation-api/mail/outbox';

type MailCommand = 'list-mail' | 'resend-mail' | 'send-mail';

export const MAIL_HELP = `  list-mail                                   mail waiting to be sent, failed or dead (retries ran out), newest first
  resend-mail <mail id> | --dead              queues a failed or dead mail again (every dead one with --dead) and,
                                              with SMTP_URL, sends it at once
  send-mail                                   sends the queued mail that is due (what the app's sender does every
                                              MAIL_SEND_CRON), for an external cron
`;

type Io = { out: (line: string) => void };

export async function runMailCommand(
  deps: { db: Db; mailer: Mailer; now: () => Date },
  command: MailCommand,
  args: string[],
  opts: { dead?: boolean },
  io: Io,
): Promise<number> {
  const full = { ...deps, log: pino({ level: 'warn' }) };
  if (command === 'list-mail') {
    const { transport, mails } = await listOutgoingMail(deps.db, deps.mailer);
    if (!transport) io.out('No SMTP_URL: waiting mail stays waiting until one is set.');
    if (!mails.length) io.out('No mail is waiting or failed.');
    for (const m of mails) {
      const next = m.nextAttemptAt ? ` next ${m.nextAttemptAt}` : '';
      const error = m.error ? ` — ${m.error}` : '';
      io.out(`${m.id}  ${m.status} ×${m.attempts} ${m.createdAt}${next}  ${m.to}  "${m.subject}"${error}`);
    }
    return 0;
  }
  if (command === 'send-mail') {
    const r = await sendQueuedMail(full);
    io.out(
      deps.mailer.deliver
        ? `Sent ${r.sent}, to try again ${r.retry}, dead ${r.dead}, expired ${r.expired}.`
        : 'No SMTP_URL: nothing can be sent.',
    );
    return deps.mailer.deliver ? 0 : 1;
  }
  if (opts.dead) {
    const r = await resendDeadMail(full);
    io.out(`Queued again: ${r.queued}; sent at once: ${r.sent}.`);
    return 0;
  }
  if (!args[0]) {
    io.out('Usage: resend-mail <mail id> | --dead');
    return 1;
  }
  const r = await resendMail(full, args[0]);
  io.out(
    r.status === 'sent'
      ? 'Sent.'
      : r.status === 'outbox'
        ? 'Queued: it leaves at the next tick of the sender.'
        : 'Not delivered: dead again.',
  );
  return 0;
}
