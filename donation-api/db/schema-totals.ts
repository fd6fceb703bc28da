// Running month totals, kept by the triggers of migration 0003. Re-exported by schema.ts (drizzle reads that file).
import { bigint, integer, numeric, pgSequence, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { branches, categories } from './schema-core';

/**
 * Running totals per branch, month and source, kept by database triggers in the same transaction as every write to
 * `donations` (migration 0003): the monthly report and the program's oversight read months, not donations.
 * `npm run admin -- rebuild-totals` recomputes them from the donations.
 */
export const monthTotals = pgTable(
  'month_totals',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    source: smallint('source').notNull(),
    donationCount: integer('donation_count').notNull().default(0),
    // numeric: additions and subtractions cancel exactly, so the totals never drift from a recomputation.
    pounds: numeric('pounds').notNull().default('0'),
    ghgKgCo2e: numeric('ghg_kg_co2e').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.year, t.month, t.source] })],
);

/** The same per food category: pounds (weight × share) and the sum of the shares, kept by triggers on `donation_categories`. */
export const monthCategoryTotals = pgTable(
  'month_category_totals',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    source: smallint('source').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    rowCount: integer('row_count').notNull().default(0),
    pounds: numeric('pounds').notNull().default('0'),
    shares: numeric('shares').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.year, t.month, t.source, t.categoryId] })],
);

/**
 * Where the running totals of a branch last changed: a value of `totals_version_seq`, set in the same transaction as
 * every write to its donations or their categories (triggers of migration 0014, before the totals' own), and on a
 * rebuild. A sequence value is never handed out twice, so a version, once replaced, never comes back. An answer
 * computed from the totals is still right while the versions of its branches are those read before it was computed
 * (program/program-totals-cache.ts).
 */
export const totalsVersionSeq = pgSequence('totals_version_seq');

export const totalsVersions = pgTable('totals_versions', {
  branchId: uuid('branch_id')
    .primaryKey()
    .references(() => branches.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * One row: a number that moves on in every transaction that wrote one of the slowly changing tables the program's
 * pickup reliability and a retail partner's figures read (pickup slots, pauses, outcomes and linked donations;
 * branches, stores, banners, retailers, which food bank serves which store, month submissions, food categories), set
 * at the commit by the triggers of migrations 0020 and 0021. Donations move their branch's totals version instead
 * (above): a row every save took would queue the whole country's saves. The reliability view and the partner's figures
 * keep their answers while what they read has not moved (pickups/reliability-cache.ts, partners/partner-figures-cache.ts).
 */
export const figuresVersion = pgTable('figures_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
