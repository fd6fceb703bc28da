import { createRoute, z } from '@hono/zod-openapi';
import { reminderPreferenceSchema, reminderSchema, sendReminderAnswerSchema, sendReminderBodySchema } from '@/lib/domain/program-workflow';
import { eq } from 'drizzle-orm';
import { audit } from '../audit';
import { users } from '../db/schema';
import { newRouter } from '../router';
import { listReminders, sendReminderNow } from './reminders';
import { json } from '../http/donation-schemas';
import { errorResponses, monthParam, yearParam } from '../http/params';
import { access, checkedProgram } from '../auth/access';

// Reminders: what was sent for a month (shown on /program), a reminder sent by hand, and each user's
// opt-out. The scheduled sending is donation-api/jobs/reminder-schedule.ts and `npm run admin -- send-reminders`.
export const programRemindersRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const tags = ['Program'];
const conflict = { 409: json(z.object({ code: z.string(), message: z.string() }), 'Not needed or nobody to send to') };

// GET /api/program/reminders?year=&month= - reminders of a report month in scope, newest first
programRemindersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/reminders',
    'x-access': access.program('staff'),
    summary: 'Reminders sent for a report month',
    tags,
    operationId: 'listReminders',
    security,
    request: { query: z.object({ year: yearParam, month: monthParam }) },
    responses: { 200: json(z.array(reminderSchema), 'Reminders'), ...errorResponses },
  }),
  async (c) => {
    const user = c.get('user');
    return c.json(await listReminders(c.get('deps').db, user, checkedProgram(c), c.req.valid('query')), 200);
  },
);

// POST /api/program/reminders - send a branch its reminder now: 201 when sent, 200 with the earlier one when it had
// already been sent today (once a day per branch, month and kind, whoever sends it)
programRemindersRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/reminders',
    'x-access': access.program('staff'),
    summary: 'Send a branch its reminder now',
    tags,
    operationId: 'sendReminder',
    security,
    request: { body: { required: true, content: { 'application/json': { schema: sendReminderBodySchema } } } },
    responses: {
      201: json(sendReminderAnswerSchema, 'Sent now'),
      200: json(sendReminderAnswerSchema, 'Already sent today; nothing sent'),
      ...errorResponses,
      ...conflict,
    },
  }),
  async (c) => {
    const user = c.get('user');
    const deps = c.get('deps');
    const answer = await sendReminderNow(deps, user, checkedProgram(c), c.req.valid('json'), deps.now());
    return answer.sentNow ? c.json(answer, 201) : c.json(answer, 200);
  },
);

// GET /api/user/current-user/reminders - whether the caller opted out of reminder e-mails
programRemindersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/current-user/reminders',
    'x-access': access.signedIn(),
    summary: 'The caller’s reminder e-mail preference',
    tags: ['Users'],
    operationId: 'getReminderPreference',
    security,
    responses: { 200: json(reminderPreferenceSchema, 'Preference'), ...errorResponses },
  }),
  async (c) => {
    const [u] = await c
      .get('deps')
      .db.select({ optOut: users.remindersOptOut })
      .from(users)
      .where(eq(users.id, c.get('user').id));
    return c.json({ optOut: Boolean(u?.optOut) }, 200);
  },
);

// PUT /api/user/current-user/reminders - opt out of (or back into) reminder e-mails
programRemindersRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/user/current-user/reminders',
    'x-access': access.signedIn(),
    summary: 'Opt out of or into reminder e-mails',
    tags: ['Users'],
    operationId: 'setReminderPreference',
    security,
    request: { body: { required: true, content: { 'application/json': { schema: reminderPreferenceSchema } } } },
    responses: { 200: json(reminderPreferenceSchema, 'Preference'), ...errorResponses },
  }),
  async (c) => {
    const user = c.get('user');
    const { optOut } = c.req.valid('json');
    await c.get('deps').db.transaction(async (tx) => {
      await tx.update(users).set({ remindersOptOut: optOut }).where(eq(users.id, user.id));
      await audit(tx, {
        userId: user.id,
        actor: user.email,
        action: 'update',
        entity: 'user',
        entityId: user.id,
        after: { remindersOptOut: optOut },
      });
    });
    return c.json({ optOut }, 200);
  },
);
