import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../router';
import { ErrorSchema } from '../http/params';
import { FEEDBACK_MAX_CHARS, sendFeedback } from './feedback';
import { access } from '../auth/access';

export const feedbackRoutes = newRouter();

// Length and blankness are checked after trimming in the service, with the FEEDBACK_MESSAGE_VALIDATE code.
const PostFeedbackBodySchema = z.strictObject({
  contactId: z.string().max(64),
  message: z.string().max(FEEDBACK_MAX_CHARS * 2),
  contactEmail: z.string().max(320).nullish(),
  // The food bank selected in the app; the mail names it (one of the caller's, else 404).
  branchId: z.string().max(64).nullish(),
});
const refused = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } });

// POST /api/feedback - sends a message to a support contact
feedbackRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/feedback',
    'x-access': access.signedIn(),
    summary: 'Send a message to a support contact',
    tags: ['Feedback'],
    operationId: 'sendFeedback',
    security: [{ bearerAuth: [] }],
    request: { body: { content: { 'application/json': { schema: PostFeedbackBodySchema } }, required: true } },
    responses: {
      201: { description: 'Sent', content: { 'application/json': { schema: z.object({ id: z.string() }) } } },
      400: refused('Empty or too long message'),
      401: refused('No valid token'),
      404: refused('Unknown contact, or a food bank not the caller’s'),
      429: refused('FEEDBACK_TOO_MANY: more than 5 in 10 minutes'),
      503: refused('The mail could not be sent'),
    },
  }),
  async (c) => {
    const { db, mailer, now } = c.get('deps');
    return c.json(await sendFeedback(db, mailer, c.get('user'), c.req.valid('json'), now()), 201);
  },
);
