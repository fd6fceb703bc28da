import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { apiError } from '@/lib/domain/errors';
import { BOT_SOURCES } from '@/lib/domain/enums';
import type { ApiEnv } from '../context';
import { loginAnswerSchema } from '@/lib/domain/user-answers';
import { ApiError } from '../errors';
import {
  idTokenVerifierFor,
  InvalidIdTokenError,
  MAX_ID_TOKEN_LENGTH,
  ProviderDisabledError,
  ProviderUnavailableError,
  type VerifiedIdentity,
} from './id-token';
import { signLinkState, verifyLinkState, type LinkState } from './link-state';
import { SIGNED_REQUEST_MAX_LENGTH, verifySignedRequest } from './signed-request';
import { SSO_PROVIDER_IDS } from '../auth/sso-config';
import { newRouter } from '../router';
import { ErrorSchema } from '../http/params';
import { ChallengeMailError, checkChallenge, startChallenge } from './login-challenge';
import { ssoSignIn, tokenSignIn, workplaceSignIn } from './sso-sign-in';
import { access } from '../auth/access';

// Sign-in routes other than username and password. Every credential is verified here, by the API: an ID token
// against its issuer's keys, a signed request against the chat app's secret, a saved token against the token table.
export const ssoRoutes = newRouter();

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, { description: 'Refused', content: { 'application/json': { schema: ErrorSchema } } }]));
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

const LoginAnswerBody = loginAnswerSchema;
const unavailableResponse = {
  503: {
    description: 'The identity provider or the mail server cannot be reached',
    content: { 'application/json': { schema: ErrorSchema } },
  },
};
const answer = { 200: { description: 'Signed in: the login answer', content: { 'application/json': { schema: LoginAnswerBody } } } };

const botSource = z.enum(BOT_SOURCES);
const idToken = z.string().min(1).max(MAX_ID_TOKEN_LENGTH);

/** Verifies an ID token; a bad token is 401, an unconfigured provider 404, an unreachable one 503 — never a 500. */
async function verifiedIdentity(
  c: Context<ApiEnv>,
  token: string,
  opts: { provider?: (typeof SSO_PROVIDER_IDS)[number]; nonce?: string } = {},
): Promise<VerifiedIdentity> {
  const { config, now, log } = c.get('deps');
  try {
    return await idTokenVerifierFor(config.sso).verify(token, { now: now(), ...opts });
  } catch (err) {
    if (err instanceof InvalidIdTokenError) {
      log.info({ requestId: c.get('requestId'), reason: err.reason }, 'ID token refused');
      throw new ApiError(401, 'SSO_AUTHENTICATE_AGAIN');
    }
    if (err instanceof ProviderDisabledError) throw new ApiError(404, 'SSO_PROVIDER_DISABLED');
    if (err instanceof ProviderUnavailableError) {
      log.warn({ requestId: c.get('requestId'), err: err.message }, 'identity provider unavailable');
      throw new UnavailableError();
    }
    throw err;
  }
}

/** 503 is not an ApiError status: the routes that can meet it answer it themselves. */
class UnavailableError extends Error {}
const unavailable = (c: Context<ApiEnv>, err: unknown) => {
  if (err instanceof UnavailableError) return c.json(apiError('SSO_PROVIDER_UNAVAILABLE'), 503);
  if (err instanceof ChallengeMailError) {
    c.get('deps').log.warn({ requestId: c.get('requestId'), err: err.message }, 'challenge mail failed');
    return c.json(apiError('CHALLENGE_MAIL_FAILED'), 503);
  }
  throw err;
};

// POST /api/user/login/sso - single sign-on with an ID token of the work-account or customer-identity provider; no token
ssoRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/login/sso',
    'x-access': access.public(),
    summary: 'Single sign-on with an ID token',
    tags: ['Sign-in'],
    operationId: 'loginSso',
    security: [],
    request: {
      body: json(
        z.object({
          token: idToken,
          botSource: botSource.optional(),
          // Which provider vouches; without it, the one whose client id is the token's audience.
          provider: z.enum(SSO_PROVIDER_IDS).optional(),
          nonce: z.string().min(1).max(512).optional(),
        }),
      ),
    },
    responses: { ...answer, ...errors(400, 401, 403, 404), ...unavailableResponse },
  }),
  async (c) => {
    const { db, config, now } = c.get('deps');
    const body = c.req.valid('json');
    try {
      const identity = await verifiedIdentity(c, body.token, { provider: body.provider, nonce: body.nonce });
      return c.json(await ssoSignIn(db, identity, { ttlHours: config.tokenTtlHours, now: now(), botSource: body.botSource }), 200);
    } catch (err) {
      return unavailable(c, err);
    }
  },
);

// POST /api/user/login/facebook - embedded chat view: context id and signed request of the chat tool; no token
ssoRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/login/facebook',
    'x-access': access.public(),
    summary: 'Sign in inside the chat tool with its signed request',
    tags: ['Sign-in'],
    operationId: 'loginEmbedded',
    security: [],
    request: {
      body: json(
        z.object({
          username: z.string().max(256).optional(), // the context (thread) id
          password: z.string().min(1).max(SIGNED_REQUEST_MAX_LENGTH), // the signed request
          botSource,
        }),
      ),
    },
    responses: {
      ...answer,
      ...errors(400, 401, 404),
      403: {
        description: 'A valid chat identity that no account is linked to: the link state opens the e-mail code challenge',
        content: { 'application/json': { schema: ErrorSchema.extend({ linkState: z.string().optional() }) } },
      },
    },
  }),
  async (c) => {
    const { db, config, now, log } = c.get('deps');
    const body = c.req.valid('json');
    const variant = config.sso?.workplace[body.botSource];
    // The chat tool was retired by its vendor in 2026: the mode exists only where an operator configured it.
    if (!config.sso || !variant) throw new ApiError(404, 'EMBEDDED_MODE_DISABLED');
    const verified = verifySignedRequest(body.password, variant.appSecret, {
      now: now(),
      contextId: body.username || undefined,
      futureSkewSec: config.sso.clockToleranceSec,
    });
    if (!verified.ok) {
      log.info({ requestId: c.get('requestId'), reason: verified.reason, botSource: body.botSource }, 'signed request refused');
      throw new ApiError(401, 'SSO_AUTHENTICATE_AGAIN');
    }
    const result = await workplaceSignIn(db, verified.identity, { ttlHours: config.tokenTtlHours, now: now(), botSource: body.botSource });
    if (result) return c.json(result, 200);
    const linkState = await signLinkState(config.sso, { subject: verified.identity, botSource: body.botSource }, now());
    return c.json({ ...apiError('EMBEDDED_NOT_LINKED'), linkState }, 403);
  },
);

// POST /api/user/login/token - exchanges the saved token (which must also be the bearer) for a fresh login answer
ssoRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/login/token',
    'x-access': access.signedIn(),
    summary: 'Exchange the saved token for a fresh login answer',
    tags: ['Sign-in'],
    operationId: 'loginToken',
    security: [{ bearerAuth: [] }],
    request: {
      query: z.object({ botSource: botSource.optional() }),
      body: json(z.object({ token: z.string().min(1).max(512) })),
    },
    responses: { ...answer, ...errors(400, 401, 403) },
  }),
  async (c) => {
    const { db, config, now } = c.get('deps');
    const { botSource: source } = c.req.valid('query');
    const { token } = c.req.valid('json');
    return c.json(await tokenSignIn(db, c.get('user'), token, { ttlHours: config.tokenTtlHours, now: now(), botSource: source }), 200);
  },
);

const lowerEmail = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+$/, 'an e-mail address')
  .transform((v) => v.toLowerCase());

// POST /api/user/get-user-by-email - the login answer of an ID token's user, whose e-mail must be the query's; the ID token is the credential
ssoRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/get-user-by-email',
    'x-access': access.public(),
    summary: 'The login answer of an ID token’s user, by e-mail',
    tags: ['Sign-in'],
    operationId: 'getUserByEmail',
    security: [],
    request: { query: z.object({ email: lowerEmail }), body: json(z.object({ token: idToken })) },
    responses: { ...answer, ...errors(400, 401, 403, 404), ...unavailableResponse },
  }),
  async (c) => {
    const { db, config, now } = c.get('deps');
    const { email } = c.req.valid('query');
    const { token } = c.req.valid('json');
    try {
      const identity = await verifiedIdentity(c, token);
      if (identity.email !== email) throw new ApiError(401, 'SSO_AUTHENTICATE_AGAIN');
      return c.json(
        await ssoSignIn(db, identity, { ttlHours: config.tokenTtlHours, now: now(), method: `sso-email:${identity.provider}` }),
        200,
      );
    } catch (err) {
      return unavailable(c, err);
    }
  },
);

// POST /api/user/get-user-by-token - the same, when both the query's e-mail and object id are the ID token's
ssoRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/get-user-by-token',
    'x-access': access.public(),
    summary: 'The login answer of an ID token’s user, by e-mail and object id',
    tags: ['Sign-in'],
    operationId: 'getUserByToken',
    security: [],
    request: {
      query: z.object({ email: lowerEmail, objectId: z.string().min(1).max(256) }),
      body: json(z.object({ token: idToken })),
    },
    responses: { ...answer, ...errors(400, 401, 403, 404), ...unavailableResponse },
  }),
  async (c) => {
    const { db, config, now } = c.get('deps');
    const { email, objectId } = c.req.valid('query');
    const { token } = c.req.valid('json');
    try {
      const identity = await verifiedIdentity(c, token);
      if (identity.email !== email || identity.objectId !== objectId) throw new ApiError(401, 'SSO_AUTHENTICATE_AGAIN');
      return c.json(
        await ssoSignIn(db, identity, { ttlHours: config.tokenTtlHours, now: now(), method: `sso-object-id:${identity.provider}` }),
        200,
      );
    } catch (err) {
      return unavailable(c, err);
    }
  },
);

/**
 * The chat identity behind a challenge call: the link state from /login/facebook, sent as the bearer token
 * (both challenge calls carry one) or, on the first call, as its `code` query parameter.
 */
async function linkStateOf(c: Context<ApiEnv>, fallback?: string): Promise<LinkState> {
  const { config, now } = c.get('deps');
  const bearer = /^Bearer (\S{1,2048})$/.exec(c.req.header('authorization') ?? '')?.[1];
  const state = await verifyLinkState(config.sso, bearer ?? fallback, now());
  if (!state) throw new ApiError(401, 'SSO_AUTHENTICATE_AGAIN');
  return state;
}

// POST /api/user/login/challenge - mails a one-time code to the account `username`, to link the caller's chat identity to it
ssoRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/login/challenge',
    'x-access': access.public(),
    summary: 'Mail a one-time code to link a chat identity to an account',
    tags: ['Sign-in'],
    operationId: 'startLoginChallenge',
    security: [],
    request: { query: z.object({ username: z.string().trim().min(1).max(320), code: z.string().max(2048).optional() }) },
    responses: { 204: { description: 'Asked; a code is mailed if the account exists' }, ...errors(400, 401, 429), ...unavailableResponse },
  }),
  async (c) => {
    const { db, mailer, now } = c.get('deps');
    const { username, code } = c.req.valid('query');
    const state = await linkStateOf(c, code);
    try {
      await startChallenge(db, mailer, { subject: state.subject, botSource: state.botSource, username }, { now: now() });
    } catch (err) {
      return unavailable(c, err);
    }
    return c.body(null, 204);
  },
);

// POST /api/user/login/challenge/check - the mailed code: links the chat identity and answers the login answer, or nothing
ssoRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/login/challenge/check',
    'x-access': access.public(),
    summary: 'Check the mailed code: link the chat identity and sign in',
    tags: ['Sign-in'],
    operationId: 'checkLoginChallenge',
    security: [],
    request: { query: z.object({ botSource, code: z.string().max(64) }) },
    responses: { ...answer, 204: { description: 'Wrong, expired, used or locked code' }, ...errors(400, 401, 403) },
  }),
  async (c) => {
    const { db, config, now } = c.get('deps');
    const { botSource: source, code } = c.req.valid('query');
    const state = await linkStateOf(c);
    const result = await checkChallenge(
      db,
      { subject: state.subject, botSource: source, code },
      { now: now(), ttlHours: config.tokenTtlHours },
    );
    return result ? c.json(result, 200) : c.body(null, 204);
  },
);
