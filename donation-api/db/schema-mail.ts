// The mail outbox (docs/decisions/0024-mail-outbox.md): every mail the app sends is a row here.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * status: outbox (waiting: the sender job sends it once a transport exists, at next_attempt_at) | sent |
 * failed (one attempt the caller reported to the user, who tries again: not retried) | dead (the last retry
 * failed) | expired (what it carried, a sign-in code or a link, stopped working before it could leave).
 * A delivered mail that carries a secret is kept without its body.
 */
export const sentMail = pgTable(
  'sent_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    kind: text('kind').notNull(),
    replyTo: text('reply_to'),
    status: text('status').notNull(),
    /** The last error. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sent_mail_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'outbox'`),
    index('sent_mail_status_idx').on(t.status, t.createdAt),
  ],
);
