import { createRoute, z } from '@hono/zod-openapi';
import { asc } from 'drizzle-orm';
import { categoryRefSchema } from '@/lib/domain/answers';
import { categories } from '../db/schema';
import { newRouter } from '../router';
import { access } from '../auth/access';

export const categoryRoutes = newRouter();

const CategorySchema = categoryRefSchema.openapi('Category');

// GET /api/category - categories in display order
categoryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/category',
    'x-access': access.signedIn(),
    summary: 'Donation categories in display order',
    tags: ['Categories'],
    operationId: 'listCategories',
    security: [{ bearerAuth: [] }],
    responses: { 200: { description: 'Categories', content: { 'application/json': { schema: z.array(CategorySchema) } } } },
  }),
  async (c) => {
    const { db } = c.get('deps');
    const rows = await db.select().from(categories).orderBy(asc(categories.displayOrder));
    return c.json(rows, 200);
  },
);
