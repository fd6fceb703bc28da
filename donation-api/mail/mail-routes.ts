import { createRoute, z } from '@hono/zod-openapi';
import { mailResentSchema, outgoingMailListSchema } from '@/lib/domain/outgoing-mail';
import { audit } from '../audit';
import { newRouter } from '../router';
import { json } from '../http/donation-schemas';
import { errorResponses } from '../http/params';
import { access } from '../auth/access';
import { listOutgoingMail, resendMail } from './outbox-admin';

// The outgoing mail screen (/program/mail): what waits in the outbox or did not leave, and a re-send. Program
// administrators only: a mail's recipient and subject are not for coordinators of other provinces.
export const programMailRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const tags = ['Program'];

// GET /api/program/mail - waiting, failed and dead mail, newest first
programMailRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/mail',
    'x-access': access.program('admin'),
    summary: 'Mail waiting to be sent or not delivered (program administrators)',
    tags,
    operationId: 'listOutgoingMail',
    security,
    responses: { 200: json(outgoingMailListSchema, 'Waiting, failed and dead mail, newest first'), ...errorResponses },
  }),
  async (c) => {
    const deps = c.get('deps');
    return c.json(await listOutgoingMail(deps.db, deps.mailer), 200);
  },
);

// POST /api/program/mail/{mailId}/resend - a failed or dead mail is queued again (and sent at once with SMTP)
programMailRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/mail/{mailId}/resend',
    'x-access': access.program('admin'),
    summary: 'Send a failed or dead mail again (program administrators)',
    tags,
    operationId: 'resendMail',
    security,
    request: { params: z.object({ mailId: z.string() }) },
    responses: {
      200: json(mailResentSchema, 'Queued again; "sent" when it left at once'),
      ...errorResponses,
      409: json(z.object({ code: z.string(), message: z.string() }), 'Its body carried a secret that was not kept'),
    },
  }),
  async (c) => {
    const deps = c.get('deps');
    const user = c.get('user');
    const { mailId } = c.req.valid('param');
    const result = await resendMail(deps, mailId);
    await audit(deps.db, { userId: user.id, actor: user.username, action: 'resend', entity: 'sent_mail', entityId: mailId, after: result });
    return c.json(result, 200);
  },
);
