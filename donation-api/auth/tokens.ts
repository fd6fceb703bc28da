import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { apiTokens, users } from '../db/schema';
import type { ProgramAccess } from '@/lib/domain/program-access';
import type { AuthUser, PartnerGrant } from '../context';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a random 256-bit token; only its SHA-256 is stored. */
export async function issueToken(db: DbOrTx, userId: string, ttlHours: number, now: Date, botSource?: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlHours * 3600_000);
  await db.insert(apiTokens).values({ userId, tokenHash: hashToken(token), expiresAt, botSource, createdAt: now });
  return { token, expiresAt };
}

export async function revokeToken(db: DbOrTx, tokenId: string, now: Date) {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)));
}

export async function revokeAllTokens(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}

/** The user behind a live (unrevoked, unexpired) token, with their branches; null otherwise. */
export async function userForToken(db: DbOrTx, token: string, now: Date): Promise<AuthUser | null> {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      id: users.id,
      username: users.username,
      email: users.email,
      loginType: users.loginType,
      workplace: users.workplace,
      locale: users.locale,
      disabled: users.disabled,
      // The caller's branches in the same round trip: this runs on every authenticated call.
      branchIds: sql<
        string[]
      >`coalesce((select array_agg(ub.branch_id::text order by ub.position, ub.branch_id) from user_branches ub where ub.user_id = ${users.id}), '{}')`,
      program: sql<ProgramAccess | null>`(select json_build_object('role', pr.role, 'provinces', pr.provinces) from program_roles pr where pr.user_id = ${users.id})`,
      partner: sql<PartnerGrant | null>`(select json_build_object('retailerId', pa.retailer_id, 'bannerId', pa.banner_id, 'storeIds', pa.store_ids) from partner_access pa where pa.user_id = ${users.id})`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)))
    .limit(1);
  if (!row || row.disabled) return null;
  const { disabled: _disabled, ...user } = row;
  return user;
}
