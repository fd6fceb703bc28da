// The people tables: invitation and reset links, and store requests. Re-exported by schema.ts (drizzle reads that file).
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { branches, stores, users } from './schema-core';

/**
 * Single-use, expiring links mailed to a user: 'invitation' (set a first password, or for single sign-on
 * users only a notice) and 'reset' (choose a new password). Only the SHA-256 of the link's token is stored.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    // The branch the invitee lands on after setting a password.
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('invitations_token_key').on(t.tokenHash), index('invitations_user_idx').on(t.userId)],
);

/** 'My store is not in the list': a branch's request for a store, approved or refused by an administrator. */
export const storeRequests = pgTable(
  'store_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').notNull(),
    requestedByUserId: uuid('requested_by_user_id'),
    retailer: text('retailer').notNull(),
    banner: text('banner'),
    name: text('name').notNull(),
    number: text('number'),
    address: text('address'),
    // open | approved | refused
    status: text('status').notNull().default('open'),
    storeId: uuid('store_id').references(() => stores.id),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_requests_status_idx').on(t.status)],
);
