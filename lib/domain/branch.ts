import { z } from 'zod';
import { BRANCH_STATISTICS, BRANCH_TEXT_MAX, STATISTIC_MAX, type BranchStatistic, type BranchTextField } from './branch-rules';

/** Numeric statistics become null when not a number (docs/product.md, Records and their fields). */
const statistic = z.preprocess((v) => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/[\s,]/g, ''));
  return Number.isFinite(n) ? n : null;
}, z.number().min(0).max(STATISTIC_MAX).nullable());

const textFields = Object.fromEntries(
  (Object.entries(BRANCH_TEXT_MAX) as [BranchTextField, number][]).map(([field, max]) => [field, z.string().max(max).nullish()]),
) as Record<BranchTextField, z.ZodOptional<z.ZodNullable<z.ZodString>>>;
const statisticFields = Object.fromEntries(BRANCH_STATISTICS.map((field) => [field, statistic])) as Record<
  BranchStatistic,
  typeof statistic
>;

/** The update payload: the branch fields without id, lat and lng. */
export const updateBranchBodySchema = z.strictObject({ ...textFields, ...statisticFields });
export type UpdateBranchBody = z.infer<typeof updateBranchBodySchema>;
