import { createRoute, z } from '@hono/zod-openapi';
import { saveDonationBodySchema } from '@/lib/domain/donation';
import { todayCalendarDate } from '@/lib/domain/dates';
import { newRouter } from '../router';
import { createDonation, listMonthDonations } from './donations';
import { isMonthSubmitted, lastSubmissionDate, monthComments, monthlyReports } from './reports';
import { submitMonth } from './submissions';
import { mailSubmitConfirmation } from './submit-mail';
import { CampaignDonationSchema, DonationSchema, json, MonthlyReportSchema } from '../http/donation-schemas';
import { errorResponses, monthParam, uuidParam, yearParam } from '../http/params';
import { writeContext } from './write-context';
import { access, checkedBranchId } from '../auth/access';

export const branchDonationsRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const branchYear = z.object({ branchId: uuidParam, year: yearParam });
const branchYearMonth = z.object({ branchId: uuidParam, year: yearParam, month: monthParam });
const saveBody = { required: true, content: { 'application/json': { schema: saveDonationBodySchema } } };

// Static segments first: "donations/{year}/aggregate" and "donations/last-submission-date" before "donations/{year}/{month}".

// GET /api/branch/{branchId}/donations/last-submission-date - when the branch last submitted a month (204 if never)
branchDonationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/donations/last-submission-date',
    'x-access': access.branch('read'),
    summary: 'When the branch last submitted a month',
    tags: ['Donations'],
    operationId: 'getLastSubmissionDate',
    security,
    request: { params: z.object({ branchId: uuidParam }) },
    responses: { 200: json(z.object({ date: z.string() }), 'Last submission'), 204: { description: 'Never submitted' }, ...errorResponses },
  }),
  async (c) => {
    const branchId = checkedBranchId(c);
    const date = await lastSubmissionDate(c.get('deps').db, branchId);
    if (!date) return c.body(null, 204);
    return c.json({ date }, 200);
  },
);

// GET /api/branch/{branchId}/donations/{year}/aggregate - the twelve monthly report rows of a year
branchDonationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/donations/{year}/aggregate',
    'x-access': access.branch('read'),
    summary: 'The twelve monthly report rows of a year',
    tags: ['Donations'],
    operationId: 'listMonthlyReports',
    security,
    request: { params: branchYear },
    responses: { 200: json(z.array(MonthlyReportSchema), 'Monthly reports'), ...errorResponses },
  }),
  async (c) => {
    const { year } = c.req.valid('param');
    const branchId = checkedBranchId(c);
    return c.json(await monthlyReports(c.get('deps').db, branchId, year), 200);
  },
);

// The RFP's donations and the other programs' (campaign) donations: the same routes on two paths, with their own
// operation ids and answer schemas (a campaign donation carries its campaignCategories), defined once each.
const kinds = [
  {
    kind: 'rfp',
    schema: DonationSchema,
    // GET /api/branch/{branchId}/donations/{year}/{month}, POST /api/branch/{branchId}/donations
    list: { path: '/branch/{branchId}/donations/{year}/{month}', summary: 'RFP donations of a month', operationId: 'listMonthDonations' },
    listAnswer: 'Donations',
    create: { path: '/branch/{branchId}/donations', summary: 'Add an RFP donation', operationId: 'createDonation' },
    createParams: z.object({ branchId: uuidParam }),
  },
  {
    kind: 'campaign',
    schema: CampaignDonationSchema,
    // GET /api/branch/{branchId}/campaigndonations/{year}/{month}, POST /api/branch/{branchId}/{campaignId}/campaigndonations
    list: {
      path: '/branch/{branchId}/campaigndonations/{year}/{month}',
      summary: 'Other programs’ donations of a month',
      operationId: 'listMonthCampaignDonations',
    },
    listAnswer: 'Campaign donations',
    create: {
      path: '/branch/{branchId}/{campaignId}/campaigndonations',
      summary: 'Add a donation to another program',
      operationId: 'createCampaignDonation',
    },
    createParams: z.object({ branchId: uuidParam, campaignId: uuidParam }),
  },
] as const;

for (const k of kinds) {
  branchDonationsRoutes.openapi(
    createRoute({
      method: 'get',
      path: k.list.path,
      'x-access': access.branch('read'),
      summary: k.list.summary,
      tags: ['Donations'],
      operationId: k.list.operationId,
      security,
      request: { params: branchYearMonth },
      responses: { 200: json(z.array(k.schema), k.listAnswer), ...errorResponses },
    }),
    async (c) => {
      const { year, month } = c.req.valid('param');
      const branchId = checkedBranchId(c);
      return c.json(await listMonthDonations(c.get('deps').db, branchId, year, month, k.kind), 200);
    },
  );
}

// GET /api/branch/{branchId}/{year}/{month}/submitted - whether a month is submitted
branchDonationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/{year}/{month}/submitted',
    'x-access': access.branch('read'),
    summary: 'Whether a month is submitted',
    tags: ['Donations'],
    operationId: 'getMonthSubmitted',
    security,
    request: { params: branchYearMonth },
    responses: { 200: json(z.boolean(), 'Submitted'), ...errorResponses },
  }),
  async (c) => {
    const { year, month } = c.req.valid('param');
    const branchId = checkedBranchId(c);
    return c.json(await isMonthSubmitted(c.get('deps').db, branchId, year, month), 200);
  },
);

// GET /api/branch/{branchId}/{year}/{month}/comments - the comments given at submission, plain text
branchDonationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/{year}/{month}/comments',
    'x-access': access.branch('read'),
    summary: 'The comments given when a month was submitted',
    tags: ['Donations'],
    operationId: 'getMonthComments',
    security,
    request: { params: branchYearMonth },
    responses: { 200: { description: 'Comments', content: { 'text/plain': { schema: z.string() } } }, ...errorResponses },
  }),
  async (c) => {
    const { year, month } = c.req.valid('param');
    const branchId = checkedBranchId(c);
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
    'x-access': access.branch('write', 'json'),
    summary: 'Submit a month’s report (one-way)',
    tags: ['Donations'],
    operationId: 'submitMonth',
    security,
    request: { body: { required: true, content: { 'application/json': { schema: submitBodySchema } } } },
    responses: { 200: json(z.object({ submitted: z.literal(true), year: z.number(), month: z.number() }), 'Submitted'), ...errorResponses },
  }),
  async (c) => {
    const body = { ...c.req.valid('json'), branchId: checkedBranchId(c) };
    const user = c.get('user');
    const deps = c.get('deps');
    const at = deps.now();
    const answer = await submitMonth(deps.db, user, body, at, todayCalendarDate(at, deps.config.timeZone));
    await mailSubmitConfirmation(deps, user, body.branchId, body.year, body.month);
    return c.json(answer, 200);
  },
);

for (const k of kinds) {
  branchDonationsRoutes.openapi(
    createRoute({
      method: 'post',
      path: k.create.path,
      'x-access': access.branch('write'),
      summary: k.create.summary,
      tags: ['Donations'],
      operationId: k.create.operationId,
      security,
      request: { params: k.createParams, body: saveBody },
      responses: { 201: json(k.schema, 'Created'), ...errorResponses },
    }),
    async (c) => {
      const params = c.req.valid('param');
      // A campaign donation names its program in the path; an RFP donation's program is the RFP.
      const campaignId = 'campaignId' in params ? params.campaignId : undefined;
      const branchId = checkedBranchId(c);
      const ctx = writeContext(c, [...c.get('user').branchIds, branchId]);
      return c.json(await createDonation(c.get('deps').db, ctx, branchId, k.kind, c.req.valid('json'), campaignId), 201);
    },
  );
}
