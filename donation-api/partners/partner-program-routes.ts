import { createRoute, z } from '@hono/zod-openapi';
import { partnerInviteBodySchema, partnerQueriesSchema, partnerQueryAnswerBodySchema, partnerQuerySchema } from '@/lib/domain/partner';
import { invitedSchema } from '@/lib/domain/program-people';
import { newRouter } from '../router';
import { invitePartner } from './partner-invite';
import { answerQuery, queriesOfBranchMonth, queriesOfProgram } from './partner-queries';
import { json } from '../http/donation-schemas';
import { errorResponses, monthParam, uuidParam, yearParam } from '../http/params';
import { access, checkedBranchId, checkedProgram } from '../auth/access';

// The program's and the branches' side of retail partners: inviting a partner (program administrators), the
// partners' queries on lines (program staff in scope; a branch's own staff for its months) and their answers
// (the line's branch staff or a program administrator). Anyone else gets the same 404 as an unknown id.
export const partnerProgramRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const tags = ['Partner'];
const conflict = { 409: json(z.object({ code: z.string(), message: z.string() }), 'Taken, or already answered') };

partnerProgramRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/users/invite-partner',
    'x-access': access.program('admin'),
    summary: 'Invite a retail partner user, scoped to a retailer, a banner or some stores (program administrators)',
    tags,
    operationId: 'invitePartner',
    security,
    request: { body: { content: { 'application/json': { schema: partnerInviteBodySchema } }, required: true } },
    responses: { 200: json(invitedSchema, 'Invited'), ...errorResponses, ...conflict },
  }),
  async (c) => c.json(await invitePartner(c.get('deps'), c.get('user'), c.req.valid('json')), 200),
);

partnerProgramRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/partner-queries',
    'x-access': access.program('staff'),
    summary: 'Partners’ queries on lines, open or answered (program staff in scope)',
    tags,
    operationId: 'programPartnerQueries',
    security,
    request: { query: z.object({ status: z.enum(['open', 'answered']).default('open') }) },
    responses: { 200: json(partnerQueriesSchema, 'Queries, newest first'), ...errorResponses },
  }),
  async (c) => {
    return c.json({ queries: await queriesOfProgram(c.get('deps').db, checkedProgram(c), c.req.valid('query').status) }, 200);
  },
);

partnerProgramRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/partner-queries',
    'x-access': access.branch('read'),
    summary: 'Partners’ queries on a month of the branch (its staff; program staff in scope)',
    tags,
    operationId: 'branchPartnerQueries',
    security,
    request: { params: z.object({ branchId: z.string() }), query: z.object({ year: yearParam, month: monthParam }) },
    responses: { 200: json(partnerQueriesSchema, 'Queries, open first'), ...errorResponses },
  }),
  async (c) => {
    const { year, month } = c.req.valid('query');
    return c.json({ queries: await queriesOfBranchMonth(c.get('deps').db, checkedBranchId(c), year, month) }, 200);
  },
);

partnerProgramRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/partner-queries/{queryId}/answer',
    'x-access': access.signedIn('a query of a branch of the caller’s, or one in a program administrator’s scope'),
    summary: 'Answer a partner’s query, once (the line’s branch staff or a program administrator)',
    tags,
    operationId: 'answerPartnerQuery',
    security,
    request: {
      params: z.object({ queryId: uuidParam }),
      body: { content: { 'application/json': { schema: partnerQueryAnswerBodySchema } }, required: true },
    },
    responses: { 200: json(partnerQuerySchema, 'Answered'), ...errorResponses, ...conflict },
  }),
  async (c) => c.json(await answerQuery(c.get('deps').db, c.get('user'), c.req.valid('param').queryId, c.req.valid('json').answer), 200),
);
