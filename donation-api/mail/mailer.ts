import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../db/client';
import { sentMail } from '../db/schema';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  kind: string;
  replyTo?: string;
  /** When what the mail carries (a sign-in code, a link) stops working: a queued copy is not sent after it. */
  expiresAt?: Date;
};

/** 'outbox': the mail waits in the outbox; the sender job (mail/outbox.ts) sends it once a transport exists. */
export type MailStatus = 'sent' | 'outbox';

/**
 * What a failed delivery does: 'throw' when the caller tells its user (who tries again: the row is 'failed', not
 * retried), 'retry' when nobody is waiting on it (the row waits in the outbox for the sender job's next attempt).
 */
export type SendOptions = { onFailure?: 'throw' | 'retry' };

/** Kinds whose body carries a secret (a new password, a sign-in code): once delivered, not kept in the table. */
const SECRET_KINDS = new Set(['forgot-password', 'login-challenge', 'invitation', 'password-reset']);
export const NOT_KEPT_BODY = '[not kept: carries a secret]';
export const recordedBody = (msg: { kind: string; text: string }) => (SECRET_KINDS.has(msg.kind) ? NOT_KEPT_BODY : msg.text);
export const errorText = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 500);

/**
 * `record` is where the sent_mail row goes: the caller's transaction when the mail is part of one (so the mail is
 * queued with what caused it, and the embedded database's one connection never waits on a second handle), else
 * the mailer's own. `deliver` is the transport alone (undefined without SMTP_URL), for the sender job.
 */
export type Mailer = {
  send: (msg: MailMessage, record?: DbOrTx, opts?: SendOptions) => Promise<{ status: MailStatus }>;
  deliver?: (msg: MailMessage) => Promise<void>;
};

/** The wait before the next attempt after the nth failed one; after the last, the mail is dead. */
export const RETRY_MINUTES = [1, 5, 30, 120, 720] as const;
export const MAX_ATTEMPTS = RETRY_MINUTES.length + 1;

/**
 * Sends through SMTP_URL with nodemailer. Without it, every mail waits in the sent_mail table (the outbox) and in
 * the log; the sender job sends it once SMTP_URL is set (the demo reads its codes there meanwhile). Every message
 * is recorded either way; a delivered one that carries a secret is recorded without its body.
 */
export function createMailer(opts: { db: Db; log: Logger; smtpUrl?: string; from: string; now?: () => Date }): Mailer {
  const now = opts.now ?? (() => new Date());
  let transport: import('nodemailer').Transporter | undefined;
  const deliver = opts.smtpUrl
    ? async (msg: MailMessage) => {
        if (!transport) {
          const nodemailer = await import('nodemailer');
          transport = nodemailer.createTransport(opts.smtpUrl);
        }
        await transport.sendMail({ from: opts.from, to: msg.to, subject: msg.subject, text: msg.text, replyTo: msg.replyTo });
      }
    : undefined;
  const row = (msg: MailMessage) => ({
    to: msg.to,
    subject: msg.subject,
    kind: msg.kind,
    replyTo: msg.replyTo ?? null,
    expiresAt: msg.expiresAt ?? null,
  });
  return {
    deliver,
    async send(msg, record, sendOpts) {
      const db = record ?? opts.db;
      const at = now();
      if (!deliver) {
        await db.insert(sentMail).values({ ...row(msg), body: msg.text, status: 'outbox', nextAttemptAt: at, createdAt: at });
        opts.log.info({ mail: { to: msg.to, subject: msg.subject, kind: msg.kind } }, 'mail kept in outbox (no SMTP_URL)');
        return { status: 'outbox' };
      }
      try {
        await deliver(msg);
      } catch (err) {
        if (sendOpts?.onFailure === 'retry') {
          await db.insert(sentMail).values({
            ...row(msg),
            body: msg.text,
            status: 'outbox',
            attempts: 1,
            error: errorText(err),
            nextAttemptAt: new Date(at.getTime() + RETRY_MINUTES[0] * 60_000),
            createdAt: at,
          });
          opts.log.warn({ err, mail: { to: msg.to, kind: msg.kind } }, 'mail not delivered; queued for a retry');
          return { status: 'outbox' };
        }
        // Inside a caller's transaction the failure is the caller's to record: that transaction is being undone.
        if (record) throw err;
        await db
          .insert(sentMail)
          .values({ ...row(msg), body: recordedBody(msg), status: 'failed', attempts: 1, error: errorText(err), createdAt: at });
        throw err;
      }
      await db.insert(sentMail).values({ ...row(msg), body: recordedBody(msg), status: 'sent', attempts: 1, sentAt: now(), createdAt: at });
      return { status: 'sent' };
    },
  };
}
