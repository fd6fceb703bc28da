// A food bank's own people, apart from program staff: the people screens of a branch are for its members, and
// inviting colleagues is for its lead. Another branch, an unknown id and a malformed id are the same 404.
import { and, eq } from 'drizzle-orm';
import { isUuid } from '@/lib/domain/uuid';
import type { AuthUser } from '../context';
import type { DbOrTx } from '../db/client';
import { userBranches } from '../db/schema';
import { notFound } from '../errors';

/** A branch the caller belongs to, in canonical lower case (program staff reach no branch through this). */
export function requireMember(caller: AuthUser, branchId: string): string {
  const id = branchId.toLowerCase();
  if (!isUuid(id) || !caller.branchIds.includes(id)) throw notFound();
  return id;
}

/** A branch the caller leads, in canonical lower case. */
export async function requireLead(db: DbOrTx, caller: AuthUser, branchId: string): Promise<string> {
  const id = requireMember(caller, branchId);
  const [link] = await db
    .select({ lead: userBranches.lead })
    .from(userBranches)
    .where(and(eq(userBranches.userId, caller.id), eq(userBranches.branchId, id)));
  if (!link?.lead) throw notFound();
  return id;
}
