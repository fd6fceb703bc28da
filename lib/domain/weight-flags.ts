import { z } from 'zod';
import { WORKFLOW_TEXT_MAX } from './text-limits';

// The program's list of donations the API marked for an unusual weight (lib/domain/unusual-weight.ts), and the
// two ways an administrator resolves one: one schema per answer and body, used by the routes and the screens.

export const WEIGHT_FLAG_RESOLUTIONS = ['confirmed', 'correction_requested'] as const;
export const weightFlagResolutionSchema = z.enum(WEIGHT_FLAG_RESOLUTIONS);

export const markedDonationSchema = z.object({
  donationId: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  province: z.string().nullable(),
  storeName: z.string(),
  date: z.string(),
  weightInPounds: z.number(),
  /** The store's usual weight when the mark was set; null when the store had no donation above 0 yet. */
  usualPounds: z.number().nullable(),
  reason: z.literal('unusual_weight'),
  enteredBy: z.string().nullable(),
  flaggedAt: z.string(),
});
export type MarkedDonation = z.infer<typeof markedDonationSchema>;

export const weightFlagResolvedSchema = z.object({
  donationId: z.string(),
  resolution: weightFlagResolutionSchema,
  resolvedAt: z.string(),
  /** How many of the branch's staff were sent the request to correct (0 for a confirmation). */
  notified: z.number(),
});
export type WeightFlagResolved = z.infer<typeof weightFlagResolvedSchema>;

/** An optional word to the branch with a request to correct. */
export const askCorrectionBodySchema = z.strictObject({ note: z.string().max(WORKFLOW_TEXT_MAX.note).nullish() });
