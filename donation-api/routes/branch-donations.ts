import { createRoute, z } from '@hono/zod-openapi';
import { saveDonationBodySchema } from '@/lib/domain/donation';
import { todayCalendarDate } from '@/lib/domain/dates';
import { assertBranch } from '../auth/middleware';
import { newRouter } from '../router';
import { createDonation, listMonthDonations } from '../services/donations';
import { isMonthSubmitted, lastSubmissionDate, monthComments, monthlyReports } from '../services/reports';
import { submitMonth } from '../services/submissions';
import { CampaignDonationSchema, DonationSchema, json, MonthlyReportSchema } from './donation-schemas';
import { errorResponses, monthParam, uuidParam, writeContext, yearParam } from './params';

export const branchDonationsRoutes = newRouter();

const security = [{ bearer: [] }];
const branchYear = z.object({ branchId: uuidParam, year: yearParam });
const branchYearMonth = z.object({ branchId: uuidParam, year: yearParam, month: monthParam });
const saveBody = { required: true, content: { 'application/json': { schema: saveDonationBodySchema } } };

// Static segments first: "donations/{year}/aggregate" and "donations/last-submission-date" before "donations/{year}/{month}".

// GET /api/branch/{branchId}/donations/last-submission-date - when the branch last submitted a month (204 if never)
branchDonationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/donations/last-submission-date',
    security,
    request: { params: z.object({ branchId: uuidParam }) },
    responses: { 200: json(z.object({ date: z.string() }), 'Last submission'), 204: { description: 'Never submitted' }, ...errorResponses },
  }),
  async (c) => {
    const { branchId } = c.req.valid('param');
    assertBranch(c.get('user'), branchId);
    const date = await lastSubmissionDate(c.get('deps').db, branchId);
    if (!date) return c.body(null, 204);
    return c.json({ date }, 200);
  },
);

// GET /api/branch/{branchId}/donations/{year}/aggregate - the twelve monthly report rows of a year
branchDonationsRoutes.openapi(
  createRoute({ method: 'get', path: '/branch/{branchId}/donations/{year}/aggregate', security, request: { params: branchYear }, responses: { 200: json(z.array(MonthlyReportSchema), 'Monthly reports'), ...errorResponses } }),
  async (c) => {
    const { branchId, year } = c.req.valid('param');
    assertBranch(c.get('user'), branchId);
    return c.json(await monthlyReports(c.get('deps').db, branchId, year), 200);
  },
);

// GET /api/branch/{branchId}/donations/{year}/{month} - RFP donations of a month
branchDonationsRoutes.openapi(
  createRoute({ method: 'get', path: '/branch/{branchId}/donations/{year}/{month}', security, request: { params: branchYearMonth }, responses: { 200: json(z.array(DonationSchema), 'Donations'), ...errorResponses } }),
  async (c) => {
    const { branchId, year, month } = c.req.valid('param');
    assertBranch(c.get('user'), branchId);
    return c.json(await listMonthDonations(c.get('deps').db, branchId, year, month, 'rfp'), 200);
  },
);

// GET /api/branch/{branchId}/campaigndonations/{year}/{month} - other programs' donations of a month
branchDonationsRoutes.openapi(
  createRoute({ method: 'get', path: '/branch/{branchId}/campaigndonations/{year}/{month}', security, request: { params: branchYearMonth }, responses: { 200: json(z.array(CampaignDonationSchema), 'Campaign donations'), ...errorResponses } }),
  async (c) => {
    const { branchId, year, month } = c.req.valid('param');
    assertBranch(c.get('user'), branchId);
    const rows = await listMonthDonations(c.get('deps').db, branchId, year, month, 'campaign');
    return c.json(rows as z.infer<typeof CampaignDonationSchema>[], 200);
  },
);

// GET /api/branch/{branchId}/{year}/{month}/submitted - whether a month is submitted
branchDonationsRoutes.openapi(
  createRoute({ method: 'get', path: '/branch/{branchId}/{year}/{month}/submitted', security, request: { params: branchYearMonth }, responses: { 200: json(z.boolean(), 'Submitted'), ...errorResponses } }),
  async (c) => {
    const { branchId, year, month } = c.req.valid('param');
    assertBranch(c.get('user'), branchId);
    return c.json(await isMonthSubmitted(c.get('deps').db, branchId, year, month), 200);
  },
);

// GET /api/branch/{branchId}/{year}/{month}/comments - the comments given at submission, plain text
branchDonationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/{year}/{month}/comments',
    security,
    request: { params: branchYearMonth },
    responses: { 200: { description: 'Comments', content: { 'text/plain': { schema: z.string() } } }, ...errorResponses },
  }),
  async (c) => {
    const { branchId, year, month } = c.req.valid('param');
    assertBranch(c.get('user'), branchId);
    return c.text(await monthComments(c.get('deps').db, branchId, year, month), 200);
  },
);

const submitBodySchema = z.strictObject({
  branchId: uuidParam,
  year: z.number().int().min(1900).max(9999),
  month: z.number().int().min(1).max(12),
  comments: z.string().max(2000).nullish(),
  userContact: z.string().max(320).nullish(),
});

// POST /api/branch/submit - submit a month's report (one-way)
branchDonationsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/branch/submit',
    security,
    request: { body: { required: true, content: { 'application/json': { schema: submitBodySchema } } } },
    responses: { 200: json(z.object({ submitted: z.literal(true), year: z.number(), month: z.number() }), 'Submitted'), ...errorResponses },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const user = c.get('user');
    assertBranch(user, body.branchId);
    const { db, now, config } = c.get('deps');
    const at = now();
    return c.json(await submitMonth(db, user, body, at, todayCalendarDate(at, config.timeZone)), 200);
  },
);

// POST /api/branch/{branchId}/donations - add an RFP donation
branchDonationsRoutes.openapi(
  createRoute({ method: 'post', path: '/branch/{branchId}/donations', security, request: { params: z.object({ branchId: uuidParam }), body: saveBody }, responses: { 201: json(DonationSchema, 'Created'), ...errorResponses } }),
  async (c) => {
    const { branchId } = c.req.valid('param');
    assertBranch(c.get('user'), branchId);
    return c.json(await createDonation(c.get('deps').db, writeContext(c), branchId, 'rfp', c.req.valid('json')), 201);
  },
);

// POST /api/branch/{branchId}/{campaignId}/campaigndonations - add a donation to another program
branchDonationsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/branch/{branchId}/{campaignId}/campaigndonations',
    security,
    request: { params: z.object({ branchId: uuidParam, campaignId: uuidParam }), body: saveBody },
    responses: { 201: json(CampaignDonationSchema, 'Created'), ...errorResponses },
  }),
  async (c) => {
    const { branchId, campaignId } = c.req.valid('param');
    assertBranch(c.get('user'), branchId);
    const created = await createDonation(c.get('deps').db, writeContext(c), branchId, 'campaign', c.req.valid('json'), campaignId);
    return c.json(created as z.infer<typeof CampaignDonationSchema>, 201);
  },
);
