import { createRoute, z } from '@hono/zod-openapi';
import { fileNamePart } from '@/lib/domain/export-file-name';
import { calendarDaySchema, partnerListSchema, partnerReportSchema } from '@/lib/domain/program-workflow';
import { newRouter } from '../router';
import { partnerCsv, partnerList, partnerReport, partnerXlsx } from './partner-report';
import { json } from '../http/donation-schemas';
import { errorResponses, uuidParam, tableFileResponse } from '../http/params';
import { fileLanguage, tableFile } from '../http/table-file';
import { access, checkedProgram } from '../auth/access';

// The retail partner report, for program staff: JSON for the screen, CSV and XLSX to send.
export const programPartnerReportRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const tags = ['Program'];
const day = calendarDaySchema;
const query = z.object({ from: day, to: day, retailerId: uuidParam.optional(), bannerId: uuidParam.optional() });

// GET /api/program/partners - retailers and their banners
programPartnerReportRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/partners',
    'x-access': access.program('staff'),
    summary: 'Retailers and banners (partner report picker)',
    tags,
    operationId: 'listPartners',
    security,
    responses: { 200: json(partnerListSchema, 'Retailers'), ...errorResponses },
  }),
  async (c) => {
    return c.json(await partnerList(c.get('deps').db), 200);
  },
);

// GET /api/program/partner-report?from=&to=&retailerId=|bannerId= - pounds by store and month
programPartnerReportRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/partner-report',
    'x-access': access.program('staff'),
    summary: 'Retail partner report',
    tags,
    operationId: 'partnerReport',
    security,
    request: { query },
    responses: { 200: json(partnerReportSchema, 'Report'), ...errorResponses },
  }),
  async (c) => c.json(await partnerReport(c.get('deps').db, checkedProgram(c), c.req.valid('query')), 200),
);

// GET /api/program/partner-report/export?format=csv|xlsx&… - the same as a file
programPartnerReportRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/partner-report/export',
    'x-access': access.program('staff'),
    summary: 'Retail partner report as CSV or XLSX',
    tags,
    operationId: 'partnerReportExport',
    security,
    request: {
      query: query.extend({
        format: z.enum(['csv', 'xlsx']),
        /** Language of the headings (and, for a CSV, of the separators); the caller's own by default. */
        lang: z.enum(['en', 'fr']).optional(),
      }),
    },
    responses: {
      200: tableFileResponse('File'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const { format, lang, ...q } = c.req.valid('query');
    const language = fileLanguage(lang, c.get('user').locale);
    const report = await partnerReport(c.get('deps').db, checkedProgram(c), q);
    // The retailer's or banner's name as written (Métro, Marché Tradition): filename* keeps its accents.
    const name = `partner-report-${fileNamePart(report.partner, 'partner')}-${q.from}-${q.to}.${format}`;
    const body = format === 'csv' ? partnerCsv(report, language) : new Uint8Array(await partnerXlsx(report, language));
    return tableFile(c, format, name, body);
  },
);
