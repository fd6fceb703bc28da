import { createRoute, z } from '@hono/zod-openapi';
import { parseCalendarDate, formatCalendarDate } from '@/lib/domain/dates';
import { saveDonationBodySchema } from '@/lib/domain/donation';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { assertBranch } from '../auth/middleware';
import { ApiError } from '../errors';
import { newRouter } from '../router';
import { deleteDonation, donationYears, getDonation, pagedDonations, updateDonation } from '../services/donations';
import { exportYearCsv } from '../services/export';
import { recomputeGhg } from '../services/ghg';
import { CampaignDonationSchema, DonationSchema, json } from './donation-schemas';
import { errorResponses, uuidParam, writeContext, yearParam } from './params';

export const donationRoutes = newRouter();

const security = [{ bearer: [] }];
const saveBody = { required: true, content: { 'application/json': { schema: saveDonationBodySchema } } };
const idParams = z.object({ id: uuidParam });
const MAX_PAGE = 5000;

// Static paths (paged, export, donationyears, update-ghg, campaigndonation/…) before "/donation/{id}".

// GET /api/donation/paged - a branch's donations between two dates (every program), a page at a time
donationRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/donation/paged',
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
    assertBranch(c.get('user'), q.branchId);
    // Dates arrive as UTC instants (1 January 00:00 … 31 December 23:59:59.999); donation dates are calendar dates.
    const from = parseCalendarDate(q.startDate);
    const to = parseCalendarDate(q.endDate);
    if (!from) throw new ApiError(400, 'VALIDATION_DATE_FORMAT', 'startDate');
    if (!to) throw new ApiError(400, 'VALIDATION_DATE_FORMAT', 'endDate');
    const pageSize = q.pageSize ?? MAX_PAGE;
    const page = await pagedDonations(c.get('deps').db, {
      branchId: q.branchId,
      from: formatCalendarDate(from),
      to: formatCalendarDate(to),
      order: q.order?.toLowerCase() === 'desc' ? 'desc' : 'asc',
      limit: pageSize,
      offset: ((q.page ?? 1) - 1) * pageSize,
    });
    return c.json(page, 200);
  },
);

// GET /api/donation/export - a branch's year of donations as a streamed CSV file (section 9)
donationRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/donation/export',
    security,
    request: { query: z.object({ branchId: uuidParam, year: yearParam }) },
    responses: { 200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
  }),
  async (c) => {
    const { branchId, year } = c.req.valid('query');
    assertBranch(c.get('user'), branchId);
    const { stream, fileName } = await exportYearCsv(c.get('deps').db, branchId, year);
    const ascii = fileName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    c.header('x-content-type-options', 'nosniff');
    return c.body(stream, 200) as never;
  },
);

// GET /api/donation/donationyears - years with donations (one branch, or all the caller's), newest first
donationRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/donation/donationyears',
    security,
    request: { query: z.object({ appSource: z.string().max(20).optional(), branchId: uuidParam.optional() }) },
    responses: { 200: json(z.array(z.number()), 'Years'), ...errorResponses },
  }),
  async (c) => {
    const { branchId } = c.req.valid('query');
    const user = c.get('user');
    const branchIds = branchId ? [assertBranch(user, branchId)] : user.branchIds;
    return c.json(await donationYears(c.get('deps').db, branchIds), 200);
  },
);

const ghgBody = { required: true, content: { 'application/json': { schema: z.array(uuidParam).max(1000) } } };
const ghgAnswer = json(z.array(z.object({ id: z.string(), ghgKgCo2e: z.number(), ghgFactorVersion: z.number() })), 'Updated figures');

// POST /api/donation/update-ghg - recompute the greenhouse-gas figure of RFP donations
donationRoutes.openapi(
  createRoute({ method: 'post', path: '/donation/update-ghg', security, request: { body: ghgBody }, responses: { 200: ghgAnswer, ...errorResponses } }),
  async (c) => {
    const user = c.get('user');
    return c.json(await recomputeGhg(c.get('deps').db, { user, ids: c.req.valid('json'), rfp: true, rfpCampaignId: RFP_CAMPAIGN_ID }), 200);
  },
);

// POST /api/donation/update-campaign-ghg - recompute the greenhouse-gas figure of campaign donations
donationRoutes.openapi(
  createRoute({ method: 'post', path: '/donation/update-campaign-ghg', security, request: { body: ghgBody }, responses: { 200: ghgAnswer, ...errorResponses } }),
  async (c) => {
    const user = c.get('user');
    return c.json(await recomputeGhg(c.get('deps').db, { user, ids: c.req.valid('json'), rfp: false, rfpCampaignId: RFP_CAMPAIGN_ID }), 200);
  },
);

// GET /api/donation/campaigndonation/{id} - a campaign donation with its campaignCategories
donationRoutes.openapi(
  createRoute({ method: 'get', path: '/donation/campaigndonation/{id}', security, request: { params: idParams }, responses: { 200: json(CampaignDonationSchema, 'Campaign donation'), ...errorResponses } }),
  async (c) => {
    const d = await getDonation(c.get('deps').db, c.get('user').branchIds, c.req.valid('param').id, 'campaign');
    return c.json(d as z.infer<typeof CampaignDonationSchema>, 200);
  },
);

// PUT /api/donation/campaigndonation/{id} - update a campaign donation
donationRoutes.openapi(
  createRoute({ method: 'put', path: '/donation/campaigndonation/{id}', security, request: { params: idParams, body: saveBody }, responses: { 200: json(CampaignDonationSchema, 'Updated'), ...errorResponses } }),
  async (c) => {
    const d = await updateDonation(c.get('deps').db, writeContext(c), c.req.valid('param').id, 'campaign', c.req.valid('json'));
    return c.json(d as z.infer<typeof CampaignDonationSchema>, 200);
  },
);

// DELETE /api/donation/campaigndonation/{id} - delete a campaign donation
donationRoutes.openapi(
  createRoute({ method: 'delete', path: '/donation/campaigndonation/{id}', security, request: { params: idParams }, responses: { 204: { description: 'Deleted' }, ...errorResponses } }),
  async (c) => {
    await deleteDonation(c.get('deps').db, c.get('user'), c.req.valid('param').id, 'campaign');
    return c.body(null, 204);
  },
);

// GET /api/donation/{id} - an RFP donation
donationRoutes.openapi(
  createRoute({ method: 'get', path: '/donation/{id}', security, request: { params: idParams }, responses: { 200: json(DonationSchema, 'Donation'), ...errorResponses } }),
  async (c) => c.json(await getDonation(c.get('deps').db, c.get('user').branchIds, c.req.valid('param').id, 'rfp'), 200),
);

// PUT /api/donation/{id} - update an RFP donation
donationRoutes.openapi(
  createRoute({ method: 'put', path: '/donation/{id}', security, request: { params: idParams, body: saveBody }, responses: { 200: json(DonationSchema, 'Updated'), ...errorResponses } }),
  async (c) => c.json(await updateDonation(c.get('deps').db, writeContext(c), c.req.valid('param').id, 'rfp', c.req.valid('json')), 200),
);

// DELETE /api/donation/{id} - delete an RFP donation
donationRoutes.openapi(
  createRoute({ method: 'delete', path: '/donation/{id}', security, request: { params: idParams }, responses: { 204: { description: 'Deleted' }, ...errorResponses } }),
  async (c) => {
    await deleteDonation(c.get('deps').db, c.get('user'), c.req.valid('param').id, 'rfp');
    return c.body(null, 204);
  },
);
