// Users: password login, the current user, logout, change and reset of passwords.
import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { LoginType } from '@/lib/domain/enums';
import { checkChangePasswordRules, isValidPassword } from '@/lib/domain/password-rules';
import { branchLinksOf, describeUser, loginAnswer, type LoginAnswer } from './login-answer';
import { partnerAccessOf } from '../auth/partner-scope';
import { issueDeviceCookie, verifyDeviceCookie } from './device-cookie';
import type { CurrentUser } from '@/lib/domain/user-answers';
import { revokeToken } from '../auth/tokens';
import { audit } from '../audit';
import type { ApiConfig } from '../config';
import type { AuthUser } from '../context';
import type { Db, DbOrTx } from '../db/client';
import { apiTokens, users } from '../db/schema';
import { ApiError } from '../errors';
import { replacePassword } from './password-replace';
import { brakeFailure, brakeRule, brakeSuccess, checkBrake } from './login-brake';
import { clearFailures, LoginLockedError, lockedUntil, recordFailure, usernameKey } from './login-attempts';

export const PASSWORD_UPDATED_MESSAGE = 'Successfully updated your password.';

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** argon2id with the library's defaults (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash is a failed login, not a 500
  }
}

let dummyHash: Promise<string> | undefined;
/** Verified against when the user is unknown, so a miss costs as long as a wrong password. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(18).toString('base64url'));
  return dummyHash;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '-_.!';

/** A random password under the password rules (docs/product.md, Change password), without look-alike characters. */
export function generatePassword(length = 14): string {
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const pw = chars.join('');
  return isValidPassword(pw) ? pw : generatePassword(length);
}

export async function findUserByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.username, normalizeUsername(username)))
    .limit(1);
  return row;
}

type LoginOptions = { config: ApiConfig; now: Date };

/**
 * POST /api/user/login. Every refusal is the same 401 whatever the reason (unknown user, wrong password,
 * no password, another login type, disabled), after the same argon2 work. Failures are counted per
 * (username, address) and per address, or per device when the attempt carries a valid device cookie of this
 * username, and locked with growing waits (login-brake.ts): nobody can lock the owner out from another address, a
 * colleague out from a shared one, or anyone out of a browser they signed in on before. Success answers a fresh
 * device cookie. The password is the current one or the one forgot-password mailed (both work until one is used;
 * the mailed one for PENDING_PASSWORD_TTL_HOURS only, by the injected clock).
 */
export async function passwordLogin(
  db: Db,
  input: { username: string; password: string; address: string; deviceCookie?: string },
  { config, now }: LoginOptions,
): Promise<LoginAnswer & { deviceCookie: string }> {
  const username = normalizeUsername(input.username);
  const device = await verifyDeviceCookie(db, input.deviceCookie, username, now);
  const brake = await checkBrake(db, { username, address: input.address, device }, config, now);

  const user = await findUserByUsername(db, username);
  const eligible = !!user && !user.disabled && user.loginType === LoginType.Admin && !!user.passwordHash;
  const matches = await verifyPassword(eligible ? user.passwordHash! : await dummyPasswordHash(), input.password);
  const pendingFresh =
    !!user?.pendingPasswordAt && now.getTime() - user.pendingPasswordAt.getTime() < PENDING_PASSWORD_TTL_HOURS * 3_600_000;
  const mailed =
    eligible && !matches && pendingFresh && !!user.pendingPasswordHash && (await verifyPassword(user.pendingPasswordHash, input.password));
  if (!eligible || !(matches || mailed)) {
    await brakeFailure(db, brake, now);
    throw new ApiError(401, 'LOGIN_INVALID');
  }
  await brakeSuccess(db, brake);
  const answer = await db.transaction(async (tx) => {
    if (mailed) {
      // The mailed password is used: it becomes the password, the old one is dropped, and the sessions go as on
      // a password change (this sign-in's token is issued after).
      await replacePassword(tx, user.id, {
        set: { passwordHash: user.pendingPasswordHash, pendingPasswordHash: null, pendingPasswordAt: null },
        actor: user.username,
        method: 'reset-used',
        now,
      });
    } else if (user.pendingPasswordHash) {
      // The current password was used: the mailed one is dropped.
      await tx.update(users).set({ pendingPasswordHash: null, pendingPasswordAt: null }).where(eq(users.id, user.id));
    }
    return loginAnswer(tx, user, { ttlHours: config.tokenTtlHours, now, method: 'password' });
  });
  return { ...answer, deviceCookie: await issueDeviceCookie(db, username, now) };
}

/** The login answer's shape for the caller, without issuing a token. */
export async function currentUser(db: DbOrTx, user: AuthUser): Promise<CurrentUser> {
  const links = await branchLinksOf(db, user.id);
  return { ...describeUser(user, links), program: user.program, partner: user.partner ? await partnerAccessOf(db, user.id) : null };
}

export async function logout(db: Db, user: AuthUser, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeToken(tx, user.tokenId, now);
    await audit(tx, { userId: user.id, actor: user.username, action: 'logout', entity: 'user', entityId: user.id });
  });
}

/**
 * POST /api/user/current-user/change-password. Only Admin login types have a password here (403 for the
 * others); the password rules (docs/product.md, Change password), then the old password (wrong ones count toward
 * the login lock, so a stolen token cannot be used to guess the password). Success keeps the caller's token and
 * revokes the rest.
 */
export async function changePassword(
  db: Db,
  user: AuthUser,
  body: { oldPassword: string; newPassword: string },
  { config, now }: LoginOptions,
): Promise<{ message: string }> {
  if (user.loginType !== LoginType.Admin) throw new ApiError(403, 'NOTE_PWD_UPDATE_FORBID_FAILED');
  const [violation] = checkChangePasswordRules(body);
  if (violation) throw new ApiError(400, violation.code, violation.field);

  const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
  if (!row) throw new ApiError(404, 'NOTE_PWD_UPDATE_NOT_FOUND_FAILED');
  if (!row.passwordHash) throw new ApiError(403, 'NOTE_PWD_UPDATE_FORBID_FAILED');

  const key = usernameKey(row.username);
  const until = await lockedUntil(db, [key], now);
  if (until) throw new LoginLockedError(until, now);
  if (!(await verifyPassword(row.passwordHash, body.oldPassword))) {
    await recordFailure(db, [{ key, max: config.loginMaxFailures }], now, brakeRule(config));
    throw new ApiError(400, 'NOTE_PWD_UPDATE_INVALID_OLD', 'oldPassword');
  }

  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, pendingPasswordHash: null, pendingPasswordAt: null, updatedAt: now })
      .where(eq(users.id, user.id));
    await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.userId, user.id), ne(apiTokens.id, user.tokenId), isNull(apiTokens.revokedAt)));
    // Never the hash: the audit log only says that the password changed and how.
    await audit(tx, {
      userId: user.id,
      actor: user.username,
      action: 'password',
      entity: 'user',
      entityId: user.id,
      after: { method: 'change' },
    });
  });
  await clearFailures(db, key);
  return { message: PASSWORD_UPDATED_MESSAGE };
}

/**
 * How long a password mailed by forgot-password before 1.0.0 works (forgot-password now mails a link instead,
 * docs/decisions/0023-forgot-password-link.md; a password mailed just before the upgrade still works this long).
 */
export const PENDING_PASSWORD_TTL_HOURS = 24;
