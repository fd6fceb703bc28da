import { createRoute, z } from '@hono/zod-openapi';
import { contactAnswerSchema } from '@/lib/domain/answers';
import { newRouter } from '../router';
import { listContacts } from './feedback';
import { access } from '../auth/access';

export const contactRoutes = newRouter();

const ContactSchema = contactAnswerSchema.openapi('Contact');

// GET /api/contact - feedback recipients in display order
contactRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/contact',
    'x-access': access.signedIn(),
    summary: 'Feedback recipients in display order',
    tags: ['Contact'],
    operationId: 'listContacts',
    security: [{ bearerAuth: [] }],
    responses: { 200: { description: 'Contacts', content: { 'application/json': { schema: z.array(ContactSchema) } } } },
  }),
  async (c) => {
    const { db } = c.get('deps');
    return c.json(await listContacts(db), 200);
  },
);
