import { createRoute, z } from '@hono/zod-openapi';
import { branchAnswerSchema } from '@/lib/domain/answers';
import { updateBranchBodySchema } from '@/lib/domain/branch';
import { ApiError } from '../errors';
import { newRouter } from '../router';
import { ErrorSchema } from '../http/params';
import { getBranch, writeBranch } from './branches';
import { access, checkedBranchId } from '../auth/access';

export const branchRoutes = newRouter();

const BranchSchema = branchAnswerSchema.openapi('Branch');

// The screens send back the whole branch they read: id, lat and lng are accepted and ignored (not updatable).
const PutBranchBodySchema = updateBranchBodySchema.extend({
  id: z.string().max(64).optional(),
  lat: z.number().nullish(),
  lng: z.number().nullish(),
});

const refused = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } });
// A plain string, not z.uuid(): a malformed id must be the same 404 as an unknown one, not a 400.
const params = z.object({ branchId: z.string().max(64) });

// GET /api/branch/{branchId} - a branch
branchRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}',
    'x-access': access.branch('read'),
    summary: 'A branch and its organisation details',
    tags: ['Branches'],
    operationId: 'getBranch',
    security: [{ bearerAuth: [] }],
    request: { params },
    responses: {
      200: { description: 'The branch', content: { 'application/json': { schema: BranchSchema } } },
      401: refused('No valid token'),
      404: refused('Not one of the caller’s branches'),
    },
  }),
  async (c) => {
    return c.json(await getBranch(c.get('deps').db, checkedBranchId(c)), 200);
  },
);

// PUT /api/branch/{branchId} - updates the organisation details of a branch
branchRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/branch/{branchId}',
    'x-access': access.branch('write'),
    summary: 'Update the organisation details of a branch',
    tags: ['Branches'],
    operationId: 'updateBranch',
    security: [{ bearerAuth: [] }],
    request: { params, body: { content: { 'application/json': { schema: PutBranchBodySchema } }, required: true } },
    responses: {
      200: { description: 'The updated branch', content: { 'application/json': { schema: BranchSchema } } },
      400: refused('A rule of the organisation details failed'),
      401: refused('No valid token'),
      404: refused('Not one of the caller’s branches'),
    },
  }),
  async (c) => {
    const { db, now } = c.get('deps');
    const branchId = checkedBranchId(c);
    const { id, lat: _lat, lng: _lng, ...body } = c.req.valid('json');
    if (id !== undefined && id.toLowerCase() !== branchId) throw new ApiError(400, 'BAD_REQUEST', 'id');
    const user = c.get('user');
    return c.json(await writeBranch(db, branchId, body, { id: user.id, username: user.username }, now()), 200);
  },
);
