import { createRoute, z } from '@hono/zod-openapi';
import { storeAnswerSchema } from '@/lib/domain/answers';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { newRouter } from '../router';
import { listCampaigns, listStores } from './stores';
import { errorResponses, uuidParam } from '../http/params';
import { access, checkedBranchId } from '../auth/access';

export const storesRoutes = newRouter();

const StoreSchema = storeAnswerSchema.openapi('Store');

const storesResponse = {
  200: { description: 'Stores', content: { 'application/json': { schema: z.array(StoreSchema) } } },
  ...errorResponses,
};

// GET /api/branch/{branchId}/stores - RFP stores of a branch
storesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/stores',
    'x-access': access.branch('read'),
    summary: 'RFP stores of a branch',
    tags: ['Stores'],
    operationId: 'listBranchStores',
    security: [{ bearerAuth: [] }],
    request: { params: z.object({ branchId: uuidParam }) },
    responses: storesResponse,
  }),
  async (c) => {
    const branchId = checkedBranchId(c);
    return c.json(await listStores(c.get('deps').db, branchId, RFP_CAMPAIGN_ID), 200);
  },
);

// GET /api/branch/{branchId}/campaigns - programs that have stores for a branch, RFP first
storesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/campaigns',
    'x-access': access.branch('read'),
    summary: 'Programs that have stores for a branch, RFP first',
    tags: ['Stores'],
    operationId: 'listBranchCampaigns',
    security: [{ bearerAuth: [] }],
    request: { params: z.object({ branchId: uuidParam }) },
    responses: {
      200: {
        description: 'Programs',
        content: { 'application/json': { schema: z.array(z.object({ id: z.string(), name: z.string() })) } },
      },
      ...errorResponses,
    },
  }),
  async (c) => {
    const branchId = checkedBranchId(c);
    return c.json(await listCampaigns(c.get('deps').db, branchId), 200);
  },
);

// GET /api/branch/{branchId}/{campaignId}/stores - stores of a branch for one program
storesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/{campaignId}/stores',
    'x-access': access.branch('read'),
    summary: 'Stores of a branch for one program',
    tags: ['Stores'],
    operationId: 'listBranchCampaignStores',
    security: [{ bearerAuth: [] }],
    request: { params: z.object({ branchId: uuidParam, campaignId: uuidParam }) },
    responses: storesResponse,
  }),
  async (c) => {
    const { campaignId } = c.req.valid('param');
    const branchId = checkedBranchId(c);
    return c.json(await listStores(c.get('deps').db, branchId, campaignId), 200);
  },
);
