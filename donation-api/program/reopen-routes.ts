import { createRoute, z } from '@hono/zod-openapi';
import {
  decideBodySchema,
  monthHistorySchema,
  programReopenRequestSchema,
  reopenReasonBodySchema,
  reopenRequestSchema,
  reopenStatusSchema,
} from '@/lib/domain/program-workflow';
import { newRouter } from '../router';
import { decideReopenRequest, listReopenRequests, reopenDirectly, requestReopen } from './reopen-requests';
import { monthHistory } from '../donations/submission-history';
import { json } from '../http/donation-schemas';
import { errorResponses, monthParam, uuidParam, yearParam } from '../http/params';
import { access, checkedBranchId, checkedProgram, checkedProgramBranch } from '../auth/access';

// The reopening workflow: the branch's request and month history, the program's list, answers and
// direct reopening. Program calls check scope through auth/program-scope.ts.
export const programReopenRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const tags = ['Program'];
const monthParams = z.object({ branchId: uuidParam, year: yearParam, month: monthParam });
const conflict = { 409: json(z.object({ code: z.string(), message: z.string() }), 'Not in a state that allows it') };
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

// POST /api/branch/{branchId}/{year}/{month}/reopen-request - branch staff ask to reopen a submitted month
programReopenRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/branch/{branchId}/{year}/{month}/reopen-request',
    'x-access': access.branch('write'),
    summary: 'Request the reopening of a submitted month',
    tags: ['Branches'],
    operationId: 'requestReopen',
    security,
    request: { params: monthParams, body: body(reopenReasonBodySchema) },
    responses: { 201: json(reopenRequestSchema, 'Requested'), ...errorResponses, ...conflict },
  }),
  async (c) => {
    const { year, month } = c.req.valid('param');
    const branchId = checkedBranchId(c);
    const deps = c.get('deps');
    const row = await requestReopen(deps, c.get('user'), { branchId, year, month, reason: c.req.valid('json').reason }, deps.now());
    return c.json(row, 201);
  },
);

// GET /api/branch/{branchId}/{year}/{month}/history - submissions, reopening requests and reopenings of a month
programReopenRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/{year}/{month}/history',
    'x-access': access.branch('read'),
    summary: 'A month’s submissions and reopenings',
    tags: ['Branches'],
    operationId: 'monthHistory',
    security,
    request: { params: monthParams },
    responses: { 200: json(monthHistorySchema, 'History'), ...errorResponses },
  }),
  async (c) => {
    const { year, month } = c.req.valid('param');
    const branchId = checkedBranchId(c);
    return c.json(await monthHistory(c.get('deps').db, branchId, year, month), 200);
  },
);

// GET /api/program/branches/{branchId}/{year}/{month}/history - the same, for program staff in scope
programReopenRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/branches/{branchId}/{year}/{month}/history',
    'x-access': access.program('staff', 'param'),
    summary: 'A branch month’s submissions and reopenings (program staff)',
    tags,
    operationId: 'programMonthHistory',
    security,
    request: { params: monthParams },
    responses: { 200: json(monthHistorySchema, 'History'), ...errorResponses },
  }),
  async (c) => {
    const { year, month } = c.req.valid('param');
    return c.json(await monthHistory(c.get('deps').db, checkedProgramBranch(c).id, year, month), 200);
  },
);

// GET /api/program/reopen-requests?status=open - requests of the branches in scope, newest first
programReopenRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/reopen-requests',
    'x-access': access.program('staff'),
    summary: 'Reopening requests in scope',
    tags,
    operationId: 'listReopenRequests',
    security,
    request: { query: z.object({ status: reopenStatusSchema.optional() }) },
    responses: { 200: json(z.array(programReopenRequestSchema), 'Requests'), ...errorResponses },
  }),
  async (c) => {
    return c.json(await listReopenRequests(c.get('deps').db, checkedProgram(c), c.req.valid('query').status), 200);
  },
);

for (const decision of ['approve', 'decline'] as const) {
  // POST /api/program/reopen-requests/{id}/approve|decline - answer a request (declining needs an answer)
  programReopenRoutes.openapi(
    createRoute({
      method: 'post',
      path: `/program/reopen-requests/{id}/${decision}`,
      'x-access': access.program('staff'),
      summary: decision === 'approve' ? 'Approve a reopening request (the month opens)' : 'Decline a reopening request with an answer',
      tags,
      operationId: decision === 'approve' ? 'approveReopenRequest' : 'declineReopenRequest',
      security,
      request: { params: z.object({ id: z.string() }), body: body(decideBodySchema) },
      responses: { 200: json(reopenRequestSchema, 'Answered'), ...errorResponses, ...conflict },
    }),
    async (c) => {
      const user = c.get('user');
      const deps = c.get('deps');
      const answer = c.req.valid('json').answer;
      return c.json(await decideReopenRequest(deps, user, checkedProgram(c), c.req.valid('param').id, decision, answer, deps.now()), 200);
    },
  );
}

// POST /api/program/branches/{branchId}/{year}/{month}/reopen - an administrator reopens a month directly; the
// branch's staff are told by e-mail
programReopenRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/branches/{branchId}/{year}/{month}/reopen',
    'x-access': access.program('admin', 'param'),
    summary: 'Reopen a submitted month directly (program administrators)',
    tags,
    operationId: 'reopenMonth',
    security,
    request: { params: monthParams, body: body(reopenReasonBodySchema) },
    responses: { 200: json(z.object({ reopened: z.literal(true) }), 'Reopened'), ...errorResponses, ...conflict },
  }),
  async (c) => {
    const user = c.get('user');
    const deps = c.get('deps');
    const branch = checkedProgramBranch(c);
    const { year, month } = c.req.valid('param');
    await reopenDirectly(deps, user, branch, { year, month, reason: c.req.valid('json').reason }, deps.now());
    return c.json({ reopened: true as const }, 200);
  },
);
