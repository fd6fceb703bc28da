import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../router';
import { FEEDBACK_MAX_CHARS, sendFeedback } from '../services/feedback';

export const feedbackRoutes = newRouter();

// Length and blankness are checked after trimming in the service, with the FEEDBACK_MESSAGE_VALIDATE code.
const PostFeedbackBodySchema = z.strictObject({
  contactId: z.string().max(64),
  message: z.string().max(FEEDBACK_MAX_CHARS * 2),
  contactEmail: z.string().max(320).nullish(),
});
const ErrorSchema = z.object({ code: z.string(), message: z.string(), field: z.string().optional() });
const refused = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } });

// POST /api/feedback - sends a message to a support contact
feedbackRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/feedback',
    security: [{ bearer: [] }],
    request: { body: { content: { 'application/json': { schema: PostFeedbackBodySchema } }, required: true } },
    responses: {
      201: { description: 'Sent', content: { 'application/json': { schema: z.object({ id: z.string() }) } } },
      400: refused('Empty or too long message'),
      401: refused('No valid token'),
      404: refused('Unknown contact'),
      503: refused('The mail could not be sent'),
    },
  }),
  async (c) => {
    const { db, mailer } = c.get('deps');
    return c.json(await sendFeedback(db, mailer, c.get('user'), c.req.valid('json')), 201);
  },
);
