import { z } from 'zod';

export * from './donation-rules';

export const donationCategoryInputSchema = z.strictObject({
  categoryId: z.coerce.number().int().positive(),
  categoryName: z.string().max(200).optional(),
  fraction: z.number().min(0).max(1),
});

/** Create/update payload: branchId, date, storeId, source, weight, weightUnit, categories, createdBy. */
export const saveDonationBodySchema = z.strictObject({
  branchId: z.string().max(64).optional(),
  // A calendar date YYYY-MM-DD; any other form is refused by the rules (VALIDATION_DATE_FORMAT, the form's message).
  date: z.string().max(40),
  storeId: z.string().max(64).nullish(),
  source: z.number().int(),
  weight: z.number(),
  weightUnit: z.number().int(),
  categories: z.array(donationCategoryInputSchema).max(50),
  createdBy: z.string().max(320).nullish(),
  campaignId: z.string().max(64).optional(),
  // Campaign donations carry their categories under this name (docs/product.md, Records and their fields).
  campaignCategories: z.array(donationCategoryInputSchema).max(50).optional(),
  // Updates: the version the client read; a newer one in the database is a conflict (409). Ignored on create.
  version: z.number().int().min(1).max(2_147_483_647).optional(),
  // Create only: the scheduled pickup this donation is (docs/product.md, Pickups), from the pickups screen.
  pickupId: z.string().max(80).nullish(),
});
export type SaveDonationBody = z.infer<typeof saveDonationBodySchema>;
