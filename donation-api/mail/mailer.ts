import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../db/client';
import { sentMail } from '../db/schema';

export type MailMessage = { to: string; subject: string; text: string; kind: string; replyTo?: string };

/** Kinds whose body carries a secret (a new password, a sign-in code): once delivered, not kept in the table. */
const SECRET_KINDS = new Set(['forgot-password', 'login-challenge', 'invitation', 'password-reset']);
const recordedBody = (msg: MailMessage) => (SECRET_KINDS.has(msg.kind) ? '[not kept: carries a secret]' : msg.text);
/**
 * `record` is where the sent_mail row goes: the caller's transaction when the mail is part of one (the embedded
 * database has one connection, so a second handle would wait for that transaction to end), else the mailer's own.
 */
export type Mailer = { send: (msg: MailMessage, record?: DbOrTx) => Promise<{ status: 'sent' | 'outbox' }> };

/**
 * Sends through SMTP_URL with nodemailer. Without it, mail stays in the sent_mail table (the outbox)
 * and in the log, so the demo works offline (there the table is the only delivery, so it keeps the body).
 * Every message is recorded either way; a delivered one that carries a secret is recorded without its body.
 */
export function createMailer(opts: { db: Db; log: Logger; smtpUrl?: string; from: string }): Mailer {
  let transport: import('nodemailer').Transporter | undefined;
  return {
    async send(msg, record) {
      const db = record ?? opts.db;
      if (!opts.smtpUrl) {
        await db.insert(sentMail).values({ to: msg.to, subject: msg.subject, body: msg.text, kind: msg.kind, status: 'outbox' });
        opts.log.info({ mail: { to: msg.to, subject: msg.subject, kind: msg.kind } }, 'mail kept in outbox (no SMTP_URL)');
        return { status: 'outbox' };
      }
      if (!transport) {
        const nodemailer = await import('nodemailer');
        transport = nodemailer.createTransport(opts.smtpUrl);
      }
      try {
        await transport.sendMail({ from: opts.from, to: msg.to, subject: msg.subject, text: msg.text, replyTo: msg.replyTo });
      } catch (err) {
        // Inside a caller's transaction the failure is the caller's to record: that transaction is being undone.
        if (record) throw err;
        await db.insert(sentMail).values({
          to: msg.to,
          subject: msg.subject,
          body: recordedBody(msg),
          kind: msg.kind,
          status: 'failed',
          error: String((err as Error).message).slice(0, 500),
        });
        throw err;
      }
      await db.insert(sentMail).values({ to: msg.to, subject: msg.subject, body: recordedBody(msg), kind: msg.kind, status: 'sent' });
      return { status: 'sent' };
    },
  };
}
