// Setting schedules up in bulk and by proposal (docs/product.md, Pickups): the program's schedule CSV import (preview,
// then apply), a branch lead's proposed changes, and the program's list and decisions.
import { createRoute, z } from '@hono/zod-openapi';
import { csvImportBodySchema, csvResultSchema } from '@/lib/domain/program-places';
import {
  branchScheduleProposalsSchema,
  PROPOSAL_STATUSES,
  scheduleDecisionBodySchema,
  scheduleProposalBodySchema,
  scheduleProposalSchema,
} from '@/lib/domain/schedule-proposals';
import { newRouter } from '../router';
import { access, checkedBranchId, checkedProgram } from '../auth/access';
import { errorResponses, uuidParam } from '../http/params';
import { importSchedules } from './schedule-import';
import { branchProposals, decideProposal, listProposals, proposeChange } from './schedule-proposals';

export const scheduleRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const json = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const ok = <T extends z.ZodType>(description: string, schema: T) => ({ 200: { description, content: { 'application/json': { schema } } } });
const created = <T extends z.ZodType>(description: string, schema: T) => ({
  201: { description, content: { 'application/json': { schema } } },
});
const conflict = {
  409: {
    description: 'Already decided (REOPEN_ALREADY_DECIDED)',
    content: { 'application/json': { schema: z.object({ code: z.string(), message: z.string() }) } },
  },
};

scheduleRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/schedules/import',
    'x-access': access.program('staff'),
    summary:
      'Preview (confirm: false) or apply (confirm: true) a schedule CSV: every problem by line, nothing written while any line is refused; a coordinator only for stores of their provinces',
    tags: ['Pickups'],
    operationId: 'importSchedules',
    security,
    request: json(csvImportBodySchema),
    responses: { ...ok('Preview or result', csvResultSchema), ...errorResponses },
  }),
  async (c) => {
    const { csv, confirm } = c.req.valid('json');
    return c.json(await importSchedules(c.get('deps').db, checkedProgram(c), c.get('user'), csv, { dryRun: !confirm }), 200);
  },
);

scheduleRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/schedule-proposals',
    'x-access': access.program('staff'),
    summary: "Branch leads' proposed schedule changes, newest first (a coordinator: branches of their provinces)",
    tags: ['Pickups'],
    operationId: 'listScheduleProposals',
    security,
    request: { query: z.object({ status: z.enum(PROPOSAL_STATUSES).optional() }) },
    responses: { ...ok('Proposals', z.array(scheduleProposalSchema)), ...errorResponses },
  }),
  async (c) => c.json(await listProposals(c.get('deps').db, checkedProgram(c), c.req.valid('query').status), 200),
);

scheduleRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/schedule-proposals/{proposalId}/decision',
    'x-access': access.program('staff'),
    summary: 'Approve a proposed schedule change (the schedule is changed) or decline it with a reason',
    tags: ['Pickups'],
    operationId: 'decideScheduleProposal',
    security,
    request: { params: z.object({ proposalId: z.string().max(64) }), ...json(scheduleDecisionBodySchema) },
    responses: {
      ...ok('Decided', z.object({ status: z.enum(PROPOSAL_STATUSES), slotId: z.string().nullable() })),
      ...errorResponses,
      ...conflict,
    },
  }),
  async (c) => {
    const deps = c.get('deps');
    const { approve, reason } = c.req.valid('json');
    const id = c.req.valid('param').proposalId;
    return c.json(await decideProposal(deps, c.get('user'), checkedProgram(c), id, approve, reason), 200);
  },
);

scheduleRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/schedule-proposals',
    'x-access': access.branchLead(),
    summary: "The stores the lead's branch collects from with their slots, and the branch's proposed changes and outcomes",
    tags: ['Pickups'],
    operationId: 'listBranchScheduleProposals',
    security,
    request: { params: z.object({ branchId: uuidParam }) },
    responses: { ...ok('Stores and proposals', branchScheduleProposalsSchema), ...errorResponses },
  }),
  async (c) => c.json(await branchProposals(c.get('deps'), checkedBranchId(c)), 200),
);

scheduleRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/branch/{branchId}/schedule-proposals',
    'x-access': access.branchLead(),
    summary: 'Propose to add, change or end a pickup slot of a store the branch collects from, with a note',
    tags: ['Pickups'],
    operationId: 'proposeScheduleChange',
    security,
    request: { params: z.object({ branchId: uuidParam }), ...json(scheduleProposalBodySchema) },
    responses: { ...created('Proposed', scheduleProposalSchema), ...errorResponses },
  }),
  async (c) => c.json(await proposeChange(c.get('deps'), c.get('user'), checkedBranchId(c), c.req.valid('json')), 201),
);
