// The command line's list-users and create-admin: who can sign in, and the first program administrator of an empty
// database (no screen can make one: the screens need an administrator to sign in first).
import { asc, eq, sql } from 'drizzle-orm';
import { LoginType } from '@/lib/domain/enums';
import type { Db } from '../donation-api/db/client';
import { branches, programRoles, userBranches, users } from '../donation-api/db/schema';
import { AdminError, createUser, grantProgramRole } from '../donation-api/people-places/user-admin';

const LOGIN_NAMES: Record<number, string> = {
  [LoginType.None]: 'None',
  [LoginType.Admin]: 'Admin',
  [LoginType.AAD]: 'AAD',
  [LoginType.AADB2C]: 'AADB2C',
};

/** One line per user, by username: e-mail, login type, active or not, program role, branches. */
export async function listUsers(db: Db): Promise<string[]> {
  const rows = await db
    .select({
      username: users.username,
      email: users.email,
      loginType: users.loginType,
      disabled: users.disabled,
      role: programRoles.role,
      provinces: programRoles.provinces,
      branches: sql<
        string[]
      >`coalesce(array_agg(${branches.name} order by ${userBranches.position}) filter (where ${branches.id} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(programRoles, eq(programRoles.userId, users.id))
    .leftJoin(userBranches, eq(userBranches.userId, users.id))
    .leftJoin(branches, eq(branches.id, userBranches.branchId))
    .groupBy(users.id, programRoles.userId)
    .orderBy(asc(users.username));
  if (rows.length === 0) return ['No users yet: create the first program administrator with create-admin.'];
  return rows.map((r) => {
    const role = r.role ? `program ${r.role}${r.provinces?.length ? ` (${r.provinces.join(', ')})` : ''}` : 'no program role';
    const places = r.branches.length ? r.branches.join('; ') : 'no branch';
    const status = r.disabled ? 'deactivated' : 'active';
    return `${r.username}  ${r.email}  ${LOGIN_NAMES[r.loginType] ?? r.loginType}  ${status}  ${role}  ${places}`;
  });
}

/**
 * A program administrator with a password (login type Admin) and no branch: they sign in at once and land on the
 * program's screens, where they add branches and invite people.
 */
export async function createProgramAdmin(db: Db, input: { username: string; email: string; password: string }, actor: string) {
  if (!input.password) throw new AdminError('A password is required.');
  const { user } = await createUser(db, { ...input, loginType: LoginType.Admin }, actor);
  await grantProgramRole(db, user.username, 'admin', [], actor, 'create-admin');
  return user;
}

/** The password of create-admin: --password, else typed twice without echo. */
export async function adminPassword(given: string | undefined, ask: ((prompt: string) => Promise<string>) | undefined): Promise<string> {
  if (given !== undefined) return given;
  if (!ask) throw new AdminError('No terminal to type the password in: give it with --password.');
  const first = await ask('Password: ');
  if ((await ask('Password again: ')) !== first) throw new AdminError('The two passwords differ; nothing was created.');
  return first;
}
