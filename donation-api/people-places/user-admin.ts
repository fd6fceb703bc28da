// User administration shared by `npm run admin` and the program's screens: users, passwords, branch links.
import { and, eq, max, sql } from 'drizzle-orm';
import { EMAIL_PATTERN } from '@/lib/domain/branch-rules';
import { LoginType, PROVINCE_CODES } from '@/lib/domain/enums';
import { PROGRAM_ROLES, type ProgramRole } from '@/lib/domain/program-access';
import { isValidPassword, MIN_PASSWORD_LENGTH } from '@/lib/domain/password-rules';
import { revokeAllTokens } from '../auth/tokens';
import { audit } from '../audit';
import type { Db, DbOrTx, Tx } from '../db/client';
import { branches, programRoles, userBranches, users } from '../db/schema';
import { isUuid } from '@/lib/domain/uuid';
import { replacePassword } from '../sign-in/password-replace';
import { queryRows, returnedRow } from '../db/sql-rows';
import { generatePassword, hashPassword, normalizeUsername } from '../sign-in/users';

/**
 * A refusal of an admin command or screen: its message is meant for the operator (command line); its stable code and
 * params let the screens show it in the user's language (messages: Errors or AdminProblems).
 */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly code: string = 'ADMIN_REFUSED',
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

const LOGIN_TYPES: Record<string, number> = { none: LoginType.None, admin: LoginType.Admin, aad: LoginType.AAD, aadb2c: LoginType.AADB2C };
const LOCALES = ['en', 'fr'];

export function parseLoginType(value: string | undefined): number {
  if (value === undefined || value === '') return LoginType.Admin;
  const v = value.trim().toLowerCase();
  if (v in LOGIN_TYPES) return LOGIN_TYPES[v]!;
  if (/^[0-3]$/.test(v)) return Number(v);
  throw new AdminError(`Unknown login type "${value}": use Admin, AAD, AADB2C or None (or 1, 2, 3, 0).`);
}

export async function findUser(db: DbOrTx, username: string) {
  const [u] = await db
    .select()
    .from(users)
    .where(eq(users.username, normalizeUsername(username)))
    .limit(1);
  if (!u) throw new AdminError(`No user "${normalizeUsername(username)}".`, 'ADMIN_NO_USER', { username: normalizeUsername(username) });
  return u;
}

/** A branch by id, or by its name (any case) when that name is unique. */
export async function resolveBranch(db: DbOrTx, ref: string) {
  const key = ref.trim();
  if (!key) return pickBranch([], key);
  const rows = isUuid(key)
    ? await db.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.id, key))
    : await db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(sql`lower(${branches.name}) = ${key.toLowerCase()}`);
  return pickBranch(rows, key);
}

/** The one branch the reference named, or the refusal the command line and the CSV import show. */
export function pickBranch<T extends { id: string; name: string }>(rows: T[], key: string): T {
  if (!key) throw new AdminError('A branch id or name is required.', 'ADMIN_BRANCH_REQUIRED');
  const [only] = rows;
  if (!only) throw new AdminError(`No branch "${key}".`, 'ADMIN_NO_BRANCH', { branch: key });
  if (rows.length > 1)
    throw new AdminError(`${rows.length} branches are named "${key}": use the branch id.`, 'ADMIN_BRANCH_AMBIGUOUS', {
      branch: key,
      count: rows.length,
    });
  return only;
}

function checkPassword(password: string) {
  if (!isValidPassword(password)) {
    throw new AdminError(
      `The password needs at least ${MIN_PASSWORD_LENGTH} characters, an uppercase letter, a lowercase letter, a digit and no spaces.`,
    );
  }
}

export type CreateUserInput = {
  username: string;
  email: string;
  password?: string;
  loginType?: number;
  locale?: string;
  workplace?: boolean;
};

/** A new user. An Admin login without a password gets a generated one, returned once to the operator. */
export async function createUser(db: Db, input: CreateUserInput, actor: string) {
  const username = normalizeUsername(input.username);
  if (!username || username.length > 200 || /\s/.test(username)) throw new AdminError('A username without spaces is required.');
  const email = input.email.trim();
  if (!EMAIL_PATTERN.test(email)) throw new AdminError(`"${email}" is not an e-mail address.`);
  const loginType = input.loginType ?? LoginType.Admin;
  const locale = (input.locale ?? 'en').trim().toLowerCase();
  if (!LOCALES.includes(locale)) throw new AdminError('The locale is en or fr.');
  let password = input.password;
  let generated: string | undefined;
  if (password !== undefined) checkPassword(password);
  else if (loginType === LoginType.Admin) password = generated = generatePassword();
  const passwordHash = password === undefined ? null : await hashPassword(password);

  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    if (existing) throw new AdminError(`The username "${username}" is taken.`);
    const user = returnedRow(
      await tx
        .insert(users)
        .values({ username, email, passwordHash, loginType, locale, workplace: input.workplace ?? false })
        .returning(),
    );
    await audit(tx, {
      actor,
      action: 'create',
      entity: 'user',
      entityId: user.id,
      after: { username, email, loginType, locale, workplace: user.workplace, password: passwordHash ? 'set' : 'none' },
    });
    return { user, generatedPassword: generated };
  });
}

/** A new password (generated when none is given); every token of the user is revoked. */
export async function setPassword(db: Db, username: string, password: string | undefined, actor: string, now: Date) {
  if (password !== undefined) checkPassword(password);
  const generated = password === undefined ? generatePassword() : undefined;
  const passwordHash = await hashPassword(password ?? generated!);
  await db.transaction(async (tx) => {
    const user = await findUser(tx, username);
    await replacePassword(tx, user.id, { set: { passwordHash }, actor, method: 'admin', now });
  });
  return { generatedPassword: generated };
}

/**
 * Adds the branch to the user's branches, last in their order; `lead` makes or unmakes them the branch's lead
 * (also on an existing link). `reason` is kept in the audit log.
 */
export async function linkUser(db: Db, username: string, branchRef: string, actor: string, opts: { lead?: boolean; reason?: string } = {}) {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, username);
    const branch = await resolveBranch(tx, branchRef);
    const [latest] = await tx
      .select({ last: max(userBranches.position) })
      .from(userBranches)
      .where(eq(userBranches.userId, user.id));
    const last = latest?.last ?? null;
    const inserted = await tx
      .insert(userBranches)
      .values({ userId: user.id, branchId: branch.id, position: last === null ? 0 : Number(last) + 1, lead: opts.lead ?? false })
      .onConflictDoNothing()
      .returning();
    const why = opts.reason ? { reason: opts.reason } : {};
    const [link] = inserted;
    if (link) {
      await audit(tx, {
        actor,
        action: 'create',
        entity: 'user_branch',
        entityId: user.id,
        branchId: branch.id,
        after: { username: user.username, branch: branch.name, lead: link.lead, ...why },
      });
    } else if (opts.lead !== undefined) {
      const [before] = await tx
        .select({ lead: userBranches.lead })
        .from(userBranches)
        .where(and(eq(userBranches.userId, user.id), eq(userBranches.branchId, branch.id)));
      if (before && before.lead !== opts.lead) {
        await tx
          .update(userBranches)
          .set({ lead: opts.lead })
          .where(and(eq(userBranches.userId, user.id), eq(userBranches.branchId, branch.id)));
        await audit(tx, {
          actor,
          action: 'update',
          entity: 'user_branch',
          entityId: user.id,
          branchId: branch.id,
          before: { username: user.username, branch: branch.name, lead: before.lead },
          after: { username: user.username, branch: branch.name, lead: opts.lead, ...why },
        });
      }
    }
    return { user, branch, linked: inserted.length > 0 };
  });
}

export async function unlinkUser(db: Db, username: string, branchRef: string, actor: string, reason?: string) {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, username);
    const branch = await resolveBranch(tx, branchRef);
    const removed = await tx
      .delete(userBranches)
      .where(and(eq(userBranches.userId, user.id), eq(userBranches.branchId, branch.id)))
      .returning();
    const [link] = removed;
    if (link) {
      await audit(tx, {
        actor,
        action: 'delete',
        entity: 'user_branch',
        entityId: user.id,
        branchId: branch.id,
        before: { username: user.username, branch: branch.name, lead: link.lead },
        after: reason ? { reason } : undefined,
      });
    }
    return { user, branch, unlinked: removed.length > 0 };
  });
}

/**
 * Refuses a change that would leave the program without an active administrator. The active administrators' rows
 * are locked first (program_roles and users, FOR UPDATE, in id order): two administrators demoting or deactivating
 * each other at once are serialized, and the second, reading the first's committed change, is refused.
 */
async function keepAnAdministrator(tx: Tx, userId: string) {
  const admins = await queryRows<{ user_id: string }>(
    tx,
    sql`select pr.user_id from program_roles pr join users u on u.id = pr.user_id
      where pr.role = 'admin' and not u.disabled order by pr.user_id for update of pr, u`,
  );
  if (admins.some((a) => a.user_id === userId) && admins.length <= 1)
    throw new AdminError('The program must keep at least one active administrator.', 'ADMIN_LAST_ADMIN');
}

/**
 * Grants (or changes) a user's program role: 'admin' for every branch, 'coordinator' for the branches of the given
 * provinces (two-letter codes). Takes effect on the user's next call: the role is read with every token check.
 */
export async function grantProgramRole(db: Db, username: string, role: string, provinces: string[], actor: string, reason?: string) {
  if (!(PROGRAM_ROLES as readonly string[]).includes(role))
    throw new AdminError(`Unknown program role "${role}": use admin or coordinator.`, 'ADMIN_UNKNOWN_ROLE', { role });
  const codes = [...new Set(provinces.map((p) => p.trim().toUpperCase()).filter(Boolean))];
  const unknown = codes.filter((p) => !(PROVINCE_CODES as readonly string[]).includes(p));
  if (unknown.length)
    throw new AdminError(`Unknown province ${unknown.join(', ')}: use ${PROVINCE_CODES.join(', ')}.`, 'ADMIN_UNKNOWN_PROVINCE', {
      province: unknown.join(', '),
    });
  if (role === 'coordinator' && codes.length === 0)
    throw new AdminError('A coordinator needs at least one province (--provinces ON,QC).', 'ADMIN_COORDINATOR_PROVINCES');
  if (role === 'admin' && codes.length)
    throw new AdminError('An administrator sees every province: give no --provinces.', 'ADMIN_ADMIN_PROVINCES');
  return db.transaction(async (tx) => {
    const user = await findUser(tx, username);
    if (role !== 'admin') await keepAnAdministrator(tx, user.id);
    const [before] = await tx.select().from(programRoles).where(eq(programRoles.userId, user.id));
    const values = { role: role as ProgramRole, provinces: codes, grantedBy: actor };
    const [after] = await tx
      .insert(programRoles)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: programRoles.userId, set: { ...values, updatedAt: new Date() } })
      .returning();
    await audit(tx, {
      actor,
      action: before ? 'update' : 'create',
      entity: 'program_role',
      entityId: user.id,
      before,
      after: reason ? { ...after, reason } : after,
    });
    return { user, role: after };
  });
}

/** Withdraws a user's program role; answers whether there was one. */
export async function revokeProgramRole(db: Db, username: string, actor: string, reason?: string) {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, username);
    await keepAnAdministrator(tx, user.id);
    const [before] = await tx.delete(programRoles).where(eq(programRoles.userId, user.id)).returning();
    if (before)
      await audit(tx, {
        actor,
        action: 'delete',
        entity: 'program_role',
        entityId: user.id,
        before,
        after: reason ? { reason } : undefined,
      });
    return { user, revoked: !!before };
  });
}

/**
 * Deactivates (every token revoked at once: the next call of any session is refused) or reactivates a user.
 * Answers whether anything changed.
 */
export async function setUserDisabled(db: Db, username: string, disabled: boolean, actor: string, now: Date, reason?: string) {
  return db.transaction(async (tx) => {
    if (disabled) await keepAnAdministrator(tx, (await findUser(tx, username)).id);
    // Read after the lock: a concurrent deactivation has committed by now.
    const user = await findUser(tx, username);
    if (user.disabled === disabled) return { user, changed: false };
    await tx.update(users).set({ disabled, updatedAt: now }).where(eq(users.id, user.id));
    if (disabled) await revokeAllTokens(tx, user.id, now);
    await audit(tx, {
      actor,
      action: disabled ? 'deactivate' : 'reactivate',
      entity: 'user',
      entityId: user.id,
      before: { disabled: user.disabled },
      after: { disabled, ...(reason ? { reason } : {}) },
    });
    return { user, changed: true };
  });
}
