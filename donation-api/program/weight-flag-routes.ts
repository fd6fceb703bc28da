import { createRoute, z } from '@hono/zod-openapi';
import { askCorrectionBodySchema, markedDonationSchema, weightFlagResolvedSchema } from '@/lib/domain/weight-flags';
import { newRouter } from '../router';
import { listMarkedDonations, resolveWeightFlag } from './weight-flags';
import { json } from '../http/donation-schemas';
import { errorResponses } from '../http/params';
import { access, checkedProgram } from '../auth/access';

// Donations the API marked for an unusual weight (program/weight-flags.ts): program staff see those of their
// scope; administrators confirm a weight or ask the branch to correct it. Branch staff get the same 404 as an
// unknown id (auth/program-scope.ts).
export const programWeightFlagsRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const tags = ['Program'];
const conflict = { 409: json(z.object({ code: z.string(), message: z.string() }), 'Already confirmed or sent back') };
const idParams = z.object({ donationId: z.string() });

// GET /api/program/marked-donations - the open marks in the caller's scope (coordinators: their provinces)
programWeightFlagsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/marked-donations',
    'x-access': access.program('staff'),
    summary: 'Donations marked for an unusual weight, not yet confirmed or sent back (program staff in scope)',
    tags,
    operationId: 'listMarkedDonations',
    security,
    responses: { 200: json(z.array(markedDonationSchema), 'Marked donations, newest mark first'), ...errorResponses },
  }),
  async (c) => c.json(await listMarkedDonations(c.get('deps').db, checkedProgram(c)), 200),
);

// POST /api/program/marked-donations/{donationId}/confirm - the weight is right (program administrators)
programWeightFlagsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/marked-donations/{donationId}/confirm',
    'x-access': access.program('admin'),
    summary: 'Confirm the weight of a marked donation (program administrators)',
    tags,
    operationId: 'confirmMarkedDonation',
    security,
    request: { params: idParams },
    responses: { 200: json(weightFlagResolvedSchema, 'Confirmed'), ...errorResponses, ...conflict },
  }),
  async (c) => {
    const user = c.get('user');
    const deps = c.get('deps');
    return c.json(
      await resolveWeightFlag(deps, user, checkedProgram(c), c.req.valid('param').donationId, 'confirmed', null, deps.now()),
      200,
    );
  },
);

// POST /api/program/marked-donations/{donationId}/ask-correction - the branch's staff are asked by e-mail to
// correct the weight (program administrators)
programWeightFlagsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/marked-donations/{donationId}/ask-correction',
    'x-access': access.program('admin'),
    summary: 'Ask the branch to correct the weight of a marked donation (program administrators)',
    tags,
    operationId: 'askMarkedDonationCorrection',
    security,
    request: {
      params: idParams,
      body: { required: true, content: { 'application/json': { schema: askCorrectionBodySchema } } },
    },
    responses: { 200: json(weightFlagResolvedSchema, 'Sent back to the branch'), ...errorResponses, ...conflict },
  }),
  async (c) => {
    const user = c.get('user');
    const deps = c.get('deps');
    const { donationId } = c.req.valid('param');
    const note = c.req.valid('json').note;
    return c.json(await resolveWeightFlag(deps, user, checkedProgram(c), donationId, 'correction_requested', note, deps.now()), 200);
  },
);
