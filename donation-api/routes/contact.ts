import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../router';
import { listContacts } from '../services/feedback';

export const contactRoutes = newRouter();

const ContactSchema = z.object({ id: z.string(), name: z.string(), emailAddress: z.string() }).openapi('Contact');

// GET /api/contact - feedback recipients in display order
contactRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/contact',
    security: [{ bearer: [] }],
    responses: { 200: { description: 'Contacts', content: { 'application/json': { schema: z.array(ContactSchema) } } } },
  }),
  async (c) => {
    const { db } = c.get('deps');
    return c.json(await listContacts(db), 200);
  },
);
