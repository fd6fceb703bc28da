// Reconciliation of manifests with donations (docs/product.md, Manifests): a branch's own month, the program's share
// by retailer and branch, a partner's by store, and the program's weight tolerance. Reads only: nothing here changes
// a donation or a submitted month.
import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../router';
import { json } from '../http/donation-schemas';
import { errorResponses, monthParam, uuidParam, yearParam } from '../http/params';
import { access, checkedBranchId, checkedPartner, checkedProgram } from '../auth/access';
import {
  branchReconciliation,
  partnerReconciliation,
  programReconciliation,
  setTolerancePercent,
  tolerancePercent,
} from './reconciliation';

export const reconcileRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const tags = ['Manifests'];
const yearMonth = z.object({ year: yearParam, month: monthParam });
const kind = z.enum(['matched', 'differs', 'manifest-only', 'donation-only']);
const summarySchema = z.object({
  matched: z.number(),
  differs: z.number(),
  manifestOnly: z.number(),
  donationOnly: z.number(),
  share: z.number().nullable(),
});
const shareRow = summarySchema.extend({
  key: z.string(),
  retailer: z.string(),
  branch: z.string().nullable(),
  store: z.string().optional(),
});
export const branchReconciliationSchema = z
  .object({
    tolerancePercent: z.number(),
    summary: summarySchema,
    items: z.array(
      z.object({
        kind,
        storeId: z.string(),
        storeName: z.string(),
        retailerName: z.string(),
        line: z.object({ date: z.string(), pounds: z.number() }).nullable(),
        donation: z.object({ id: z.string(), campaignId: z.string(), date: z.string(), pounds: z.number() }).nullable(),
      }),
    ),
  })
  .openapi('BranchReconciliation');
const programSchema = z.object({
  tolerancePercent: z.number(),
  total: summarySchema,
  rows: z.array(shareRow),
  unmatched: z.array(z.object({ retailer: z.string(), storeNumber: z.string(), lines: z.number(), pounds: z.number() })),
});
const partnerSchema = z.object({ tolerancePercent: z.number(), total: summarySchema, rows: z.array(shareRow) });
const settingsSchema = z.object({ tolerancePercent: z.number().min(0).max(100) });

reconcileRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/reconciliation',
    'x-access': access.branch('read'),
    summary: 'The stores’ own records of a month beside the branch’s donations: matched, differs, only on one side',
    description:
      'Each manifest line of the branch’s stores paired with a donation dated within a day and within the program’s weight tolerance.',
    tags,
    operationId: 'branchReconciliation',
    security,
    request: { params: z.object({ branchId: uuidParam }), query: yearMonth },
    responses: { 200: json(branchReconciliationSchema, 'The month'), ...errorResponses },
  }),
  async (c) => {
    const { year, month } = c.req.valid('query');
    return c.json(await branchReconciliation(c.get('deps').db, checkedBranchId(c), year, month), 200);
  },
);

reconcileRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/reconciliation',
    'x-access': access.program('staff'),
    summary: 'The reconciled share of a month by retailer and branch, and the lines for store numbers not on file',
    description: 'Coordinators see the branches of their provinces; the lines for unknown store numbers are listed to administrators.',
    tags,
    operationId: 'programReconciliation',
    security,
    request: { query: yearMonth },
    responses: { 200: json(programSchema, 'The month'), ...errorResponses },
  }),
  async (c) => {
    const { year, month } = c.req.valid('query');
    return c.json(await programReconciliation(c.get('deps').db, checkedProgram(c), year, month), 200);
  },
);

reconcileRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/partner/reconciliation',
    'x-access': access.partner(),
    summary: 'The reconciled share of a month for each of the partner’s stores (partners)',
    tags,
    operationId: 'partnerReconciliation',
    security,
    request: { query: yearMonth },
    responses: { 200: json(partnerSchema, 'The month'), ...errorResponses },
  }),
  async (c) => {
    const { year, month } = c.req.valid('query');
    return c.json(await partnerReconciliation(c.get('deps').db, checkedPartner(c), year, month), 200);
  },
);

reconcileRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/manifest-settings',
    'x-access': access.program('staff'),
    summary: 'The weight tolerance of reconciliation, in percent of the store’s figure (10 by default)',
    tags,
    operationId: 'manifestSettings',
    security,
    responses: { 200: json(settingsSchema, 'Settings'), ...errorResponses },
  }),
  async (c) => c.json({ tolerancePercent: await tolerancePercent(c.get('deps').db) }, 200),
);

reconcileRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/program/manifest-settings',
    'x-access': access.program('admin'),
    summary: 'Set the weight tolerance of reconciliation (program administrators)',
    tags,
    operationId: 'setManifestSettings',
    security,
    request: { body: { content: { 'application/json': { schema: settingsSchema.strict() } }, required: true } },
    responses: { 200: json(settingsSchema, 'Settings'), ...errorResponses },
  }),
  async (c) => {
    const { tolerancePercent: percent } = c.req.valid('json');
    await setTolerancePercent(c.get('deps').db, percent);
    return c.json({ tolerancePercent: percent }, 200);
  },
);
