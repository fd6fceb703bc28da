import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { branches, programRoles, userBranches, users } from '../db/schema';
import { ApiError } from '../errors';
import { audit } from '../audit';
import { partnerAccessOf } from '../auth/partner-scope';
import { issueToken } from '../auth/tokens';

import type { LoginAnswer } from '@/lib/domain/answers';
import { programAccessSchema, type ProgramAccess } from '@/lib/domain/program-access';

export type { LoginAnswer };

/** The user's branches with their names, in the user's order (the first is the default branch). */
export async function branchLinksOf(db: DbOrTx, userId: string): Promise<LoginAnswer['branches']> {
  return db
    .select({ branchId: branches.id, branchName: branches.name })
    .from(userBranches)
    .innerJoin(branches, eq(branches.id, userBranches.branchId))
    .where(eq(userBranches.userId, userId))
    .orderBy(asc(userBranches.position), asc(branches.name));
}

/** The user's program role, or null. */
export async function programAccessOf(db: DbOrTx, userId: string): Promise<ProgramAccess | null> {
  const [row] = await db
    .select({ role: programRoles.role, provinces: programRoles.provinces })
    .from(programRoles)
    .where(eq(programRoles.userId, userId));
  return row ? programAccessSchema.parse(row) : null;
}

type Described = Pick<typeof users.$inferSelect, 'id' | 'email' | 'locale' | 'workplace' | 'loginType' | 'username'>;

/** Who the user is, as the login answer and the current user's answer both say it. */
export function describeUser(user: Described, links: LoginAnswer['branches']) {
  return {
    id: user.id,
    branches: links,
    branchId: links[0]?.branchId ?? '',
    contactEmail: user.email,
    locale: user.locale,
    workplace: user.workplace,
    loginType: user.loginType,
    username: user.username,
  };
}

/**
 * The answer of every successful login (docs/product.md, Users and sign-in): a fresh API token and the user's branches.
 * A user with no branch cannot sign in (docs/product.md, Who uses it and what each may do): 403 LOGIN_NO_BRANCH,
 * and no token is issued. Program staff may belong to no branch: they sign in to the program's screens.
 */
export async function loginAnswer(
  db: DbOrTx,
  user: typeof users.$inferSelect,
  opts: { ttlHours: number; now: Date; botSource?: string; method: string },
): Promise<LoginAnswer> {
  // One after the other: every caller passes its transaction, one connection, on which node-postgres queues
  // queries anyway and from pg 9 refuses a query sent while another runs.
  const links = await branchLinksOf(db, user.id);
  const program = await programAccessOf(db, user.id);
  const partner = await partnerAccessOf(db, user.id);
  if (links.length === 0 && !program && !partner) throw new ApiError(403, 'LOGIN_NO_BRANCH');
  const { token, expiresAt } = await issueToken(db, user.id, opts.ttlHours, opts.now, opts.botSource);
  await audit(db, {
    userId: user.id,
    actor: user.username,
    action: 'login',
    entity: 'user',
    entityId: user.id,
    after: { method: opts.method },
  });
  return { ...describeUser(user, links), token, expiresAt: expiresAt.toISOString(), program, partner };
}
