// Sign-in codes of the embedded mode and the answers kept for Idempotency-Key retries. Re-exported by schema.ts.
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-core';

/** One-time e-mail codes that link a chat identity (or confirm a sign-in) to an account. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the code; the code itself only travels by mail.
    codeHash: text('code_hash').notNull(),
    // The chat identity (or other subject) the code will link on success.
    subject: text('subject'),
    botSource: text('bot_source'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** Answers of creates sent with an Idempotency-Key, per user, replayed to a retry for 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    // SHA-256 of method, path and body: the same key with another request is refused.
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: text('body').notNull(),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
