// Mail sent once per claim (the reminders, the pickup digest): the claim row and the mails share one transaction.
import type { Tx } from '../db/client';
import type { Mailer, MailMessage } from './mailer';
import type { Logger } from 'pino';

/**
 * Sends each mail inside the claiming transaction; one that fails is logged and the others still go. When none could
 * be sent it throws, so the claim is rolled back and the next run tries again.
 */
export async function sendAllOrRollBack(deps: { mailer: Mailer; log: Logger }, tx: Tx, mails: MailMessage[], what: string) {
  let sent = 0;
  for (const m of mails) {
    try {
      await deps.mailer.send(m, tx);
      sent += 1;
    } catch (err) {
      deps.log.warn({ err, kind: m.kind }, `${what} not delivered`);
    }
  }
  if (!sent) throw new Error(`no ${what} delivered`);
}
