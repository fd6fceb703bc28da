import { eq } from 'drizzle-orm';
import { revokeAllTokens } from '../auth/tokens';
import { audit } from '../audit';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

type PasswordColumns = Pick<typeof users.$inferInsert, 'passwordHash' | 'pendingPasswordHash' | 'pendingPasswordAt'>;

/**
 * A user's password replaced without the old one (a sign-in with the mailed password, an invitation or reset link,
 * an administrator): the columns stored, every session ended, and the change audited by how it happened. Never the
 * hash in the audit log. A change with the old password keeps the caller's own session (users.ts, changePassword).
 */
export async function replacePassword(
  tx: DbOrTx,
  userId: string,
  change: { set: PasswordColumns; actor: string; method: string; now: Date },
) {
  await tx
    .update(users)
    .set({ ...change.set, updatedAt: change.now })
    .where(eq(users.id, userId));
  await revokeAllTokens(tx, userId, change.now);
  await audit(tx, { userId, actor: change.actor, action: 'password', entity: 'user', entityId: userId, after: { method: change.method } });
}
