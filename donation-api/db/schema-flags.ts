import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { donations, users } from './schema-core';

/**
 * The API's mark on a donation whose weight is unusual for its store (lib/domain/unusual-weight.ts), one row per
 * donation, and how the program resolved it. A table of its own keeps the donations rows, their triggers and their
 * index-only scans as they were; a deleted donation takes its mark with it.
 */
export const donationFlags = pgTable(
  'donation_flags',
  {
    donationId: uuid('donation_id')
      .primaryKey()
      .references(() => donations.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The store's usual weight when the mark was set (null: the store had no donation above 0 yet). */
    usualPounds: doublePrecision('usual_lbs'),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id),
    /** 'confirmed' (the weight is right) or 'correction_requested' (the branch was asked to correct it). */
    resolution: text('resolution'),
    /** What the administrator wrote to the branch with a request to correct. */
    resolutionNote: text('resolution_note'),
  },
  // The program's list reads the open marks only.
  (t) => [
    index('donation_flags_open_idx')
      .on(t.flaggedAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);
