// The core tables (people, places, donations, reference data); schema.ts exports them with the tables of each area.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased; logins compare lower-cased.
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    loginType: smallint('login_type').notNull().default(1),
    locale: text('locale').notNull().default('en'),
    workplace: boolean('workplace').notNull().default(false),
    // Identity-provider subject (object id) for single sign-on users.
    objectId: text('object_id'),
    // Chat-tool identity for the embedded mode.
    workplaceId: text('workplace_id'),
    disabled: boolean('disabled').notNull().default(false),
    // Forgot-password: the mailed password works beside the current one until either is used (then the other is dropped).
    pendingPasswordHash: text('pending_password_hash'),
    pendingPasswordAt: timestamp('pending_password_at', { withTimezone: true }),
    // The user opted out of the monthly reminder e-mails.
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_username_key').on(t.username), index('users_email_idx').on(sql`lower(${t.email})`)],
);

export const branches = pgTable('branches', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email'),
  phoneNumber: text('phone_number'),
  province: text('province'),
  city: text('city'),
  address1: text('address1'),
  address2: text('address2'),
  postalCode: text('postal_code'),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  website: text('website'),
  operatingHours: text('operating_hours'),
  contactName: text('contact_name'),
  contactTitle: text('contact_title'),
  contactEmail: text('contact_email'),
  contactPhoneNumber: text('contact_phone_number'),
  numStaff: integer('num_staff'),
  numVolunteers: integer('num_volunteers'),
  numServedInPreviousYear: integer('num_served_in_previous_year'),
  totalPoundsDistributedAnnually: doublePrecision('total_pounds_distributed_annually'),
  // A deactivated branch keeps its history but leaves the oversight screens from this month on.
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  ...timestamps,
});

export const userBranches = pgTable(
  'user_branches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    // Order in which the user's branches are listed; the first is the default branch.
    position: integer('position').notNull().default(0),
    // A branch lead may invite colleagues to this branch (and only this one).
    lead: boolean('lead').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.branchId] }), index('user_branches_branch_idx').on(t.branchId)],
);

/**
 * Program staff: 'admin' sees and acts on every branch, 'coordinator' sees the branches of its provinces.
 * Checked on every call through the token lookup (donation-api/auth/program-scope.ts).
 */
export const programRoles = pgTable('program_roles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  provinces: text('provinces')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  grantedBy: text('granted_by'),
  ...timestamps,
});

export const retailers = pgTable('retailers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
});

export const banners = pgTable('banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  retailerId: uuid('retailer_id')
    .notNull()
    .references(() => retailers.id),
  name: text('name').notNull(),
});

export const stores = pgTable('stores', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  number: text('number'),
  retailerId: uuid('retailer_id').references(() => retailers.id),
  bannerId: uuid('banner_id').references(() => banners.id),
});

export const campaigns = pgTable('campaigns', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
});

/** Which stores serve which branch, per program (the RFP row for the default program). */
export const branchStores = pgTable(
  'branch_stores',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.campaignId, t.storeId] })],
);

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameFr: text('name_fr').notNull(),
  displayOrder: integer('display_order').notNull(),
});

/** Versioned greenhouse-gas factor sets; the newest version is used for recomputation. */
export const ghgFactorSets = pgTable('ghg_factor_sets', {
  version: integer('version').primaryKey(),
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** kg CO2e avoided per pound donated, per category, per factor set. */
export const ghgFactors = pgTable(
  'ghg_factors',
  {
    version: integer('version')
      .notNull()
      .references(() => ghgFactorSets.version),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    kgCo2ePerLb: doublePrecision('kg_co2e_per_lb').notNull(),
  },
  (t) => [primaryKey({ columns: [t.version, t.categoryId] })],
);

export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    date: date('date', { mode: 'string' }).notNull(),
    source: smallint('source').notNull(),
    weight: doublePrecision('weight').notNull(),
    weightUnit: smallint('weight_unit').notNull(),
    weightInPounds: doublePrecision('weight_in_pounds').notNull(),
    ghgKgCo2e: doublePrecision('ghg_kg_co2e'),
    ghgFactorVersion: integer('ghg_factor_version'),
    createdBy: text('created_by'),
    createdByUserId: uuid('created_by_user_id'),
    updatedBy: text('updated_by'),
    updatedByUserId: uuid('updated_by_user_id'),
    // Optimistic concurrency: every update adds 1; a PUT naming an older version is a conflict (409).
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    // A branch's donations in date order, ties broken by entry time and id: the year export's keyset pages
    // (donations/export.ts) read it as a range with no sort, and every (branch, dates) read uses its prefix.
    index('donations_branch_date_created_idx').on(t.branchId, t.date, t.createdAt, t.id),
    index('donations_branch_campaign_date_idx').on(t.branchId, t.campaignId, t.date),
    // A range of dates across every branch (the program's partner report reads one period of all branches). The
    // source and pounds make a sum by branch an index-only scan.
    index('donations_date_branch_idx').on(t.date, t.branchId, t.source, t.weightInPounds),
  ],
);

export const donationCategories = pgTable(
  'donation_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    fraction: doublePrecision('fraction').notNull(),
  },
  (t) => [uniqueIndex('donation_categories_donation_category_key').on(t.donationId, t.categoryId)],
);

/** One row per (branch, year, month); every donation write locks it, so a submit and concurrent writes serialize. */
export const monthSubmissions = pgTable(
  'month_submissions',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    submitted: boolean('submitted').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: text('submitted_by'),
    submittedByUserId: uuid('submitted_by_user_id'),
    comments: text('comments'),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenReason: text('reopen_reason'),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.year, t.month] })],
);

export const contacts = pgTable('contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  emailAddress: text('email_address').notNull(),
  displayOrder: integer('display_order').notNull().default(0),
});

export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id),
  contactId: uuid('contact_id')
    .notNull()
    .references(() => contacts.id),
  message: text('message').notNull(),
  contactEmail: text('contact_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // pending (stored, mail not yet tried) | sent | outbox | failed: the mail goes after the row commits.
  mailStatus: text('mail_status').notNull().default('sent'),
});

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the token, hex; the token itself is never stored.
    tokenHash: text('token_hash').notNull(),
    botSource: text('bot_source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_key').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/** Failed-login counters per key (username or address), for slowing and refusing brute force. */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    actor: text('actor'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    branchId: uuid('branch_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    // The branch history and the program-wide log read newest first.
    index('audit_log_branch_at_idx').on(t.branchId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** Small settings: login-page background data, and the like. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
