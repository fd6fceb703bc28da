// Program staff access, checked in one place: every /api/program call and every program read of a
// branch goes through these. Anything outside the caller's scope is the same 404 as an unknown id.
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { inProgramScope, type ProgramAccess, type ProgramRole } from '@/lib/domain/program-access';
import type { AuthUser } from '../context';
import type { DbOrTx } from '../db/client';
import { branches } from '../db/schema';
import { notFound } from '../errors';
import { isUuid } from '@/lib/domain/uuid';

/** The caller's program access; branch staff (or a coordinator where an administrator is needed) get 404. */
export function requireProgram(user: AuthUser, role?: ProgramRole): ProgramAccess {
  const access = user.program;
  if (!access || (role === 'admin' && access.role !== 'admin')) throw notFound();
  return access;
}

/** A condition limiting `branches` to the caller's provinces (none for an administrator). */
export function branchScopeWhere(access: ProgramAccess): SQL | undefined {
  if (access.role === 'admin') return undefined;
  return access.provinces.length ? inArray(branches.province, access.provinces) : sql`false`;
}

/** A branch in the caller's scope, by id; an unknown, malformed or out-of-scope id is the same 404. */
export async function programBranch(db: DbOrTx, access: ProgramAccess, branchId: string) {
  const id = branchId.toLowerCase();
  if (!isUuid(id)) throw notFound();
  const [branch] = await db.select().from(branches).where(eq(branches.id, id)).limit(1);
  if (!branch || !inProgramScope(access, branch.province)) throw notFound();
  return branch;
}
