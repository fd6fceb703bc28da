import { z } from 'zod';
import { partnerAccessSchema } from './partner';
import { programAccessSchema } from './program-access';

// The signed-in user as the API answers it (the login answer and the current user): one schema, used by the
// API's routes for validation and the OpenAPI document, and by the screens through the inferred types.
export const branchLinkSchema = z.object({ branchId: z.string(), branchName: z.string() });

export const currentUserSchema = z.object({
  id: z.string(),
  branches: z.array(branchLinkSchema),
  /** The default branch (the first); '' for program staff who belong to no branch. */
  branchId: z.string(),
  contactEmail: z.string(),
  locale: z.string(),
  workplace: z.boolean(),
  loginType: z.number(),
  username: z.string(),
  /** The program role, or null for branch staff only. */
  program: programAccessSchema.nullable(),
  /** A retail partner's scope (a retailer, one banner or some stores), or null: partners see /partner only. */
  partner: partnerAccessSchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginAnswerSchema = currentUserSchema.extend({ token: z.string(), expiresAt: z.string() });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
/** The signed-in user the session keeps. Display data only: this is what the browser can read; the API token never goes here. */
export type SessionUser = Omit<LoginAnswer, 'token' | 'expiresAt'>;
