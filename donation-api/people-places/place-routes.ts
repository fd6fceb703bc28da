// Places: /api/program/branches and /api/program/stores (program administrators), their CSV imports with a
// preview, and the store requests branch staff send from the add-donation form.
import { createRoute, z } from '@hono/zod-openapi';
import { updateBranchBodySchema } from '@/lib/domain/branch';
import {
  branchActiveBodySchema,
  createBranchBodySchema,
  createStoreBodySchema,
  csvImportBodySchema,
  csvResultSchema,
  programBranchRowSchema,
  programStoreSchema,
  storeBranchesBodySchema,
  storeDecisionBodySchema,
  storeRequestBodySchema,
  storeRequestSchema,
} from '@/lib/domain/program-places';
import { SEARCH_TEXT_MAX } from '@/lib/domain/text-limits';
import { newRouter } from '../router';
import { createBranch, writeBranch } from './branches';
import { previewBranches, previewStores } from './csv-import';
import {
  branchProfile,
  createProgramStore,
  branchStoreRequests,
  createStoreRequest,
  decideStoreRequest,
  listProgramBranches,
  listProgramStores,
  listStoreRequests,
  setBranchActive,
  setStoreBranches,
} from './program-places';
import { ErrorSchema } from '../http/params';
import { access, checkedBranchId, checkedProgram, checkedProgramBranch } from '../auth/access';

export const programPlacesRoutes = newRouter();

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, { description: 'Refused', content: { 'application/json': { schema: ErrorSchema } } }]));
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const ok = <T extends z.ZodType>(description: string, schema: T) => ({ 200: { description, content: { 'application/json': { schema } } } });
const id = z.string().max(64);
const tags = ['Program'];
const security = [{ bearerAuth: [] }];
const Changed = z.object({ changed: z.boolean() });
const BranchAnswer = z.record(z.string(), z.unknown());

programPlacesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/branches',
    'x-access': access.program('admin'),
    summary: 'Every branch with its number of users and stores, deactivated ones last',
    tags,
    operationId: 'listProgramBranches',
    security,
    responses: { ...ok('Branches', z.array(programBranchRowSchema)), ...errors(401, 404) },
  }),
  async (c) => c.json(await listProgramBranches(c.get('deps')), 200),
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/branches',
    'x-access': access.program('admin'),
    summary: 'Create a branch (the rules of its organisation details)',
    tags,
    operationId: 'createBranch',
    security,
    request: body(createBranchBodySchema),
    responses: { ...ok('Created', BranchAnswer), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const user = c.get('user');
    const { reason, ...fields } = c.req.valid('json');
    return c.json(await createBranch(c.get('deps').db, fields, user, reason, c.get('deps').now()), 200);
  },
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/branches/import',
    'x-access': access.program('admin'),
    summary: 'Import branches from CSV: a preview of every row, then confirm (nothing written if any row is refused)',
    tags,
    operationId: 'importBranches',
    security,
    request: body(csvImportBodySchema),
    responses: { ...ok('Preview or result', csvResultSchema), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const user = c.get('user');
    const { csv, confirm } = c.req.valid('json');
    return c.json(await previewBranches(c.get('deps').db, csv, user.username, { dryRun: !confirm, now: c.get('deps').now() }), 200);
  },
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/branches/{branchId}/profile',
    'x-access': access.program('admin', 'param'),
    summary: 'A branch with its people and stores',
    tags,
    operationId: 'branchProfile',
    security,
    request: { params: z.object({ branchId: id }) },
    responses: { ...ok('The branch', BranchAnswer), ...errors(401, 404) },
  }),
  async (c) => c.json(await branchProfile(c.get('deps'), checkedProgramBranch(c)), 200),
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/program/branches/{branchId}/profile',
    'x-access': access.program('admin', 'param'),
    summary: 'Edit a branch (the rules of its organisation details)',
    tags,
    operationId: 'updateProgramBranch',
    security,
    request: { params: z.object({ branchId: id }), ...body(updateBranchBodySchema) },
    responses: { ...ok('The branch', BranchAnswer), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const user = c.get('user');
    const { db, now } = c.get('deps');
    return c.json(await writeBranch(db, checkedProgramBranch(c).id, c.req.valid('json'), user, now()), 200);
  },
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/program/branches/{branchId}/active',
    'x-access': access.program('admin', 'param'),
    summary: 'Deactivate (history kept; out of oversight from that month on) or reactivate a branch',
    tags,
    operationId: 'setBranchActive',
    security,
    request: { params: z.object({ branchId: id }), ...body(branchActiveBodySchema) },
    responses: { ...ok('Done', Changed), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const { active, reason } = c.req.valid('json');
    return c.json(await setBranchActive(c.get('deps'), c.get('user'), checkedProgramBranch(c), active, reason), 200);
  },
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/stores',
    'x-access': access.program('admin'),
    summary: 'Stores with their retailer, banner and the branches they serve',
    tags,
    operationId: 'listProgramStores',
    security,
    request: { query: z.object({ q: z.string().max(SEARCH_TEXT_MAX).default('') }) },
    responses: { ...ok('Stores, 200 at most', z.array(programStoreSchema)), ...errors(401, 404) },
  }),
  async (c) => c.json(await listProgramStores(c.get('deps'), c.req.valid('query').q), 200),
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/stores',
    'x-access': access.program('admin'),
    summary: 'Create a store (its retailer and banner found by name or created) and link it to branches',
    tags,
    operationId: 'createStore',
    security,
    request: body(createStoreBodySchema),
    responses: { ...ok('Created', z.object({ id: z.string(), created: z.boolean() })), ...errors(400, 401, 404) },
  }),
  async (c) => c.json(await createProgramStore(c.get('deps'), checkedProgram(c), c.get('user'), c.req.valid('json')), 200),
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/stores/import',
    'x-access': access.program('admin'),
    summary: 'Import stores from CSV: a preview of every row, then confirm (nothing written if any row is refused)',
    tags,
    operationId: 'importStores',
    security,
    request: body(csvImportBodySchema),
    responses: { ...ok('Preview or result', csvResultSchema), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const user = c.get('user');
    const { csv, confirm } = c.req.valid('json');
    return c.json(await previewStores(c.get('deps').db, csv, user.username, { dryRun: !confirm }), 200);
  },
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/program/stores/{storeId}/branches',
    'x-access': access.program('admin'),
    summary: 'The branches a store serves (its past donations stay with the branch that logged them)',
    tags,
    operationId: 'setStoreBranches',
    security,
    request: { params: z.object({ storeId: id }), ...body(storeBranchesBodySchema) },
    responses: { ...ok('Done', Changed), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const { branchIds, reason } = c.req.valid('json');
    const storeId = c.req.valid('param').storeId;
    return c.json(await setStoreBranches(c.get('deps'), checkedProgram(c), c.get('user'), storeId, branchIds, reason), 200);
  },
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/store-requests',
    'x-access': access.program('admin'),
    summary: 'Open store requests from branches',
    tags,
    operationId: 'listStoreRequests',
    security,
    responses: { ...ok('Requests', z.array(storeRequestSchema)), ...errors(401, 404) },
  }),
  async (c) => c.json(await listStoreRequests(c.get('deps')), 200),
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/store-requests/{requestId}/decision',
    'x-access': access.program('admin'),
    summary: 'Approve (the store is created and linked to the branch) or refuse a store request',
    tags,
    operationId: 'decideStoreRequest',
    security,
    request: { params: z.object({ requestId: id }), ...body(storeDecisionBodySchema) },
    responses: { ...ok('Decided', z.object({ storeId: z.string().nullable() })), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const { approve, reason } = c.req.valid('json');
    return c.json(await decideStoreRequest(c.get('deps'), c.get('user'), c.req.valid('param').requestId, approve, reason), 200);
  },
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/branch/{branchId}/store-requests',
    'x-access': access.branch('write'),
    summary: "Ask for a store to be added ('My store is not in the list')",
    tags: ['Branches'],
    operationId: 'requestStore',
    security,
    request: { params: z.object({ branchId: id }), ...body(storeRequestBodySchema) },
    responses: { ...ok('Sent', z.object({ id: z.string() })), ...errors(400, 401, 404) },
  }),
  async (c) => c.json(await createStoreRequest(c.get('deps'), c.get('user'), checkedBranchId(c), c.req.valid('json')), 200),
);

programPlacesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/store-requests',
    'x-access': access.branch('read'),
    summary: "The branch's store requests of the last 90 days and their outcome",
    tags: ['Branches'],
    operationId: 'listBranchStoreRequests',
    security,
    request: { params: z.object({ branchId: id }) },
    responses: { ...ok('Requests, newest first', z.array(storeRequestSchema)), ...errors(401, 404) },
  }),
  async (c) => c.json(await branchStoreRequests(c.get('deps'), checkedBranchId(c)), 200),
);
