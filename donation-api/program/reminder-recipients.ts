// Who receives a branch's reminder: its staff who are enabled, have an address and did not opt out. The oversight
// month view offers the "Send a reminder" button only where this finds somebody (hasReminderRecipientSql).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { userBranches, users } from '../db/schema';

type Recipient = { email: string; locale: string };

/** Branch staff who receive reminders, per branch. */
export async function branchRecipients(db: DbOrTx, branchIds: string[]) {
  if (!branchIds.length) return new Map<string, Recipient[]>();
  const rows = await db
    .select({ branchId: userBranches.branchId, email: users.email, locale: users.locale })
    .from(userBranches)
    .innerJoin(users, eq(users.id, userBranches.userId))
    .where(and(inArray(userBranches.branchId, branchIds), eq(users.disabled, false), eq(users.remindersOptOut, false)));
  const out = new Map<string, Recipient[]>();
  for (const r of rows) if (r.email.trim()) out.set(r.branchId, [...(out.get(r.branchId) ?? []), r]);
  return out;
}

/** The same test in SQL: somebody would receive a reminder of the branch whose id is `branchId`. */
export function hasReminderRecipientSql(branchId: SQL): SQL {
  return sql`exists (select 1 from user_branches ub join users u on u.id = ub.user_id
    where ub.branch_id = ${branchId} and not u.disabled and not u.reminders_opt_out and btrim(u.email) <> '')`;
}
