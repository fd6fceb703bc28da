import { check, date, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { branches, donations, stores } from './schema-core';

/**
 * A store's pickup slot (docs/product.md, Pickups): the weekdays, the time window, every week or every other week
 * counted from the start date's week, the collecting branch and its backup. A scheduled pickup is a slot on one of
 * its dates (lib/domain/pickups.ts), never a row of its own, so that a schedule changed today rewrites no past row.
 */
export const pickupSlots = pgTable(
  'pickup_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    backupBranchId: uuid('backup_branch_id').references(() => branches.id, { onDelete: 'set null' }),
    /** ISO weekdays, 1 (Monday) to 7 (Sunday). */
    weekdays: smallint('weekdays').array().notNull(),
    /** 'HH:MM', local time of the store. */
    windowStart: text('window_start').notNull(),
    windowEnd: text('window_end').notNull(),
    everyWeeks: smallint('every_weeks').notNull().default(1),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pickup_slots_store_idx').on(t.storeId),
    index('pickup_slots_branch_idx').on(t.branchId),
    index('pickup_slots_backup_branch_idx').on(t.backupBranchId),
    check('pickup_slots_every_weeks_check', sql`${t.everyWeeks} in (1, 2)`),
    check('pickup_slots_dates_check', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** A pause of every slot of a store (a holiday, a renovation): its dates are skipped, the slots stay. */
export const pickupPauses = pgTable(
  'pickup_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pickup_pauses_store_idx').on(t.storeId, t.startsOn),
    check('pickup_pauses_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * What a branch recorded for a scheduled pickup other than a donation: no food, or missed with a reason. One row per
 * pickup (its key), so a second tap records nothing twice.
 */
export const pickupOutcomes = pgTable(
  'pickup_outcomes',
  {
    slotId: uuid('slot_id')
      .notNull()
      .references(() => pickupSlots.id, { onDelete: 'cascade' }),
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    /** 'no_food' or 'missed'. */
    outcome: text('outcome').notNull(),
    /** Missed only: truck, staff, store_closed, weather, other. */
    reason: text('reason'),
    reasonText: text('reason_text'),
    recordedByUserId: uuid('recorded_by_user_id'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.slotId, t.pickupDate] }),
    check('pickup_outcomes_outcome_check', sql`${t.outcome} in ('no_food', 'missed')`),
  ],
);

/** The donation that was a scheduled pickup (a pickup may have two: two trips); a donation links to one at most. */
export const pickupDonations = pgTable(
  'pickup_donations',
  {
    donationId: uuid('donation_id')
      .primaryKey()
      .references(() => donations.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => pickupSlots.id, { onDelete: 'cascade' }),
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
  },
  (t) => [index('pickup_donations_slot_idx').on(t.slotId, t.pickupDate)],
);

/**
 * The daily digest of a branch's unrecorded pickups (docs/rules.md, The daily digest of unrecorded pickups): one row
 * per branch and day in the program's time zone. The transaction that inserts the row sends the mails; another
 * server's run that day finds the row (its key) and sends nothing.
 */
export const pickupDigestsSent = pgTable(
  'pickup_digests_sent',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    recipients: text('recipients').array().notNull(),
    /** How many unrecorded pickups the mail listed. */
    pickups: smallint('pickups').notNull(),
    sentBy: text('sent_by').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.sentOn] })],
);

/**
 * A branch lead's proposed change of a store's schedule (docs/product.md, Pickups): add a slot, change one (`slot`
 * holds the slot as proposed) or end one (`endsOn`), with a note. The program approves it (the change is made then,
 * by the calls of the store's screen) or declines it with a reason; the lead sees the outcome.
 */
export const scheduleProposals = pgTable(
  'schedule_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    /** 'add', 'change' or 'end'. */
    kind: text('kind').notNull(),
    /** The slot changed or ended; null for an added one, or once the slot is deleted. */
    slotId: uuid('slot_id').references(() => pickupSlots.id, { onDelete: 'set null' }),
    /** The slot as proposed (add, change): the body of a slot on the store's screen. */
    slot: jsonb('slot'),
    /** The last day of an ended slot. */
    endsOn: date('ends_on', { mode: 'string' }),
    note: text('note').notNull(),
    /** 'open', 'approved' or 'declined'. */
    status: text('status').notNull().default('open'),
    requestedBy: text('requested_by').notNull(),
    requestedByUserId: uuid('requested_by_user_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: text('decided_by'),
    decidedByUserId: uuid('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** The slot the approval added or changed. */
    appliedSlotId: uuid('applied_slot_id'),
  },
  (t) => [
    index('schedule_proposals_status_idx').on(t.status, t.requestedAt),
    index('schedule_proposals_branch_idx').on(t.branchId, t.requestedAt),
    check('schedule_proposals_kind_check', sql`${t.kind} in ('add', 'change', 'end')`),
    check('schedule_proposals_status_check', sql`${t.status} in ('open', 'approved', 'declined')`),
  ],
);
