import { z } from 'zod';

// Answers of the totals calls (year and month summaries, store usage): one schema each, shared by the API
// (OpenAPI documents) and the screens (types).

export const categoryTotalSchema = z.object({
  categoryId: z.number(),
  name: z.string(),
  nameFr: z.string(),
  displayOrder: z.number(),
  /** Pounds of this category (weight × share, summed). */
  pounds: z.number(),
  /** Share of the period's pounds, 0..1 (for a period of only zero-weight donations, the mean share). */
  share: z.number(),
});

export const periodTotalsSchema = z.object({
  count: z.number(),
  totalPounds: z.number(),
  frontStorePounds: z.number(),
  backStorePounds: z.number(),
  /** Pounds of food (non-food items, waste and "No Donation" excluded): the base of the meal figure. */
  foodPounds: z.number(),
  ghgKgCo2e: z.number(),
  meals: z.number(),
  categories: z.array(categoryTotalSchema),
});

export const monthPoundsSchema = z.object({
  month: z.number(),
  count: z.number(),
  frontStorePounds: z.number(),
  backStorePounds: z.number(),
  ghgKgCo2e: z.number(),
});

export const yearSummarySchema = z.object({
  year: z.number(),
  totals: periodTotalsSchema,
  months: z.array(monthPoundsSchema),
  previousYear: z.object({ year: z.number(), totals: periodTotalsSchema, months: z.array(monthPoundsSchema) }),
});

export const monthSummarySchema = z.object({
  branchId: z.string(),
  branchName: z.string(),
  year: z.number(),
  month: z.number(),
  totals: periodTotalsSchema,
  submitted: z.boolean(),
  submittedAt: z.string().nullable(),
  submittedBy: z.string().nullable(),
  comments: z.string().nullable(),
});

export const storeUsageSchema = z.object({
  storeId: z.string(),
  campaignId: z.string(),
  uses: z.number(),
  /** Median pounds of the store's last 50 donations (null when it has none above 0 lbs). */
  medianPounds: z.number().nullable(),
  last: z.object({
    id: z.string(),
    date: z.string(),
    source: z.number(),
    weight: z.number(),
    weightUnit: z.number(),
    weightInPounds: z.number(),
    categories: z.array(z.object({ categoryId: z.number(), fraction: z.number() })),
  }),
});

export type PeriodTotals = z.infer<typeof periodTotalsSchema>;
export type MonthPounds = z.infer<typeof monthPoundsSchema>;
export type YearSummary = z.infer<typeof yearSummarySchema>;
export type MonthSummary = z.infer<typeof monthSummarySchema>;
export type StoreUsage = z.infer<typeof storeUsageSchema>;
