import { createRoute, z } from '@hono/zod-openapi';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { assertBranch } from '../auth/middleware';
import { newRouter } from '../router';
import { listCampaigns, listStores } from '../services/stores';
import { errorResponses, uuidParam } from './params';

export const storesRoutes = newRouter();

export const StoreSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    number: z.string().nullable(),
    retailer: z.object({ id: z.string(), name: z.string() }).nullable(),
    banner: z.object({ id: z.string(), retailerId: z.string(), name: z.string() }).nullable(),
    displayName: z.string(),
  })
  .openapi('Store');

const storesResponse = { 200: { description: 'Stores', content: { 'application/json': { schema: z.array(StoreSchema) } } }, ...errorResponses };

// GET /api/branch/{branchId}/stores - RFP stores of a branch
storesRoutes.openapi(
  createRoute({ method: 'get', path: '/branch/{branchId}/stores', security: [{ bearer: [] }], request: { params: z.object({ branchId: uuidParam }) }, responses: storesResponse }),
  async (c) => {
    const { branchId } = c.req.valid('param');
    assertBranch(c.get('user'), branchId);
    return c.json(await listStores(c.get('deps').db, branchId, RFP_CAMPAIGN_ID), 200);
  },
);

// GET /api/branch/{branchId}/campaigns - programs that have stores for a branch, RFP first
storesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/campaigns',
    security: [{ bearer: [] }],
    request: { params: z.object({ branchId: uuidParam }) },
    responses: { 200: { description: 'Programs', content: { 'application/json': { schema: z.array(z.object({ id: z.string(), name: z.string() })) } } }, ...errorResponses },
  }),
  async (c) => {
    const { branchId } = c.req.valid('param');
    assertBranch(c.get('user'), branchId);
    return c.json(await listCampaigns(c.get('deps').db, branchId), 200);
  },
);

// GET /api/branch/{branchId}/{campaignId}/stores - stores of a branch for one program
storesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/{campaignId}/stores',
    security: [{ bearer: [] }],
    request: { params: z.object({ branchId: uuidParam, campaignId: uuidParam }) },
    responses: storesResponse,
  }),
  async (c) => {
    const { branchId, campaignId } = c.req.valid('param');
    assertBranch(c.get('user'), branchId);
    return c.json(await listStores(c.get('deps').db, branchId, campaignId), 200);
  },
);
