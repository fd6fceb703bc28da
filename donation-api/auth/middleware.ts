import type { MiddlewareHandler } from 'hono';
import type { ApiEnv, AuthUser } from '../context';
import { ApiError, notFound } from '../errors';
import { userForToken } from './tokens';

/** Calls marked "no token" in section 7 (method and path below /api). Everything else needs a bearer token. */
export const PUBLIC_ROUTES = new Set([
  'POST /api/user/login',
  'POST /api/user/login/sso',
  'POST /api/user/login/facebook',
  // Their credential is in the call itself (an ID token, or the link state of a verified chat identity),
  // not an API token; each route refuses without it.
  'POST /api/user/get-user-by-email',
  'POST /api/user/get-user-by-token',
  'POST /api/user/login/challenge',
  'POST /api/user/login/challenge/check',
  'GET /api/user/bg-data',
  'POST /api/user/forgot-password',
  'GET /api/config/auth-config',
  'GET /api/openapi.json',
]);

const BEARER = /^Bearer ([A-Za-z0-9_\-.~+/]{20,200}=*)$/;

export const requireToken: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const path = c.req.path.replace(/\/+$/, '') || '/';
  if (PUBLIC_ROUTES.has(`${c.req.method} ${path}`)) return next();
  const match = BEARER.exec(c.req.header('authorization') ?? '');
  if (!match) throw new ApiError(401, 'UNAUTHORIZED');
  const { db, now } = c.get('deps');
  const user = await userForToken(db, match[1], now());
  if (!user) throw new ApiError(401, 'UNAUTHORIZED');
  c.set('user', user);
  return next();
};

/** A branch the caller belongs to; any other id, known or not, is the same 404. */
export function assertBranch(user: AuthUser, branchId: string): string {
  if (!user.branchIds.includes(branchId)) throw notFound();
  return branchId;
}
