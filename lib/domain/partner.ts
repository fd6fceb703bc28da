import { z } from 'zod';
import { PROVINCE_CODES } from './enums';
import { categoryTotalSchema } from './program-totals';

// Retail partners: people of a grocery retailer (a chain's sustainability team, a store manager) who see what their
// stores gave, for months the food banks have submitted. One schema per body and answer, shared by the API's routes
// (validation and the OpenAPI document) and the screens (inferred types).

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'uuid');

/**
 * What a partner may see: every store of one retailer, or of one of its banners, or a list of its stores. A list
 * always belongs to one retailer, so a statement is always one retailer's.
 */
export const partnerScopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('retailer'), retailerId: uuid }),
  z.strictObject({ kind: z.literal('banner'), bannerId: uuid }),
  z.strictObject({ kind: z.literal('stores'), storeIds: z.array(uuid).min(1).max(200) }),
]);
export type PartnerScope = z.infer<typeof partnerScopeSchema>;

/** The partner's scope as the session and the user list show it: the retailer, and the banner or stores if narrower. */
export const partnerAccessSchema = z.object({
  retailerId: z.string(),
  retailerName: z.string(),
  bannerId: z.string().nullable(),
  bannerName: z.string().nullable(),
  /** Empty: every store of the retailer (or of the banner). */
  storeIds: z.array(z.string()),
});
export type PartnerAccess = z.infer<typeof partnerAccessSchema>;

/** The program administrator's invitation of a partner user: the usual invitation, with a scope instead of a branch. */
export const partnerInviteBodySchema = z.strictObject({
  email: z.string().trim().max(320),
  username: z.string().trim().max(200).optional(),
  /** 1 = password (the invitee sets one), 3 = customer-identity single sign-on (Azure AD B2C). */
  loginType: z.union([z.literal(1), z.literal(3)]).default(1),
  locale: z.enum(['en', 'fr']).default('en'),
  scope: partnerScopeSchema,
  /** Why, kept in the audit log (as every administrative write's reason). */
  reason: z.string().trim().max(500).default(''),
});
export type PartnerInviteBody = z.infer<typeof partnerInviteBodySchema>;

/** A month as YYYY-MM. */
export const yearMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

/** The filters of /partner and of its exports; every one optional (the period defaults to this year so far). */
export const partnerFiltersSchema = z.object({
  from: yearMonthSchema.optional(),
  to: yearMonthSchema.optional(),
  province: z.enum(PROVINCE_CODES).optional(),
  bannerId: uuid.optional(),
  storeId: uuid.optional(),
});
export type PartnerFilters = z.infer<typeof partnerFiltersSchema>;

const impact = { pounds: z.number(), kgCo2e: z.number(), meals: z.number() };

/** The most stores the figures list one by one (a national chain has thousands: the export lists them all). */
export const BY_STORE_MAX = 50;

/**
 * GET /api/partner/stores: the store picker's search among the partner's own stores (a national chain has thousands,
 * so the screens ask as the user types instead of listing them all). `id` names one store (the one in the address).
 */
export const partnerStoresQuerySchema = z.object({
  q: z.string().max(100).optional(),
  id: uuid.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const partnerStoresSchema = z.object({
  stores: z.array(z.object({ id: z.string(), name: z.string(), number: z.string().nullable(), banner: z.string().nullable() })),
  /** More stores match than `limit`: type more to narrow. */
  more: z.boolean(),
});
export type PartnerStores = z.infer<typeof partnerStoresSchema>;

export const partnerFiguresSchema = z.object({
  retailer: z.object({ id: z.string(), name: z.string() }),
  from: yearMonthSchema,
  to: yearMonthSchema,
  /** What the filters may choose from, within the partner's scope. */
  options: z.object({
    provinces: z.array(z.string()),
    banners: z.array(z.object({ id: z.string(), name: z.string() })),
    /** How many stores the scope holds (the store picker searches them: GET /api/partner/stores). */
    storesInScope: z.number(),
  }),
  totals: z.object(impact),
  /** Every month of the period, with the same month a year earlier. */
  byMonth: z.array(z.object({ month: yearMonthSchema, pounds: z.number(), lastYearPounds: z.number() })),
  /** The stores that gave the most, BY_STORE_MAX at most (a national chain has thousands: the export lists them all). */
  byStore: z.array(
    z.object({ storeId: z.string(), name: z.string(), number: z.string().nullable(), banner: z.string().nullable(), ...impact }),
  ),
  /** How many stores gave in the period, all of them counted in the totals. */
  storeCount: z.number(),
  byBanner: z.array(z.object({ bannerId: z.string().nullable(), name: z.string().nullable(), pounds: z.number() })),
  byCategory: z.array(categoryTotalSchema),
  /** Months of the period a food bank serving these stores has not submitted yet: their pounds are not counted. */
  openMonths: z.array(z.object({ month: yearMonthSchema, branchName: z.string(), province: z.string().nullable() })),
});
export type PartnerFigures = z.infer<typeof partnerFiguresSchema>;

/** One donation line of a submitted month, as a partner sees it (no person's name). */
export const partnerLineSchema = z.object({
  id: z.string(),
  date: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  storeNumber: z.string().nullable(),
  branchName: z.string(),
  pounds: z.number(),
  /** The open or answered query on this line, if any. */
  queryStatus: z.enum(['open', 'answered']).nullable(),
});
export const partnerLinesSchema = z.object({
  month: yearMonthSchema,
  lines: z.array(partnerLineSchema),
  /** More lines than one answer holds (500): choose a store to see them all. */
  truncated: z.boolean(),
});
export type PartnerLine = z.infer<typeof partnerLineSchema>;

export const PARTNER_QUERY_KINDS = ['no-record', 'weight', 'other'] as const;
export const partnerQueryBodySchema = z.strictObject({
  donationId: uuid,
  kind: z.enum(PARTNER_QUERY_KINDS),
  reason: z.string().trim().min(1).max(500),
});
export const partnerQueryAnswerBodySchema = z.strictObject({ answer: z.string().trim().min(1).max(1000) });

export const partnerQuerySchema = z.object({
  id: z.string(),
  donationId: z.string(),
  date: z.string(),
  storeName: z.string(),
  storeNumber: z.string().nullable(),
  retailerName: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  pounds: z.number(),
  kind: z.enum(PARTNER_QUERY_KINDS),
  reason: z.string(),
  askedAt: z.string(),
  status: z.enum(['open', 'answered']),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type PartnerQuery = z.infer<typeof partnerQuerySchema>;
export const partnerQueriesSchema = z.object({ queries: z.array(partnerQuerySchema) });

/** A statement's period: one month, or a quarter (1–4). */
export const statementBodySchema = z.strictObject({
  year: z.number().int().min(2000).max(9999),
  month: z.number().int().min(1).max(12).optional(),
  quarter: z.number().int().min(1).max(4).optional(),
  /** A statement of one store of the partner's scope; the whole scope without it. */
  storeId: uuid.optional(),
});
export type StatementBody = z.infer<typeof statementBodySchema>;

export const statementSchema = z.object({
  id: z.string(),
  /** Printed on the statement: RFP-S-000123. */
  number: z.string(),
  period: z.string(),
  scopeName: z.string(),
  issuedAt: z.string(),
  pounds: z.number(),
  /** The number of the statement this one replaces, when a figure changed after it was issued. */
  replaces: z.string().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;
export const statementsSchema = z.object({ statements: z.array(statementSchema) });
