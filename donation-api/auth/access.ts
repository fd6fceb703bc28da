// Who may call a route is declared on the route itself (`'x-access'` in its createRoute), checked by the router
// before the handler runs, and published in the OpenAPI document under the same name. Every level below is one of
// the checks the handlers made themselves before; a refusal is the answer that check gave (401 without a token, the
// same 404 as an unknown id for anything out of scope).
import type { Context } from 'hono';
import type { ApiEnv, AuthUser, CheckedAccess } from '../context';
import { ApiError } from '../errors';
import { requireLead, requireMember } from './branch-lead';
import { assertBranch, donationReach, type BranchAccess } from './middleware';
import { requirePartner } from './partner-scope';
import { programBranch, requireProgram } from './program-scope';

export const ACCESS_LEVELS = [
  /** No token: a sign-in, a health check, a link whose token is the credential. */
  'public',
  /** Any valid token; the services limit what it reaches to the caller's own records. */
  'signed-in',
  /** A branch of the caller's, or for program staff one in their scope (assertBranch 'read'). */
  'branch-read',
  /** A branch of the caller's, or for program administrators one in their scope (assertBranch 'write'). */
  'branch-write',
  /** A branch the caller belongs to (program staff are not members). */
  'branch-member',
  /** A branch the caller leads. */
  'branch-lead',
  /** A donation (path `id`) of the caller's branches, or in program scope (donationReach 'read'). */
  'donation-read',
  /** A donation (path `id`) of the caller's branches, or in a program administrator's scope (donationReach 'write'). */
  'donation-write',
  /** Program staff: administrators and coordinators (requireProgram). */
  'program-staff',
  /** Program administrators only (requireProgram 'admin'). */
  'program-admin',
  /** A retail partner (requirePartner). */
  'partner',
] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Where the branch of a branch or program level is named: a path parameter, the query or the JSON body. */
export type BranchFrom = 'param' | 'query' | 'json';

export type Access = {
  level: AccessLevel;
  /** The request field naming the branch checked (branch levels, and program levels limited to one branch). */
  branchFrom?: BranchFrom;
  /** A branch level whose branch may be left out: then the caller's own branches. */
  optional?: true;
  /** A rule on the record itself that the service still checks (the same 404), in words for the reader. */
  record?: string;
};

export const access = {
  public: (): Access => ({ level: 'public' }),
  signedIn: (record?: string): Access => (record ? { level: 'signed-in', record } : { level: 'signed-in' }),
  branch: (mode: BranchAccess, branchFrom: BranchFrom = 'param', optional?: true): Access => ({
    level: mode === 'read' ? 'branch-read' : 'branch-write',
    branchFrom,
    ...(optional ? { optional } : {}),
  }),
  branchMember: (): Access => ({ level: 'branch-member', branchFrom: 'param' }),
  branchLead: (branchFrom: BranchFrom = 'param'): Access => ({ level: 'branch-lead', branchFrom }),
  donation: (mode: BranchAccess): Access => ({ level: mode === 'read' ? 'donation-read' : 'donation-write' }),
  program: (role: 'staff' | 'admin', branchFrom?: BranchFrom): Access => ({
    level: role === 'admin' ? 'program-admin' : 'program-staff',
    ...(branchFrom ? { branchFrom } : {}),
  }),
  partner: (): Access => ({ level: 'partner' }),
};

/** The declaration of a route, or undefined; anything else is a mistake in the route file. */
export function declaredAccess(route: object): Access | undefined {
  const declared = (route as { 'x-access'?: Access })['x-access'];
  if (declared === undefined) return undefined;
  if (!ACCESS_LEVELS.includes(declared.level)) throw new Error(`Unknown access level ${String(declared.level)}`);
  return declared;
}

type Valid = (target: BranchFrom) => Record<string, unknown> | undefined;

function namedBranch(valid: Valid, from: BranchFrom): string | undefined {
  const value = valid(from)?.branchId;
  return typeof value === 'string' ? value : undefined;
}

function namedId(valid: Valid): string {
  const value = valid('param')?.id;
  return typeof value === 'string' ? value : '';
}

/** Runs the declared check for this call; throws the refusal the handlers used to throw. */
export async function checkAccess(c: Context<ApiEnv>, declared: Access): Promise<CheckedAccess> {
  if (declared.level === 'public') return {};
  const user: AuthUser | undefined = c.get('user');
  // The token middleware refuses a call without a valid token first; a route declared signed-in but listed as
  // public there would otherwise reach its handler with no user.
  if (!user) throw new ApiError(401, 'UNAUTHORIZED');
  const { db } = c.get('deps');
  const valid = ((target: BranchFrom) => c.req.valid(target as never)) as Valid;
  const branch = declared.branchFrom ? namedBranch(valid, declared.branchFrom) : undefined;
  switch (declared.level) {
    case 'signed-in':
      return {};
    case 'branch-read':
    case 'branch-write': {
      if (branch === undefined && declared.optional) return { branchIds: user.branchIds };
      const branchId = await assertBranch(db, user, branch ?? '', declared.level === 'branch-read' ? 'read' : 'write');
      return { branchId, branchIds: [branchId] };
    }
    case 'branch-member':
      return { branchId: requireMember(user, branch ?? '') };
    case 'branch-lead':
      return { branchId: await requireLead(db, user, branch ?? '') };
    case 'donation-read':
    case 'donation-write':
      return { reach: await donationReach(db, user, namedId(valid), declared.level === 'donation-read' ? 'read' : 'write') };
    case 'program-staff':
    case 'program-admin': {
      const program = requireProgram(user, declared.level === 'program-admin' ? 'admin' : undefined);
      if (!declared.branchFrom) return { program };
      return { program, programBranch: await programBranch(db, program, branch ?? '') };
    }
    case 'partner':
      return { partner: requirePartner(user) };
  }
}

// The getters below read what the route's declaration checked. A route asking for something its level does not
// give is a mistake in the route file (a 500 in the tests), never a way around the check.

function checked<K extends keyof CheckedAccess>(c: Pick<Context<ApiEnv>, 'get'>, key: K): NonNullable<CheckedAccess[K]> {
  const value = c.get('access')?.[key];
  if (value === undefined) throw new Error(`The route's access declaration gives no ${key}`);
  return value as NonNullable<CheckedAccess[K]>;
}

export const checkedBranchId = (c: Pick<Context<ApiEnv>, 'get'>) => checked(c, 'branchId');
export const checkedBranchIds = (c: Pick<Context<ApiEnv>, 'get'>) => checked(c, 'branchIds');
export const checkedReach = (c: Pick<Context<ApiEnv>, 'get'>) => checked(c, 'reach');
export const checkedProgram = (c: Pick<Context<ApiEnv>, 'get'>) => checked(c, 'program');
export const checkedProgramBranch = (c: Pick<Context<ApiEnv>, 'get'>) => checked(c, 'programBranch');
export const checkedPartner = (c: Pick<Context<ApiEnv>, 'get'>) => checked(c, 'partner');
