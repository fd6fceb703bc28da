// The people screens. Program administrators search, invite and manage users; a branch lead invites colleagues
// to their own branch. The writes reuse the admin services the command line uses (user-admin.ts). Who may call is
// the route's declared access, checked before these run: they take the branch it checked and the actor's identity.
import { and, eq, sql } from 'drizzle-orm';
import { EMAIL_PATTERN } from '@/lib/domain/branch-rules';
import { ERROR_MESSAGES, type ErrorCode } from '@/lib/domain/errors';
import { programAccessSchema } from '@/lib/domain/program-access';
import type { InviteBody, ProgramUser, ProgramUsersAnswer, RoleBody } from '@/lib/domain/program-people';
import { audit } from '../audit';
import type { Actor, ApiDeps, PartnerGrant } from '../context';
import { partnerAccess, userBranches, users } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { isUuid } from '@/lib/domain/uuid';
import { deliverLink, prepareLink } from './invitations';
import { queryRows, returnedRow } from '../db/sql-rows';
import { AdminError, grantProgramRole, linkUser, revokeProgramRole, setUserDisabled, unlinkUser } from './user-admin';
import { normalizeUsername } from '../sign-in/users';

type Row = {
  id: string;
  username: string;
  email: string;
  login_type: number;
  locale: string;
  disabled: boolean;
  pending: boolean;
  last_sign_in: string | Date | null;
  branches: { branchId: string; branchName: string; lead: boolean }[] | null;
  role: string | null;
  provinces: string[] | null;
  partner: ProgramUser['partner'];
  total: string | number;
};

/** GET /api/program/users: by username, e-mail or branch name (q), or members of one branch; 100 at most. */
export async function listProgramUsers(deps: ApiDeps, q: string, branchId?: string): Promise<ProgramUsersAnswer> {
  const like = `%${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const branchFilter =
    branchId && isUuid(branchId)
      ? sql`and exists (select 1 from user_branches x where x.user_id = u.id and x.branch_id = ${branchId}::uuid)`
      : sql``;
  const rows = await queryRows<Row>(
    deps.db,
    sql`
    select u.id, u.username, u.email, u.login_type, u.locale, u.disabled,
      (u.password_hash is null and exists (select 1 from invitations i where i.user_id = u.id and i.kind = 'invitation' and i.used_at is null)) as pending,
      (select max(t.created_at) from api_tokens t where t.user_id = u.id) as last_sign_in,
      (select json_agg(json_build_object('branchId', b.id, 'branchName', b.name, 'lead', ub.lead) order by ub.position, b.name)
         from user_branches ub join branches b on b.id = ub.branch_id where ub.user_id = u.id) as branches,
      pr.role, pr.provinces,
      (select json_build_object('retailerId', pa.retailer_id, 'retailerName', r.name, 'bannerId', pa.banner_id,
         'bannerName', bn.name, 'storeIds', pa.store_ids)
         from partner_access pa join retailers r on r.id = pa.retailer_id left join banners bn on bn.id = pa.banner_id
         where pa.user_id = u.id) as partner,
      count(*) over () as total
    from users u left join program_roles pr on pr.user_id = u.id
    where (lower(u.username) like ${like} or lower(u.email) like ${like}
      or exists (select 1 from user_branches y join branches bb on bb.id = y.branch_id where y.user_id = u.id and lower(bb.name) like ${like}))
      ${branchFilter}
    order by u.username limit 100`,
  );
  const list: ProgramUser[] = rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: r.email,
    loginType: Number(r.login_type),
    locale: r.locale,
    disabled: r.disabled,
    invitationPending: r.pending,
    lastSignIn: r.last_sign_in ? new Date(r.last_sign_in).toISOString() : null,
    branches: r.branches ?? [],
    program: r.role ? programAccessSchema.parse({ role: r.role, provinces: r.provinces ?? [] }) : null,
    partner: r.partner ?? null,
  }));
  return { users: list, total: rows[0] ? Number(rows[0].total) : 0 };
}

/**
 * Admin refusals become a 400 with the refusal's own stable code when the screens can show it (Errors namespace),
 * else ADMIN_REFUSED; the English operator message stays in `message`.
 */
async function admin<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof AdminError) {
      const code = (err.code in ERROR_MESSAGES ? err.code : 'ADMIN_REFUSED') as ErrorCode;
      throw new ApiError(400, code, undefined, err.message);
    }
    throw err;
  }
}

export function requireReason(reason: string) {
  if (!reason.trim()) throw new ApiError(400, 'REASON_REQUIRED', 'reason');
  return reason.trim();
}

async function targetUser(deps: ApiDeps, userId: string) {
  if (!isUuid(userId)) throw notFound();
  const [u] = await deps.db.select().from(users).where(eq(users.id, userId.toLowerCase())).limit(1);
  if (!u) throw notFound();
  return u;
}

/** A branch invitation names its branch; a retail partner's names no branch and carries the partner's stores instead. */
export type InviteInput = Omit<InviteBody, 'branchId'> & { branchId: string | null; partner?: PartnerGrant };
type MailDeps = Pick<ApiDeps, 'db' | 'config' | 'mailer' | 'now'>;

/**
 * Creates the user without a password, links the branch and mails the link, all in one transaction (a mail that
 * cannot be sent leaves nothing behind). Shared by the screens (inviteUser) and `npm run admin -- invite`: the branch
 * is already resolved and allowed; `by` says through which door the invitation came, for the audit log.
 */
export async function inviteCore(deps: MailDeps, input: InviteInput, actor: { id: string | null; username: string }, by: string) {
  const now = deps.now();
  const email = input.email.trim();
  if (!EMAIL_PATTERN.test(email)) throw new ApiError(400, 'USER_EMAIL_VALIDATE', 'email');
  const username = normalizeUsername(input.username || email);
  if (!username || /\s/.test(username)) throw new ApiError(400, 'BAD_REQUEST', 'username');
  const { branchId, lead, loginType } = input;
  const { user, prepared } = await deps.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    if (taken) throw new ApiError(409, 'USER_TAKEN', 'username');
    const user = returnedRow(
      await tx.insert(users).values({ username, email, loginType, locale: input.locale, passwordHash: null }).returning(),
    );
    if (branchId) await tx.insert(userBranches).values({ userId: user.id, branchId, position: 0, lead });
    if (input.partner) await tx.insert(partnerAccess).values({ userId: user.id, ...input.partner, grantedBy: actor.username });
    await audit(tx, {
      userId: actor.id,
      actor: actor.username,
      action: 'invite',
      entity: 'user',
      entityId: user.id,
      branchId,
      after: {
        username,
        email,
        loginType,
        locale: input.locale,
        lead,
        by,
        partner: input.partner ?? null,
        reason: input.reason.trim() || null,
      },
    });
    return { user, prepared: await prepareLink(tx, deps.config, user, 'invitation', { branchId, actor: actor.username, now }) };
  });
  // An invitation that cannot be mailed is taken back whole, so it can simply be tried again.
  const sent = await deliverLink(deps.mailer, prepared, async () => {
    await deps.db.delete(users).where(eq(users.id, user.id));
  });
  return { id: user.id, username, ...sent };
}

/**
 * Program administrators invite into any branch, as lead or not, with any login type, and say why; a lead (asLead)
 * only into their own branch, as a colleague with a password (the invitation is its own reason). `branchId` is the
 * branch the route's access checked: one in the administrator's scope, or one the lead leads.
 */
export async function inviteUser(deps: ApiDeps, actor: Actor, branchId: string, body: Omit<InviteBody, 'branchId'>, asLead: boolean) {
  const reason = asLead ? body.reason : requireReason(body.reason);
  const input = { ...body, branchId, reason, lead: asLead ? false : body.lead, loginType: asLead ? (1 as const) : body.loginType };
  return inviteCore(deps, input, { id: actor.id, username: actor.username }, asLead ? 'branch lead' : 'program admin');
}

/** Resends an invitation (the earlier link stops working) or sends a password-reset link. */
export async function sendUserLink(deps: ApiDeps, actor: Actor, userId: string, kind: 'invitation' | 'reset', reason: string) {
  const why = requireReason(reason);
  const user = await targetUser(deps, userId);
  if (user.disabled) throw new ApiError(400, 'ADMIN_USER_DISABLED');
  const [first] = await deps.db
    .select({ branchId: userBranches.branchId })
    .from(userBranches)
    .where(eq(userBranches.userId, user.id))
    .orderBy(userBranches.position)
    .limit(1);
  const prepared = await deps.db.transaction(async (tx) => {
    await audit(tx, {
      userId: actor.id,
      actor: actor.username,
      action: kind === 'reset' ? 'send-reset' : 'resend-invitation',
      entity: 'user',
      entityId: user.id,
      after: { reason: why },
    });
    return prepareLink(tx, deps.config, user, kind, { branchId: first?.branchId ?? null, actor: actor.username, now: deps.now() });
  });
  // The new link is already stored: if the mail fails, the administrator simply sends again.
  return deliverLink(deps.mailer, prepared, async () => {});
}

/** `branchId`: the branch the route's access checked in the administrator's scope. */
export async function linkUserBranch(deps: ApiDeps, actor: Actor, userId: string, branchId: string, lead: boolean, reason: string) {
  const why = requireReason(reason);
  const user = await targetUser(deps, userId);
  return admin(() => linkUser(deps.db, user.username, branchId, actor.username, { lead, reason: why }));
}

/** `branchId`: the branch the route's access checked in the administrator's scope. */
export async function unlinkUserBranch(deps: ApiDeps, actor: Actor, userId: string, branchId: string, reason: string) {
  const why = requireReason(reason);
  const user = await targetUser(deps, userId);
  return admin(() => unlinkUser(deps.db, user.username, branchId, actor.username, why));
}

export async function setUserRole(deps: ApiDeps, actor: Actor, userId: string, body: RoleBody) {
  const why = requireReason(body.reason);
  const user = await targetUser(deps, userId);
  // An administrator cannot take away their own role: the program would risk having no administrator left.
  if (user.id === actor.id) throw new ApiError(400, 'ADMIN_SELF_ROLE');
  if (body.role === 'none') return admin(() => revokeProgramRole(deps.db, user.username, actor.username, why));
  return admin(() => grantProgramRole(deps.db, user.username, body.role, body.provinces, actor.username, why));
}

export async function setUserStatus(deps: ApiDeps, actor: Actor, userId: string, disabled: boolean, reason: string) {
  const why = requireReason(reason);
  const user = await targetUser(deps, userId);
  if (user.id === actor.id) throw new ApiError(400, 'ADMIN_SELF_DEACTIVATE');
  return admin(() => setUserDisabled(deps.db, user.username, disabled, actor.username, deps.now(), why));
}

/**
 * GET /api/branch/{branchId}/people/me: whether the caller leads this branch (the drawer shows 'People' to leads).
 * `branchId`: a branch of the caller's, checked by the route's access.
 */
export async function branchLeadOf(deps: ApiDeps, callerId: string, branchId: string) {
  const [link] = await deps.db
    .select({ lead: userBranches.lead })
    .from(userBranches)
    .where(and(eq(userBranches.userId, callerId), eq(userBranches.branchId, branchId)));
  return { lead: !!link?.lead };
}

/**
 * GET /api/branch/{branchId}/people: the lead's colleagues (usernames, e-mails, whether they accepted).
 * `branchId`: a branch the caller leads, checked by the route's access.
 */
export async function branchPeople(deps: ApiDeps, branchId: string) {
  const rows = await queryRows<{ id: string; username: string; email: string; lead: boolean; disabled: boolean; pending: boolean }>(
    deps.db,
    sql`select u.id, u.username, u.email, ub.lead, u.disabled, (u.password_hash is null and u.login_type = 1) as pending
        from user_branches ub join users u on u.id = ub.user_id where ub.branch_id = ${branchId}::uuid order by u.username`,
  );
  return rows;
}
