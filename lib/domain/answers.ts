import { z } from 'zod';

// Shapes of the donation API's answers: one zod schema each, used by the API's routes as response schemas
// (OpenAPI document, and the tests check every answer against them) and by the screens through the inferred types.
// Client components import this file with `import type` only, so zod never reaches the browser through it.

export type { LoginAnswer } from './user-answers';

export const categoryRefSchema = z.object({ id: z.number(), name: z.string(), nameFr: z.string(), displayOrder: z.number() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const storeAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string().nullable(),
  retailer: z.object({ id: z.string(), name: z.string() }).nullable(),
  banner: z.object({ id: z.string(), retailerId: z.string(), name: z.string() }).nullable(),
  displayName: z.string(),
});
export type StoreAnswer = z.infer<typeof storeAnswerSchema>;

export const donationCategoryAnswerSchema = z.object({
  id: z.string(),
  donationId: z.string(),
  categoryId: z.number(),
  /** The category itself; categoryName repeats its English name as in the payload. */
  category: categoryRefSchema,
  categoryName: z.string(),
  fraction: z.number(),
});

export const campaignCategoryAnswerSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  campaignDonationId: z.string(),
  categoryId: z.number(),
  category: categoryRefSchema,
  categoryName: z.string(),
  fraction: z.number(),
});

export const donationAnswerSchema = z.object({
  id: z.string(),
  branchId: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  date: z.string().describe('Calendar date YYYY-MM-DD'),
  storeId: z.string(),
  store: storeAnswerSchema,
  source: z.number(),
  weight: z.number(),
  weightUnit: z.number(),
  weightInPounds: z.number(),
  ghgKgCo2e: z.number().nullable(),
  ghgFactorVersion: z.number().nullable(),
  categories: z.array(donationCategoryAnswerSchema),
  submitted: z.boolean(),
  submitDate: z.string().nullable(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Usernames of who entered the donation and who last changed it. */
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().describe('Send it back in a PUT: a stale one answers 409 DONATION_CONFLICT'),
});
export type DonationAnswer = z.infer<typeof donationAnswerSchema>;

export const campaignDonationAnswerSchema = donationAnswerSchema.extend({
  campaign: z.object({ id: z.string(), name: z.string() }),
  campaignCategories: z.array(campaignCategoryAnswerSchema),
});
export type CampaignDonationAnswer = z.infer<typeof campaignDonationAnswerSchema>;

/** One row of the monthly reports (aggregate). */
export const monthlyReportSchema = z.object({
  year: z.number(),
  month: z.number(),
  frontStoreWeightInPounds: z.number(),
  backStoreWeightInPounds: z.number(),
  /** Category name → share of the month's pounds (0..1). */
  categories: z.record(z.string(), z.number()),
  submitted: z.boolean(),
  /** ISO instant the program last reopened the month, while it is not submitted again (the status 'reopened'). */
  reopenedAt: z.string().nullable(),
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

const text = z.string().nullable();
const num = z.number().nullable();
/** A branch and its organisation details (GET and PUT /branch/{branchId}). */
export const branchAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: text,
  phoneNumber: text,
  province: text,
  city: text,
  address1: text,
  address2: text,
  postalCode: text,
  lat: num,
  lng: num,
  website: text,
  operatingHours: text,
  contactName: text,
  contactTitle: text,
  contactEmail: text,
  contactPhoneNumber: text,
  numStaff: num,
  numVolunteers: num,
  numServedInPreviousYear: num,
  totalPoundsDistributedAnnually: num,
});

export const contactAnswerSchema = z.object({ id: z.string(), name: z.string(), emailAddress: z.string() });

/** Every refusal (4xx, 5xx): a stable code, a message in plain words and, for a bad input, the field at fault. */
export const errorAnswerSchema = z.object({ code: z.string(), message: z.string(), field: z.string().optional() });
