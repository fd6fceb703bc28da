// The workflow tables: reopening requests, every submission of a month, reminders sent. Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users, branches } from './schema-core';

/**
 * A branch's request to reopen a submitted month. 'open' until program staff approve (the month opens)
 * or decline (it stays submitted) with an answer; at most one open request per month (partial unique index).
 */
export const reopenRequests = pgTable(
  'reopen_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    reason: text('reason').notNull(),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('open'), // open | approved | declined
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    answer: text('answer'),
  },
  (t) => [
    index('reopen_requests_month_idx').on(t.branchId, t.year, t.month),
    uniqueIndex('reopen_requests_one_open_key')
      .on(t.branchId, t.year, t.month)
      .where(sql`status = 'open'`),
    index('reopen_requests_status_idx').on(t.status, t.requestedAt),
  ],
);

/** Every submission of a month, kept (who, when, comments, totals at that moment), so two can be compared. */
export const submissionHistory = pgTable(
  'submission_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    submittedBy: text('submitted_by'),
    submittedByUserId: uuid('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    comments: text('comments'),
    frontLbs: doublePrecision('front_lbs').notNull(),
    backLbs: doublePrecision('back_lbs').notNull(),
    donationCount: integer('donation_count').notNull(),
    // Pounds per category id at that moment.
    categoryLbs: jsonb('category_lbs').notNull(),
  },
  (t) => [index('submission_history_month_idx').on(t.branchId, t.year, t.month, t.submittedAt)],
);

/**
 * Each reminder sent once per branch, month and kind ('due', 'overdue'), or once per coordinator digest (kind
 * 'digest', recipient the coordinator): the unique key is claimed in the same transaction that sends. Whoever sends
 * it (by hand or by the schedule, on any server), a reminder goes out at most once a day: `sent_on`, the day in the
 * program's time zone, is in a second unique key over every row. Rows sent twice before that key existed keep a null
 * `sent_on` (migration 0011), which the key does not compare.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    // The branch for 'due' / 'overdue'; null for a digest.
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    // The branch id for 'due' / 'overdue', the coordinator's user id for a digest: the unique key has no nulls.
    recipientKey: text('recipient_key').notNull(),
    recipients: text('recipients').array().notNull(),
    sentBy: text('sent_by').notNull(),
    manual: boolean('manual').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    sentOn: date('sent_on'),
  },
  (t) => [
    uniqueIndex('reminders_sent_once_key')
      .on(t.kind, t.year, t.month, t.recipientKey)
      .where(sql`manual = false`),
    uniqueIndex('reminders_sent_daily_key').on(t.kind, t.year, t.month, t.recipientKey, t.sentOn),
    index('reminders_sent_month_idx').on(t.year, t.month),
  ],
);
