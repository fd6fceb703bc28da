import { z } from '@hono/zod-openapi';
import { StoreSchema } from './stores';

// OpenAPI shapes of the donation answers (services/donation-query.ts builds them).

const CategoryRefSchema = z.object({ id: z.number(), name: z.string(), nameFr: z.string(), displayOrder: z.number() });

export const DonationCategorySchema = z.object({
  id: z.string(),
  donationId: z.string(),
  categoryId: z.number(),
  category: CategoryRefSchema,
  categoryName: z.string(),
  fraction: z.number(),
});

export const DonationSchema = z
  .object({
    id: z.string(),
    branchId: z.string(),
    campaignId: z.string(),
    campaignName: z.string(),
    date: z.string().openapi({ example: '2026-03-05' }),
    storeId: z.string(),
    store: StoreSchema,
    source: z.number(),
    weight: z.number(),
    weightUnit: z.number(),
    weightInPounds: z.number(),
    ghgKgCo2e: z.number().nullable(),
    ghgFactorVersion: z.number().nullable(),
    categories: z.array(DonationCategorySchema),
    submitted: z.boolean(),
    submitDate: z.string().nullable(),
    createdBy: z.string().nullable(),
    updatedBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Donation');

export const CampaignDonationSchema = DonationSchema.extend({
  campaign: z.object({ id: z.string(), name: z.string() }),
  campaignCategories: z.array(
    z.object({ id: z.string(), campaignId: z.string(), campaignDonationId: z.string(), categoryId: z.number(), category: CategoryRefSchema, categoryName: z.string(), fraction: z.number() }),
  ),
}).openapi('CampaignDonation');

export const MonthlyReportSchema = z
  .object({
    year: z.number(),
    month: z.number(),
    frontStoreWeightInPounds: z.number(),
    backStoreWeightInPounds: z.number(),
    categories: z.record(z.string(), z.number()),
    submitted: z.boolean(),
  })
  .openapi('MonthlyReport');

export const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
