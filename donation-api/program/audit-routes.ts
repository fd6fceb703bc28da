import { createRoute, z } from '@hono/zod-openapi';
import { auditPageSchema, calendarDaySchema } from '@/lib/domain/program-workflow';
import { newRouter } from '../router';
import { branchHistory, donationHistory, programLog } from './audit-trail';
import { json } from '../http/donation-schemas';
import { errorResponses, uuidParam } from '../http/params';
import { access, checkedBranchId } from '../auth/access';

// The audit trail shown: a donation's history, a branch's history (its staff), the program-wide log
// (program administrators).
export const programAuditRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const before = z.coerce.number().int().positive().optional();
const day = calendarDaySchema;

// GET /api/donation/{id}/history - who created and changed a donation, what changed, when
programAuditRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/donation/{id}/history',
    'x-access': access.signedIn('a donation whose entries name a branch of the caller’s or one in their program scope'),
    summary: 'A donation’s history',
    tags: ['Donations'],
    operationId: 'donationHistory',
    security,
    request: { params: z.object({ id: uuidParam }) },
    responses: { 200: json(auditPageSchema, 'History'), ...errorResponses },
  }),
  async (c) => c.json(await donationHistory(c.get('deps').db, c.get('user'), c.req.valid('param').id), 200),
);

// GET /api/branch/{branchId}/history?before= - the branch's history, newest first, 50 at a time
programAuditRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/history',
    'x-access': access.branch('read'),
    summary: 'A branch’s history',
    tags: ['Branches'],
    operationId: 'branchHistory',
    security,
    request: { params: z.object({ branchId: uuidParam }), query: z.object({ before }) },
    responses: { 200: json(auditPageSchema, 'History'), ...errorResponses },
  }),
  async (c) => {
    const branchId = checkedBranchId(c);
    return c.json(await branchHistory(c.get('deps').db, branchId, c.req.valid('query').before), 200);
  },
);

// GET /api/program/audit?q=&branchId=&action=&from=&to=&include=&before= - the program-wide log (administrators):
// people's changes, or with include=all the sign-ins and the system's own entries too
programAuditRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/audit',
    'x-access': access.program('admin'),
    summary: 'The program-wide audit log (program administrators)',
    tags: ['Program'],
    operationId: 'programAudit',
    security,
    request: {
      query: z.object({
        q: z.string().max(200).optional(),
        branchId: uuidParam.optional(),
        action: z.string().max(40).optional(),
        from: day.optional(),
        to: day.optional(),
        include: z.enum(['people', 'all']).optional(),
        before,
      }),
    },
    responses: { 200: json(auditPageSchema, 'Entries'), ...errorResponses },
  }),
  async (c) => {
    return c.json(await programLog(c.get('deps').db, c.req.valid('query'), c.get('deps').config.timeZone), 200);
  },
);
