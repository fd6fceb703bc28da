// Retail partners: who may see which stores, the per-store running totals their screens read, the statements kept
// for them, the queries they raise on a line, and the statement-ready mails already sent. Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { banners, branches, donations, retailers, stores, users } from './schema-core';

/**
 * A partner user's scope: every store of a retailer, of one of its banners (banner_id), or of a list (store_ids).
 * A partner belongs to no branch and holds no program role; the token lookup reads this row on every call.
 */
export const partnerAccess = pgTable('partner_access', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  retailerId: uuid('retailer_id')
    .notNull()
    .references(() => retailers.id),
  bannerId: uuid('banner_id').references(() => banners.id),
  storeIds: uuid('store_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  grantedBy: text('granted_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Running totals per store, branch, month and source, kept by triggers on `donations` and `donation_categories` in
 * the same transaction as every write (as `month_totals` is per branch): a partner's figures read months, never
 * donations. The pounds of each food category are an array indexed by category id (weight × share), so one row per
 * store and month carries the whole split: a national retailer's year is stores × months rows, not × categories.
 */
export const storeMonthTotals = pgTable(
  'store_month_totals',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    source: smallint('source').notNull(),
    donationCount: integer('donation_count').notNull().default(0),
    pounds: numeric('pounds').notNull().default('0'),
    ghgKgCo2e: numeric('ghg_kg_co2e').notNull().default('0'),
    categoryPounds: numeric('category_pounds')
      .array()
      .notNull()
      .default(sql`'{}'::numeric[]`),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.branchId, t.year, t.month, t.source] })],
);

/**
 * Statements issued to a retailer, kept as issued: the figures they state (jsonb), so the same statement prints the
 * same figures later, and a re-issue after a changed figure gets a new number that names the one it replaces.
 */
export const partnerStatements = pgTable(
  'partner_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigserial('number', { mode: 'number' }).notNull(),
    retailerId: uuid('retailer_id')
      .notNull()
      .references(() => retailers.id),
    /** What the statement covers: 'retailer:<id>', 'banner:<id>', 'store:<id>' or 'stores:<sorted ids>'. */
    scopeKey: text('scope_key').notNull(),
    scopeName: text('scope_name').notNull(),
    /** '2026-10' for a month, '2026-Q3' for a quarter. */
    period: text('period').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    figures: jsonb('figures').notNull(),
    pounds: numeric('pounds').notNull(),
    replacesId: uuid('replaces_id'),
    /** The lines whose figures differ from the statement replaced. */
    changes: jsonb('changes'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedByUserId: uuid('issued_by_user_id'),
  },
  (t) => [
    uniqueIndex('partner_statements_number_key').on(t.number),
    index('partner_statements_retailer_idx').on(t.retailerId, t.issuedAt),
    index('partner_statements_scope_idx').on(t.scopeKey, t.period, t.issuedAt),
  ],
);

/**
 * A partner's question on a donation line. What the line was (date, store, branch, pounds) is copied, so the query
 * outlives a correction that deletes the donation; one open query per line at a time (a partial unique index).
 */
export const partnerQueries = pgTable(
  'partner_queries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donationId: uuid('donation_id').references(() => donations.id, { onDelete: 'set null' }),
    retailerId: uuid('retailer_id')
      .notNull()
      .references(() => retailers.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    pounds: numeric('pounds').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    askedByUserId: uuid('asked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('open'),
    answer: text('answer'),
    answeredByUserId: uuid('answered_by_user_id'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('partner_queries_open_line_key')
      .on(t.donationId)
      .where(sql`${t.status} = 'open'`),
    index('partner_queries_branch_idx').on(t.branchId, t.date),
    // A line's latest query, read for every line a partner lists.
    index('partner_queries_donation_idx').on(t.donationId, t.askedAt),
    index('partner_queries_retailer_idx').on(t.retailerId, t.askedAt),
  ],
);

/** A statement-ready mail, once per partner user and month, whoever (schedule or submit) gets there first. */
export const partnerStatementMail = pgTable(
  'partner_statement_mail',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    statementId: uuid('statement_id').references(() => partnerStatements.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year, t.month] })],
);
