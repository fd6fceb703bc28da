import { createRoute, z } from '@hono/zod-openapi';
import { parseRangeDate, formatCalendarDate, todayCalendarDate } from '@/lib/domain/dates';
import { saveDonationBodySchema } from '@/lib/domain/donation';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { ApiError } from '../errors';
import { newRouter } from '../router';
import { deleteDonation, donationYears, getDonation, pagedDonations, updateDonation } from './donations';
import { exportContext, exportYearCsv } from './export';
import { exportYearCsvLocalized, exportYearXlsx } from './export-formats';
import { exportFileName } from '@/lib/domain/export-file-name';
import { recomputeGhg } from './ghg';
import { CampaignDonationSchema, DonationSchema, json } from '../http/donation-schemas';
import { errorResponses, updateResponses, uuidParam, yearParam } from '../http/params';
import { tableFile, XLSX_TYPE } from '../http/table-file';
import { writeContext } from './write-context';
import { access, checkedBranchId, checkedBranchIds, checkedReach } from '../auth/access';

export const donationRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const saveBody = { required: true, content: { 'application/json': { schema: saveDonationBodySchema } } };
const idParams = z.object({ id: uuidParam });
const MAX_PAGE = 5000;

// Static paths (paged, export, donationyears, update-ghg, campaigndonation/…) before "/donation/{id}".

// GET /api/donation/paged - a branch's donations between two dates (every program), a page at a time
donationRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/donation/paged',
    'x-access': access.branch('read', 'query'),
    summary: 'A branch’s donations between two dates, a page at a time',
    tags: ['Donations'],
    operationId: 'listDonationsPaged',
    security,
    request: {
      query: z.object({
        appSource: z.string().max(20).optional(),
        branchId: uuidParam,
        startDate: z.string().max(40),
        endDate: z.string().max(40),
        orderBy: z.literal('date').optional(),
        order: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
        page: z.coerce.number().int().min(1).max(1_000_000).optional(),
        pageSize: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
      }),
    },
    responses: { 200: json(z.object({ entities: z.array(DonationSchema), total: z.number() }), 'A page of donations'), ...errorResponses },
  }),
  async (c) => {
    const q = c.req.valid('query');
    // Dates arrive as UTC instants (1 January 00:00 … 31 December 23:59:59.999); donation dates are calendar dates.
    const from = parseRangeDate(q.startDate);
    const to = parseRangeDate(q.endDate);
    if (!from) throw new ApiError(400, 'VALIDATION_DATE_FORMAT', 'startDate');
    if (!to) throw new ApiError(400, 'VALIDATION_DATE_FORMAT', 'endDate');
    const pageSize = q.pageSize ?? MAX_PAGE;
    const page = await pagedDonations(c.get('deps').db, {
      branchId: checkedBranchId(c),
      from: formatCalendarDate(from),
      to: formatCalendarDate(to),
      order: q.order?.toLowerCase() === 'desc' ? 'desc' : 'asc',
      limit: pageSize,
      offset: ((q.page ?? 1) - 1) * pageSize,
    });
    return c.json(page, 200);
  },
);

// GET /api/donation/export - a branch's year of donations as a streamed file (docs/product.md, Exports of a year):
// the English CSV by default, the CSV in French (lang=fr) or an XLSX workbook (format=xlsx)
donationRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/donation/export',
    'x-access': access.branch('read', 'query'),
    summary: 'Export a year of donations (CSV or XLSX)',
    tags: ['Donations'],
    operationId: 'exportDonations',
    security,
    request: {
      query: z.object({
        branchId: uuidParam,
        year: yearParam,
        format: z.enum(['csv', 'xlsx']).optional(),
        lang: z.enum(['en', 'fr']).optional(),
      }),
    },
    responses: {
      200: {
        description: 'CSV or XLSX file',
        content: { 'text/csv': { schema: z.string() }, [XLSX_TYPE]: { schema: z.string() } },
      },
      ...errorResponses,
    },
  }),
  async (c) => {
    const { year, format, lang } = c.req.valid('query');
    const branchId = checkedBranchId(c);
    const db = c.get('deps').db;
    const { branchName } = await exportContext(db, branchId);
    const { stream } =
      format === 'xlsx'
        ? await exportYearXlsx(db, branchId, year, lang ?? 'en')
        : lang === 'fr'
          ? await exportYearCsvLocalized(db, branchId, year, 'fr')
          : await exportYearCsv(db, branchId, year);
    const fileName = exportFileName(branchName, year, format === 'xlsx' ? 'xlsx' : lang === 'fr' ? 'csv-fr' : 'csv');
    return tableFile(c, format === 'xlsx' ? 'xlsx' : 'csv', fileName, stream);
  },
);

// GET /api/donation/donationyears - years with donations (one branch, or all the caller's), newest first
donationRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/donation/donationyears',
    'x-access': access.branch('read', 'query', true),
    summary: 'Years with donations, newest first',
    tags: ['Donations'],
    operationId: 'listDonationYears',
    security,
    request: { query: z.object({ appSource: z.string().max(20).optional(), branchId: uuidParam.optional() }) },
    responses: { 200: json(z.array(z.number()), 'Years'), ...errorResponses },
  }),
  async (c) => {
    return c.json(await donationYears(c.get('deps').db, checkedBranchIds(c)), 200);
  },
);

const YearRangeSchema = z
  .object({
    firstYear: z.number().nullable(),
    lastYear: z.number().nullable(),
    years: z.array(z.number()).openapi({ description: 'The Monthly Reports year picker: lastYear + 1 down to firstYear' }),
  })
  .openapi('YearRange');

// GET /api/donation/yearrange - the year picker of Monthly Reports: the first donation year to the year after
// the last, newest first; this year alone when there is no donation. donationyears stays the years holding donations.
donationRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/donation/yearrange',
    'x-access': access.branch('read', 'query', true),
    summary: 'Years the year picker offers',
    tags: ['Donations'],
    operationId: 'getDonationYearRange',
    security,
    request: { query: z.object({ appSource: z.string().max(20).optional(), branchId: uuidParam.optional() }) },
    responses: { 200: json(YearRangeSchema, 'First and last donation years, and the years to offer'), ...errorResponses },
  }),
  async (c) => {
    const { db, now, config } = c.get('deps');
    const years = await donationYears(db, checkedBranchIds(c));
    const [lastYear] = years;
    const firstYear = years.at(-1);
    if (lastYear === undefined || firstYear === undefined)
      return c.json({ firstYear: null, lastYear: null, years: [todayCalendarDate(now(), config.timeZone).year] }, 200);
    const range = Array.from({ length: lastYear + 2 - firstYear }, (_, i) => lastYear + 1 - i);
    return c.json({ firstYear, lastYear, years: range }, 200);
  },
);

const ghgBody = { required: true, content: { 'application/json': { schema: z.array(uuidParam).max(1000) } } };
const ghgAnswer = json(z.array(z.object({ id: z.string(), ghgKgCo2e: z.number(), ghgFactorVersion: z.number() })), 'Updated figures');

// The RFP's donations and the other programs' (campaign) donations are the same routes on two paths, with their own
// operation ids and answer schemas (a campaign donation carries its campaignCategories): one definition of each,
// registered once per kind. The campaign paths first: "/donation/campaigndonation/{id}" before "/donation/{id}".
const kinds = [
  {
    kind: 'campaign',
    schema: CampaignDonationSchema,
    // POST /api/donation/update-campaign-ghg, GET|PUT|DELETE /api/donation/campaigndonation/{id}
    ghg: { path: '/donation/update-campaign-ghg', summary: 'campaign donations', operationId: 'updateCampaignDonationGhg' },
    byId: '/donation/campaigndonation/{id}',
    get: { summary: 'A campaign donation with its campaign categories', operationId: 'getCampaignDonation', answer: 'Campaign donation' },
    update: { summary: 'Update a campaign donation', operationId: 'updateCampaignDonation' },
    remove: { summary: 'Delete a campaign donation', operationId: 'deleteCampaignDonation' },
  },
  {
    kind: 'rfp',
    schema: DonationSchema,
    // POST /api/donation/update-ghg, GET|PUT|DELETE /api/donation/{id}
    ghg: { path: '/donation/update-ghg', summary: 'RFP donations', operationId: 'updateDonationGhg' },
    byId: '/donation/{id}',
    get: { summary: 'An RFP donation', operationId: 'getDonation', answer: 'Donation' },
    update: { summary: 'Update an RFP donation', operationId: 'updateDonation' },
    remove: { summary: 'Delete an RFP donation', operationId: 'deleteDonation' },
  },
] as const;

// Both update-ghg routes first (static paths before "/donation/{id}"), the RFP's first as the document has always
// listed them.
for (const k of [...kinds].reverse()) {
  donationRoutes.openapi(
    createRoute({
      method: 'post',
      path: k.ghg.path,
      'x-access': access.signedIn('the donations of the caller’s own branches only'),
      summary: `Recompute the greenhouse-gas figure of ${k.ghg.summary}`,
      tags: ['Donations'],
      operationId: k.ghg.operationId,
      security,
      request: { body: ghgBody },
      responses: { 200: ghgAnswer, ...errorResponses },
    }),
    async (c) => {
      const user = c.get('user');
      const rfp = k.kind === 'rfp';
      return c.json(await recomputeGhg(c.get('deps').db, { user, ids: c.req.valid('json'), rfp, rfpCampaignId: RFP_CAMPAIGN_ID }), 200);
    },
  );
}

for (const k of kinds) {
  donationRoutes.openapi(
    createRoute({
      method: 'get',
      path: k.byId,
      'x-access': access.donation('read'),
      summary: k.get.summary,
      tags: ['Donations'],
      operationId: k.get.operationId,
      security,
      request: { params: idParams },
      responses: { 200: json(k.schema, k.get.answer), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.get('deps');
      return c.json(await getDonation(db, checkedReach(c), id, k.kind), 200);
    },
  );

  donationRoutes.openapi(
    createRoute({
      method: 'put',
      path: k.byId,
      'x-access': access.donation('write'),
      summary: k.update.summary,
      tags: ['Donations'],
      operationId: k.update.operationId,
      security,
      request: { params: idParams, body: saveBody },
      responses: { 200: json(k.schema, 'Updated'), ...updateResponses },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.get('deps');
      const ctx = writeContext(c, checkedReach(c));
      return c.json(await updateDonation(db, ctx, id, k.kind, c.req.valid('json')), 200);
    },
  );

  donationRoutes.openapi(
    createRoute({
      method: 'delete',
      path: k.byId,
      'x-access': access.donation('write'),
      summary: k.remove.summary,
      tags: ['Donations'],
      operationId: k.remove.operationId,
      security,
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.get('deps');
      await deleteDonation(db, writeContext(c, checkedReach(c)).user, id, k.kind);
      return c.body(null, 204);
    },
  );
}
