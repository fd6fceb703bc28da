import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { todayCalendarDate } from '@/lib/domain/dates';
import { PROVINCE_CODES } from '@/lib/domain/enums';
import { oversightAnswerSchema, oversightQuerySchema, yearAnswerSchema, yearQuerySchema } from '@/lib/domain/program-oversight';
import { totalsAnswerSchema, totalsQuerySchema } from '@/lib/domain/program-totals';
import type { ApiEnv } from '../context';
import { newRouter } from '../router';
import { oversightMonth, oversightYear } from './program-oversight';
import { oversightCsv, oversightFileName, oversightXlsx } from './program-oversight-export';
import { json } from '../http/donation-schemas';
import { errorResponses, uuidParam, tableFileResponse } from '../http/params';
import { fileLanguage, tableFile } from '../http/table-file';
import { access, checkedProgram, checkedProgramBranch } from '../auth/access';

// The program's oversight of the monthly reports. Every call: program staff only (404 for anyone else),
// limited to the caller's scope (donation-api/auth/program-scope.ts).
export const programOversightRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const tags = ['Program'];
const today = (c: Context<ApiEnv>) => todayCalendarDate(c.get('deps').now(), c.get('deps').config.timeZone);
const tz = (c: Context<ApiEnv>) => c.get('deps').config.timeZone;

const OversightAnswerSchema = oversightAnswerSchema.openapi('ProgramOversight');
const exportQuerySchema = oversightQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']),
  /** Language of the headings and statuses; the caller's own by default. */
  lang: z.enum(['en', 'fr']).optional(),
});

// GET /api/program/oversight - every branch in scope for a month: status, pounds, donations, last donation, comments
programOversightRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/oversight',
    'x-access': access.program('staff'),
    summary: 'Month view of the monthly reports of every branch in scope',
    tags,
    operationId: 'getProgramOversight',
    security,
    request: { query: oversightQuerySchema },
    responses: { 200: json(OversightAnswerSchema, 'The month of every branch in scope, with counts per status'), ...errorResponses },
  }),
  async (c) => {
    const program = checkedProgram(c);
    return c.json(await oversightMonth(c.get('deps').db, program, c.req.valid('query'), today(c), tz(c)), 200);
  },
);

// GET /api/program/oversight/export - the month view as CSV or XLSX (same filters and order)
programOversightRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/oversight/export',
    'x-access': access.program('staff'),
    summary: 'The month view as a CSV or XLSX file',
    tags,
    operationId: 'exportProgramOversight',
    security,
    request: { query: exportQuerySchema },
    responses: {
      200: tableFileResponse('The file'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const program = checkedProgram(c);
    const { format, lang, ...query } = c.req.valid('query');
    const answer = await oversightMonth(c.get('deps').db, program, query, today(c), tz(c));
    const language = fileLanguage(lang, c.get('user').locale);
    const body = format === 'csv' ? oversightCsv(answer, language, tz(c)) : new Uint8Array(await oversightXlsx(answer, language, tz(c)));
    return tableFile(c, format, oversightFileName(answer, format), body);
  },
);

// GET /api/program/oversight/year - branches × months of a year, each cell the month's status
programOversightRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/oversight/year',
    'x-access': access.program('staff'),
    summary: 'Year view: the status of every month of every branch in scope',
    tags,
    operationId: 'getProgramOversightYear',
    security,
    request: { query: yearQuerySchema },
    responses: { 200: json(yearAnswerSchema.openapi('ProgramOversightYear'), 'Branches × months'), ...errorResponses },
  }),
  async (c) => {
    const program = checkedProgram(c);
    return c.json(await oversightYear(c.get('deps').db, program, c.req.valid('query'), today(c), tz(c)), 200);
  },
);

// GET /api/program/totals - totals of the month and the year by province and for the program, and pounds by month
programOversightRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/totals',
    'x-access': access.program('staff'),
    summary: 'Totals of a month and its year, by province and for the program',
    tags,
    operationId: 'getProgramTotals',
    security,
    request: { query: totalsQuerySchema },
    responses: { 200: json(totalsAnswerSchema.openapi('ProgramTotals'), 'Totals'), ...errorResponses },
  }),
  async (c) => {
    const { year, month } = c.req.valid('query');
    return c.json(await c.get('programTotals').totals(c.get('deps').db, checkedProgram(c), year, month, tz(c)), 200);
  },
);

const branchSummarySchema = z
  .object({ id: z.string(), name: z.string(), province: z.enum(PROVINCE_CODES).nullable() })
  .openapi('ProgramBranchSummary');

// GET /api/program/oversight/branches/{branchId} - name and province of a branch in scope (the drill-down's heading)
programOversightRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/oversight/branches/{branchId}',
    'x-access': access.program('staff', 'param'),
    summary: 'A branch in scope: name and province',
    tags,
    operationId: 'getProgramOversightBranch',
    security,
    request: { params: z.object({ branchId: uuidParam }) },
    responses: { 200: json(branchSummarySchema, 'The branch'), ...errorResponses },
  }),
  async (c) => {
    const b = checkedProgramBranch(c);
    return c.json({ id: b.id, name: b.name, province: b.province as z.infer<typeof branchSummarySchema>['province'] }, 200);
  },
);
