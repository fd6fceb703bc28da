// Retailers' manifests: what left each store as the retailer's own system records it, sent as a file or through the
// API, and the column mapping each retailer's files are read with. Re-exported by schema.ts.
import { doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid, date } from 'drizzle-orm/pg-core';
import { retailers, stores } from './schema-core';

/** One file or API call accepted. The same file again (same hash, same retailer) is the same manifest: nothing new. */
export const manifests = pgTable(
  'manifests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    retailerId: uuid('retailer_id')
      .notNull()
      .references(() => retailers.id),
    /** 'file' or 'api'. */
    source: text('source').notNull(),
    fileName: text('file_name'),
    fileHash: text('file_hash').notNull(),
    lineCount: integer('line_count').notNull(),
    /** Lines this manifest added; the others were already on file from an earlier one. */
    newLineCount: integer('new_line_count').notNull(),
    uploadedBy: text('uploaded_by'),
    uploadedByUserId: uuid('uploaded_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('manifests_retailer_hash_key').on(t.retailerId, t.fileHash)],
);

/**
 * A line of a manifest. A store number the retailer has no store for is kept (store_id null): the program sees it
 * listed instead of losing it. The line key (store number, date, pounds, categories) is unique per retailer, so the
 * same line sent again in another file or call adds nothing.
 */
export const manifestLines = pgTable(
  'manifest_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    manifestId: uuid('manifest_id')
      .notNull()
      .references(() => manifests.id, { onDelete: 'cascade' }),
    retailerId: uuid('retailer_id')
      .notNull()
      .references(() => retailers.id),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    storeNumber: text('store_number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    weight: doublePrecision('weight').notNull(),
    weightUnit: smallint('weight_unit').notNull(),
    weightInPounds: doublePrecision('weight_in_pounds').notNull(),
    categories: jsonb('categories').$type<Record<string, string>>(),
    lineKey: text('line_key').notNull(),
  },
  (t) => [
    uniqueIndex('manifest_lines_retailer_key').on(t.retailerId, t.lineKey),
    index('manifest_lines_store_date_idx').on(t.storeId, t.date),
    index('manifest_lines_retailer_date_idx').on(t.retailerId, t.date),
  ],
);

/** The retailer's own column names for each field, chosen once on screen with a preview and used for its next files. */
export const manifestMappings = pgTable('manifest_mappings', {
  retailerId: uuid('retailer_id')
    .primaryKey()
    .references(() => retailers.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').notNull().$type<Record<string, unknown>>(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
