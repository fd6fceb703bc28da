import { createRoute, z } from '@hono/zod-openapi';
import {
  partnerFiguresSchema,
  partnerFiltersSchema,
  partnerLinesSchema,
  partnerQueriesSchema,
  partnerQueryBodySchema,
  partnerQuerySchema,
  partnerStoresQuerySchema,
  partnerStoresSchema,
  statementBodySchema,
  statementSchema,
  statementsSchema,
  yearMonthSchema,
} from '@/lib/domain/partner';
import { newRouter } from '../router';
import { partnerExportReport } from './partner-export';
import { partnerFigures, periodOf } from './partner-figures';
import { askQuery, LINES_MAX, partnerLines, queriesOfPartner } from './partner-queries';
import { partnerCsvStream, partnerXlsxStream } from './partner-export-file';
import { partnerStores } from './partner-stores';
import { statementFileName, statementPdfStream } from './partner-statement-pdf';
import { issueStatement, keptStatement, listStatements } from './partner-statements';
import { json } from '../http/donation-schemas';
import { errorResponses, uuidParam, tableFileResponse } from '../http/params';
import { fileLanguage, tableFile } from '../http/table-file';
import { attachmentDisposition } from '@/lib/domain/export-file-name';
import { access, checkedPartner } from '../auth/access';

// The retail partner's own calls. Access: a partner user only (declared, auth/access.ts), limited to the stores of their
// scope; anyone else, and any store, line or statement outside the scope, gets the same 404 as an unknown id.
export const partnerRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const tags = ['Partner'];
const conflict = { 409: json(z.object({ code: z.string(), message: z.string() }), 'An open query already exists') };

partnerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/partner/figures',
    'x-access': access.partner(),
    summary: 'Pounds, CO2e and meals of the partner’s stores for submitted months, by month, store, banner and category (partners)',
    tags,
    operationId: 'partnerFigures',
    security,
    request: { query: partnerFiltersSchema },
    responses: { 200: json(partnerFiguresSchema, 'Figures'), ...errorResponses },
  }),
  async (c) => {
    const deps = c.get('deps');
    const grant = checkedPartner(c);
    const filters = c.req.valid('query');
    const period = periodOf(filters, deps.now(), deps.config.timeZone);
    const key = { grant, filters, period };
    return c.json(await c.get('partnerFigures').figures(deps.db, key, () => partnerFigures(deps, grant, filters, period)), 200);
  },
);

partnerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/partner/stores',
    'x-access': access.partner(),
    summary: 'The partner’s stores whose name, number or banner holds every word of q, a few at a time (partners)',
    tags,
    operationId: 'partnerStores',
    security,
    request: { query: partnerStoresQuerySchema },
    responses: { 200: json(partnerStoresSchema, 'Stores, by banner and name'), ...errorResponses },
  }),
  async (c) => c.json(await partnerStores(c.get('deps').db, checkedPartner(c), c.req.valid('query')), 200),
);

partnerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/partner/export',
    'x-access': access.partner(),
    summary: 'The partner’s figures as CSV or XLSX, one row per store and month with a total, streamed (partners)',
    tags,
    operationId: 'partnerExport',
    security,
    request: { query: partnerFiltersSchema.extend({ format: z.enum(['csv', 'xlsx']), lang: z.enum(['en', 'fr']).optional() }) },
    responses: {
      200: tableFileResponse('File'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const { format, lang, ...filters } = c.req.valid('query');
    const language = fileLanguage(lang, c.get('user').locale);
    const report = await partnerExportReport(c.get('deps'), checkedPartner(c), filters);
    const name = `${language === 'fr' ? 'dons' : 'donations'}-${report.partner}-${report.from.slice(0, 7)}-${report.to}.${format}`;
    // Streamed a batch of stores at a time (a national chain's year is tens of thousands of rows).
    return tableFile(c, format, name, format === 'csv' ? partnerCsvStream(report, language) : partnerXlsxStream(report, language));
  },
);

partnerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/partner/lines',
    'x-access': access.partner(),
    summary: 'Donation lines of one submitted month of the partner’s stores (partners)',
    tags,
    operationId: 'partnerLines',
    security,
    request: { query: z.object({ month: yearMonthSchema, storeId: uuidParam.optional() }) },
    responses: { 200: json(partnerLinesSchema, 'Lines, in date order'), ...errorResponses },
  }),
  async (c) => {
    const { month, storeId } = c.req.valid('query');
    const lines = await partnerLines(c.get('deps').db, checkedPartner(c), month, storeId);
    return c.json({ month, lines: lines.slice(0, LINES_MAX), truncated: lines.length > LINES_MAX }, 200);
  },
);

partnerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/partner/queries',
    'x-access': access.partner(),
    summary: 'The partner’s queries on lines, with their answers (partners)',
    tags,
    operationId: 'partnerQueries',
    security,
    responses: { 200: json(partnerQueriesSchema, 'Open first, newest first'), ...errorResponses },
  }),
  async (c) => c.json({ queries: await queriesOfPartner(c.get('deps').db, checkedPartner(c)) }, 200),
);

partnerRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/partner/queries',
    'x-access': access.partner(),
    summary: 'Query a donation line of the partner’s stores (partners)',
    tags,
    operationId: 'askPartnerQuery',
    security,
    request: { body: { content: { 'application/json': { schema: partnerQueryBodySchema } }, required: true } },
    responses: { 201: json(partnerQuerySchema, 'The query, sent to the branch and the program'), ...errorResponses, ...conflict },
  }),
  async (c) => {
    const user = c.get('user');
    return c.json(await askQuery(c.get('deps').db, user, checkedPartner(c), c.req.valid('json')), 201);
  },
);

partnerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/partner/statements',
    'x-access': access.partner(),
    summary: 'Statements kept for the partner, newest first (partners)',
    tags,
    operationId: 'partnerStatements',
    security,
    responses: { 200: json(statementsSchema, 'Statements'), ...errorResponses },
  }),
  async (c) => c.json({ statements: await listStatements(c.get('deps').db, checkedPartner(c)) }, 200),
);

partnerRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/partner/statements',
    'x-access': access.partner(),
    summary: 'The statement of a month or quarter: the kept one if no figure changed, else a new number (partners)',
    tags,
    operationId: 'issuePartnerStatement',
    security,
    request: { body: { content: { 'application/json': { schema: statementBodySchema } }, required: true } },
    responses: {
      200: json(statementSchema, 'The kept statement: no figure changed since it was issued'),
      201: json(statementSchema, 'A new statement'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const user = c.get('user');
    const { statement, created } = await issueStatement(c.get('deps'), user, checkedPartner(c), c.req.valid('json'));
    const { id, number, period, scopeName, issuedAt, pounds, replaces } = statement;
    const answer = { id, number, period, scopeName, issuedAt, pounds, replaces };
    return created ? c.json(answer, 201) : c.json(answer, 200);
  },
);

partnerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/partner/statements/{statementId}/pdf',
    'x-access': access.partner(),
    summary: 'A kept statement as a bilingual PDF (partners)',
    tags,
    operationId: 'partnerStatementPdf',
    security,
    request: { params: z.object({ statementId: uuidParam }) },
    responses: {
      200: { description: 'PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
      ...errorResponses,
    },
  }),
  async (c) => {
    const { db, config } = c.get('deps');
    const statement = await keptStatement(db, checkedPartner(c), c.req.valid('param').statementId);
    c.header('content-type', 'application/pdf');
    c.header('content-disposition', attachmentDisposition(statementFileName(statement)));
    c.header('x-content-type-options', 'nosniff');
    // Streamed as it is laid out: a national chain's statement has a line per store and food bank.
    return c.body(statementPdfStream(statement, config.timeZone), 200) as never;
  },
);
