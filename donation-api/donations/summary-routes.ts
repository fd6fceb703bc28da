import { createRoute, z } from '@hono/zod-openapi';
import { attachmentDisposition } from '@/lib/domain/export-file-name';
import { monthSummarySchema, storeUsageSchema, yearSummarySchema } from '@/lib/domain/summary';
import { newRouter } from '../router';
import { monthReportPdf } from './month-report-pdf';
import { monthSummary, storeUsage, yearSummary } from './summaries';
import { json } from '../http/donation-schemas';
import { fileLanguage } from '../http/table-file';
import { errorResponses, monthParam, uuidParam, yearParam } from '../http/params';
import { access, checkedBranchId } from '../auth/access';

export const summaryRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const tags = ['Totals'];
const branchYear = z.object({ branchId: uuidParam, year: yearParam });
const branchYearMonth = z.object({ branchId: uuidParam, year: yearParam, month: monthParam });

// GET /api/branch/{branchId}/year-summary/{year} - the year's totals, months and category mix, with the previous year
summaryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/year-summary/{year}',
    'x-access': access.branch('read'),
    summary: 'Totals of a year with the previous year beside them',
    tags,
    operationId: 'getYearSummary',
    security,
    request: { params: branchYear },
    responses: { 200: json(yearSummarySchema, 'Year summary'), ...errorResponses },
  }),
  async (c) => {
    const { year } = c.req.valid('param');
    const branchId = checkedBranchId(c);
    return c.json(await yearSummary(c.get('deps').db, branchId, year), 200);
  },
);

// GET /api/branch/{branchId}/month-summary/{year}/{month}/pdf - the printable monthly report as a PDF file
summaryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/month-summary/{year}/{month}/pdf',
    'x-access': access.branch('read'),
    summary: 'Monthly report as a PDF',
    tags,
    operationId: 'getMonthReportPdf',
    security,
    request: { params: branchYearMonth, query: z.object({ lang: z.enum(['en', 'fr']).optional() }) },
    responses: { 200: { description: 'PDF file', content: { 'application/pdf': { schema: z.string() } } }, ...errorResponses },
  }),
  async (c) => {
    const { year, month } = c.req.valid('param');
    const branchId = checkedBranchId(c);
    const { db, config } = c.get('deps');
    const lang = fileLanguage(c.req.valid('query').lang, c.get('user').locale);
    const pdf = await monthReportPdf(db, { branchId, year, month, lang, timeZone: config.timeZone });
    c.header('content-type', 'application/pdf');
    c.header('content-disposition', attachmentDisposition(pdf.fileName));
    c.header('x-content-type-options', 'nosniff');
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200) as never;
  },
);

// GET /api/branch/{branchId}/month-summary/{year}/{month} - a month's totals, category mix and submission
summaryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/month-summary/{year}/{month}',
    'x-access': access.branch('read'),
    summary: 'Totals of a month and who submitted it',
    tags,
    operationId: 'getMonthSummary',
    security,
    request: { params: branchYearMonth },
    responses: { 200: json(monthSummarySchema, 'Month summary'), ...errorResponses },
  }),
  async (c) => {
    const { year, month } = c.req.valid('param');
    const branchId = checkedBranchId(c);
    return c.json(await monthSummary(c.get('deps').db, branchId, year, month), 200);
  },
);

// GET /api/branch/{branchId}/store-usage - stores most used first, with the last donation and the usual weight
summaryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/store-usage',
    'x-access': access.branch('read'),
    summary: 'Use count, last donation and median weight of each store',
    tags,
    operationId: 'getStoreUsage',
    security,
    request: { params: z.object({ branchId: uuidParam }) },
    responses: { 200: json(z.array(storeUsageSchema), 'Store usage'), ...errorResponses },
  }),
  async (c) => {
    const branchId = checkedBranchId(c);
    return c.json(await storeUsage(c.get('deps').db, branchId), 200);
  },
);
