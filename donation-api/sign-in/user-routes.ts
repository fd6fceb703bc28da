import { createRoute, z } from '@hono/zod-openapi';
import { changePasswordBodySchema, forgotPasswordBodySchema, loginBodySchema } from '@/lib/domain/password';
import { currentUserSchema, loginAnswerSchema } from '@/lib/domain/user-answers';
import { newRouter } from '../router';
import { ErrorSchema } from '../http/params';
import { getBgData } from './bg-data';
import { clientAddress, LoginLockedError } from './login-attempts';
import { forgotPassword } from './forgot-password';
import { changePassword, currentUser, logout, passwordLogin } from './users';
import { access } from '../auth/access';

export const userRoutes = newRouter();

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, { description: 'Refused', content: { 'application/json': { schema: ErrorSchema } } }]));
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

const CurrentUserSchema = currentUserSchema.openapi('CurrentUser');
const LoginAnswerSchema = loginAnswerSchema.openapi('LoginAnswer');
// The password sign-in also answers a device cookie for the browser to keep (httpOnly) and send back next time.
const PasswordLoginAnswerSchema = LoginAnswerSchema.extend({ deviceCookie: z.string() }).openapi('PasswordLoginAnswer');
const MessageSchema = z.object({ message: z.string() }).openapi('Message');

// POST /api/user/login - username and password sign-in (Admin login type); no token
userRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/login',
    'x-access': access.public(),
    summary: 'Sign in with username and password',
    tags: ['Sign-in'],
    operationId: 'login',
    security: [],
    request: { body: json(loginBodySchema) },
    responses: {
      200: { description: 'Signed in', content: { 'application/json': { schema: PasswordLoginAnswerSchema } } },
      ...errors(400, 401, 403, 429),
    },
  }),
  async (c) => {
    const { db, config, now } = c.get('deps');
    const body = c.req.valid('json');
    const address = clientAddress(c.req.header('x-forwarded-for'));
    try {
      return c.json(await passwordLogin(db, { ...body, address }, { config, now: now() }), 200);
    } catch (err) {
      // Tells well-behaved clients when this lock ends (locks grow, so no fixed figure would be right).
      if (err instanceof LoginLockedError) c.header('retry-after', String(err.retryAfterSeconds(now())));
      throw err;
    }
  },
);

// POST /api/user/logout - revokes the caller's token
userRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/logout',
    'x-access': access.signedIn(),
    summary: 'Sign out: revoke the caller’s token',
    tags: ['Sign-in'],
    operationId: 'logout',
    security: [{ bearerAuth: [] }],
    responses: { 204: { description: 'Signed out' }, ...errors(401) },
  }),
  async (c) => {
    const { db, now } = c.get('deps');
    await logout(db, c.get('user'), now());
    return c.body(null, 204);
  },
);

// GET /api/user/session - 204 while the caller's token is live (the token check itself is the only lookup); the
// signed-in layout asks it once per request, so a session cookie whose token was revoked gets the sign-in page
userRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/session',
    'x-access': access.signedIn(),
    summary: 'Is this token still live?',
    tags: ['Users'],
    operationId: 'checkSession',
    security: [{ bearerAuth: [] }],
    responses: { 204: { description: 'The token is live' }, ...errors(401) },
  }),
  async (c) => c.body(null, 204),
);

// GET /api/user/current-user - the caller, in the login answer's shape without a token
userRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/current-user',
    'x-access': access.signedIn(),
    summary: 'The caller, as in the login answer without a token',
    tags: ['Users'],
    operationId: 'getCurrentUser',
    security: [{ bearerAuth: [] }],
    responses: { 200: { description: 'The caller', content: { 'application/json': { schema: CurrentUserSchema } } }, ...errors(401) },
  }),
  async (c) => {
    const { db } = c.get('deps');
    return c.json(await currentUser(db, c.get('user')), 200);
  },
);

const BgDataSchema = z.record(z.string(), z.string()).openapi('BackgroundData');

// GET /api/user/bg-data - login-page background data; no token
userRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/bg-data',
    'x-access': access.public(),
    summary: 'Background data of the sign-in page',
    tags: ['Sign-in'],
    operationId: 'getBgData',
    security: [],
    responses: { 200: { description: 'Background data', content: { 'application/json': { schema: BgDataSchema } } } },
  }),
  async (c) => {
    const { db } = c.get('deps');
    return c.json(await getBgData(db), 200);
  },
);

// POST /api/user/current-user/change-password - the caller's new password
userRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/current-user/change-password',
    'x-access': access.signedIn(),
    summary: 'Change the caller’s password',
    tags: ['Users'],
    operationId: 'changePassword',
    security: [{ bearerAuth: [] }],
    request: { body: json(changePasswordBodySchema) },
    responses: {
      200: { description: 'Password changed', content: { 'application/json': { schema: MessageSchema } } },
      ...errors(400, 401, 403, 404, 429),
    },
  }),
  async (c) => {
    const { db, config, now } = c.get('deps');
    return c.json(await changePassword(db, c.get('user'), c.req.valid('json'), { config, now: now() }), 200);
  },
);

// POST /api/user/forgot-password - e-mails a link to choose a new password; no token; one answer for every username
userRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/forgot-password',
    'x-access': access.public(),
    summary: 'E-mail a link to choose a new password',
    tags: ['Sign-in'],
    operationId: 'forgotPassword',
    security: [],
    request: { body: json(forgotPasswordBodySchema) },
    responses: {
      200: {
        description: 'The same answer for every username: a link was mailed if it has a password account with an address',
        content: { 'application/json': { schema: MessageSchema } },
      },
      ...errors(400),
    },
  }),
  async (c) => {
    const { db, config, mailer, now, log } = c.get('deps');
    return c.json(await forgotPassword(db, mailer, c.req.valid('json').username, { config, now: now(), log }), 200);
  },
);
