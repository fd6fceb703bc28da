// Sign-in by a verified identity: an ID token of a configured provider, a chat identity, or a live API token.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BotSource } from '@/lib/domain/enums';
import type { VerifiedIdentity } from './id-token';
import { loginAnswer, type LoginAnswer } from './login-answer';
import { revokeToken, userForToken } from '../auth/tokens';
import { audit } from '../audit';
import type { AuthUser } from '../context';
import type { Db, DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { ApiError } from '../errors';

type User = typeof users.$inferSelect;
type SignInOptions = { ttlHours: number; now: Date; botSource?: BotSource };

/** A session opened from the chat tool gets the embedded layout whatever the stored flag says. */
function asSession(user: User, botSource?: BotSource): User {
  return botSource ? { ...user, workplace: true } : user;
}

/**
 * The user a verified ID token stands for, among users of that provider's login type only, so an account
 * of one provider can never open another provider's (or a password) account:
 *  1. the user whose stored object id is the token's;
 *  2. else the one user whose e-mail is the token's and who has no object id yet: the object id is stored,
 *     so later sign-ins no longer depend on the e-mail. A user already bound to another object id is not
 *     taken over by a new identity that happens to share the e-mail (a re-created or spoofed account).
 * Disabled users and ambiguous e-mails match nobody.
 */
export async function findSsoUser(db: DbOrTx, identity: VerifiedIdentity, now: Date): Promise<User | null> {
  const byObjectId = await db
    .select()
    .from(users)
    .where(and(eq(users.loginType, identity.loginType), eq(users.objectId, identity.objectId)))
    .limit(2);
  const [found, other] = byObjectId;
  if (found && !other) return found.disabled ? null : found;
  if (other || !identity.email) return null;

  const byEmail = await db
    .select()
    .from(users)
    .where(and(eq(users.loginType, identity.loginType), eq(sql`lower(${users.email})`, identity.email)))
    .limit(2);
  const [user, another] = byEmail;
  if (!user || another) return null;
  if (user.disabled || (user.objectId && user.objectId !== identity.objectId)) return null;
  if (user.objectId === identity.objectId) return user;

  const [linked] = await db
    .update(users)
    .set({ objectId: identity.objectId, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.objectId)))
    .returning();
  if (!linked) return null; // a concurrent sign-in bound another object id first
  await audit(db, {
    userId: user.id,
    actor: user.username,
    action: 'update',
    entity: 'user',
    entityId: user.id,
    before: { objectId: null },
    after: { objectId: identity.objectId, provider: identity.provider },
  });
  return linked;
}

/** POST /api/user/login/sso and the get-user-by-* calls: the login answer of the token's user. */
export async function ssoSignIn(db: Db, identity: VerifiedIdentity, opts: SignInOptions & { method?: string }): Promise<LoginAnswer> {
  return db.transaction(async (tx) => {
    const user = await findSsoUser(tx, identity, opts.now);
    if (!user) throw new ApiError(403, 'SSO_UNKNOWN_USER');
    return loginAnswer(tx, asSession(user, opts.botSource), {
      ttlHours: opts.ttlHours,
      now: opts.now,
      botSource: opts.botSource,
      method: opts.method ?? `sso:${identity.provider}`,
    });
  });
}

/** The one user linked to a chat identity; none when unlinked, disabled or (after a bad import) ambiguous. */
export async function findWorkplaceUser(db: DbOrTx, workplaceId: string): Promise<User | null> {
  const rows = await db.select().from(users).where(eq(users.workplaceId, workplaceId)).limit(2);
  const [user, other] = rows;
  return user && !other && !user.disabled ? user : null;
}

/** POST /api/user/login/facebook once the signed request is verified; null when no user is linked. */
export async function workplaceSignIn(
  db: Db,
  workplaceId: string,
  opts: SignInOptions & { botSource: BotSource },
): Promise<LoginAnswer | null> {
  return db.transaction(async (tx) => {
    const user = await findWorkplaceUser(tx, workplaceId);
    if (!user) return null;
    return loginAnswer(tx, asSession(user, opts.botSource), {
      ttlHours: opts.ttlHours,
      now: opts.now,
      botSource: opts.botSource,
      method: `workplace:${opts.botSource}`,
    });
  });
}

/**
 * POST /api/user/login/token: the saved token (body) must be the very token the call is authorized with;
 * it is exchanged for a fresh one and revoked, so a saved token is good for one exchange.
 */
export async function tokenSignIn(db: Db, caller: AuthUser, savedToken: string, opts: SignInOptions): Promise<LoginAnswer> {
  return db.transaction(async (tx) => {
    const saved = await userForToken(tx, savedToken, opts.now);
    if (!saved || saved.tokenId !== caller.tokenId) throw new ApiError(401, 'UNAUTHORIZED');
    const [user] = await tx.select().from(users).where(eq(users.id, saved.id)).limit(1);
    if (!user || user.disabled) throw new ApiError(401, 'UNAUTHORIZED');
    await revokeToken(tx, saved.tokenId, opts.now);
    return loginAnswer(tx, asSession(user, opts.botSource), {
      ttlHours: opts.ttlHours,
      now: opts.now,
      botSource: opts.botSource,
      method: 'token',
    });
  });
}
