import { z } from 'zod';

// Totals of the program: for a month and its year, by province and for the whole program, with the
// category split and the kg CO2e avoided, plus pounds by month for the chart (this year against the previous).

export const totalsQuerySchema = z.object({
  year: z.coerce.number().int().min(1900).max(9999),
  month: z.coerce.number().int().min(1).max(12),
});

export const categoryTotalSchema = z.object({ categoryId: z.number(), name: z.string(), nameFr: z.string(), pounds: z.number() });

export const totalsSchema = z.object({
  frontStoreWeightInPounds: z.number(),
  backStoreWeightInPounds: z.number(),
  donations: z.number(),
  ghgKgCo2e: z.number(),
  /** Meal equivalent of the food pounds (lib/domain/impact.ts: mealsOf, as on the branch screens). */
  meals: z.number(),
  /** Pounds per category, in display order (every category, 0 when none). */
  categories: z.array(categoryTotalSchema),
});
export type Totals = z.infer<typeof totalsSchema>;

export const periodTotalsSchema = z.object({
  program: totalsSchema,
  /** Provinces in scope that have branches, by code; a branch without a province counts under ''. */
  provinces: z.array(totalsSchema.extend({ province: z.string() })),
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;

export const totalsAnswerSchema = z.object({
  year: z.number(),
  month: z.number(),
  monthTotals: periodTotalsSchema,
  yearTotals: periodTotalsSchema,
  /** Pounds per month, January first: the chosen year and the one before. */
  poundsByMonth: z.object({ year: z.array(z.number()), previous: z.array(z.number()) }),
});
export type TotalsAnswer = z.infer<typeof totalsAnswerSchema>;
