import type { MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import { isUuid } from '@/lib/domain/uuid';
import type { ApiEnv, AuthUser } from '../context';
import type { DbOrTx } from '../db/client';
import { ApiError, notFound } from '../errors';
import { queryRows } from '../db/sql-rows';
import { programBranch } from './program-scope';
import { memoizedLookup } from './token-memo';
import { userForToken } from './tokens';

/** The public calls (docs/product.md, Conventions) as method and path below /api; every other needs a bearer token. */
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
  'GET /api/docs',
  'GET /api/docs/scalar.js',
  // Health checks of load balancers and containers; they say ok or unavailable, nothing else.
  'GET /api/health',
  'GET /api/ready',
  // An invitation or reset link: its token is the credential (single use, expiring, stored hashed).
  'POST /api/invitation/check',
  'POST /api/invitation/accept',
]);

const BEARER = /^Bearer ([A-Za-z0-9_\-.~+/]{20,200}=*)$/;

export const requireToken: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const path = c.req.path.replace(/\/+$/, '') || '/';
  if (PUBLIC_ROUTES.has(`${c.req.method} ${path}`)) return next();
  const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) throw new ApiError(401, 'UNAUTHORIZED');
  const { db, now } = c.get('deps');
  const memo = c.req.method === 'GET' ? c.env?.tokenMemo : undefined;
  const user = await memoizedLookup(memo, token, () => userForToken(db, token, now()));
  if (!user) throw new ApiError(401, 'UNAUTHORIZED');
  c.set('user', user);
  return next();
};

/** 'read' lets program staff in scope read a branch's data; 'write' lets only program administrators change it. */
export type BranchAccess = 'read' | 'write';

/**
 * THE access check of every branch-scoped call: a branch the caller belongs to or, for program staff, a
 * branch in their scope (read: administrators and coordinators; write: administrators only). Any other id, known
 * or not, is the same 404.
 */
export async function assertBranch(db: DbOrTx, user: AuthUser, branchId: string, access: BranchAccess): Promise<string> {
  // Ids are compared in their canonical lower case, so every route answers an upper-case id alike; a malformed id
  // never reaches the database.
  const id = branchId.toLowerCase();
  if (!isUuid(id)) throw notFound();
  if (user.branchIds.includes(id)) return id;
  if (user.program && (access === 'read' || user.program.role === 'admin')) {
    await programBranch(db, user.program, id);
    return id;
  }
  throw notFound();
}

/**
 * The branches a call on one donation (by its id) may reach: the caller's own and, for program staff, the donation's
 * branch when assertBranch admits it. The services then constrain the donation to these branches as before.
 */
export async function donationReach(db: DbOrTx, user: AuthUser, donationId: string, access: BranchAccess): Promise<string[]> {
  if (!user.program || !isUuid(donationId)) return user.branchIds;
  const [row] = await queryRows<{ branch_id: string }>(db, sql`select branch_id from donations where id = ${donationId}::uuid`);
  if (!row || user.branchIds.includes(row.branch_id)) return user.branchIds;
  return [...user.branchIds, await assertBranch(db, user, row.branch_id, access)];
}
