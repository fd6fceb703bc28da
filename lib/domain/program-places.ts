import { z } from 'zod';
import { updateBranchBodySchema } from './branch';
import { reasonSchema } from './program-people';
import { limitedText, STORE_TEXT_MAX } from './text-limits';

// Branches and stores managed by program administrators, the CSV imports' preview, and store requests.

export const createBranchBodySchema = updateBranchBodySchema.extend({ reason: reasonSchema.default('') });
export const branchActiveBodySchema = z.strictObject({ active: z.boolean(), reason: reasonSchema });

export const programBranchRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  users: z.number(),
  stores: z.number(),
});
export type ProgramBranchRow = z.infer<typeof programBranchRowSchema>;

export const programStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string().nullable(),
  retailer: z.string().nullable(),
  banner: z.string().nullable(),
  branches: z.array(z.object({ branchId: z.string(), branchName: z.string() })),
});
export type ProgramStore = z.infer<typeof programStoreSchema>;

const storeFields = {
  retailer: limitedText(STORE_TEXT_MAX.retailer, 'Retailer').min(1),
  banner: limitedText(STORE_TEXT_MAX.banner, 'Banner').optional(),
  name: limitedText(STORE_TEXT_MAX.name, 'Store name').min(1),
  number: limitedText(STORE_TEXT_MAX.number, 'Store number').optional(),
};
export const createStoreBodySchema = z.strictObject({
  ...storeFields,
  branchIds: z.array(z.string().max(64)).max(50).default([]),
  reason: reasonSchema.default(''),
});
export type CreateStoreBody = z.infer<typeof createStoreBodySchema>;
export const storeBranchesBodySchema = z.strictObject({ branchIds: z.array(z.string().max(64)).max(50), reason: reasonSchema });

export const csvImportBodySchema = z.strictObject({
  csv: z.string().max(200_000),
  /** false: preview only (nothing is written); true: write, when every row is accepted. */
  confirm: z.boolean().default(false),
});
export const csvResultSchema = z.object({
  rows: z.array(
    z.object({
      line: z.number(),
      action: z.enum(['create', 'update', 'unchanged']),
      label: z.string(),
      fields: z.record(z.string(), z.unknown()),
    }),
  ),
  /** message: English (command line); code and params: the screens' text (messages AdminProblems, or Errors for ORG_*). */
  problems: z.array(
    z.object({
      line: z.number(),
      column: z.string().nullable(),
      message: z.string(),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  ),
  written: z.boolean(),
  created: z.number(),
  updated: z.number(),
  linked: z.number(),
});
export type CsvResultAnswer = z.infer<typeof csvResultSchema>;

/** 'My store is not in the list': what branch staff know about the store. */
export const storeRequestBodySchema = z.strictObject({
  ...storeFields,
  retailer: limitedText(STORE_TEXT_MAX.retailer, 'Retailer'),
  name: limitedText(STORE_TEXT_MAX.name, 'Store name'),
  address: limitedText(STORE_TEXT_MAX.address, 'Address').optional(),
});
export type StoreRequestBody = z.infer<typeof storeRequestBodySchema>;

export const storeRequestSchema = z.object({
  id: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  requestedBy: z.string(),
  retailer: z.string(),
  banner: z.string().nullable(),
  name: z.string(),
  number: z.string().nullable(),
  address: z.string().nullable(),
  /** open | approved | refused */
  status: z.string(),
  /** The administrator's reason, shown to the branch with the outcome. */
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type StoreRequest = z.infer<typeof storeRequestSchema>;
export const storeDecisionBodySchema = z.strictObject({ approve: z.boolean(), reason: reasonSchema });
