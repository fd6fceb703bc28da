// Invitation and password-reset links. A link is single use, expires, and only its SHA-256 is stored; the
// mail is in the invitee's language. Administrators never see or send a password: the invitee chooses one here.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { LoginType } from '@/lib/domain/enums';
import { isValidPassword } from '@/lib/domain/password-rules';
import type { InvitationInfo, MailDelivery } from '@/lib/domain/program-people';
import { loginAnswer, type LoginAnswer } from '../sign-in/login-answer';
import { hashToken } from '../auth/tokens';
import type { ApiConfig } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { branches, invitations, users } from '../db/schema';
import { ApiError } from '../errors';
import { mailLocale, mailText } from '../mail/mail-text';
import type { Mailer, MailStatus } from '../mail/mailer';
import { replacePassword } from '../sign-in/password-replace';
import { hashPassword } from '../sign-in/users';

export type LinkKind = 'invitation' | 'reset';
/** A password-reset link's life, whoever asked for it (an administrator, or the user through forgot-password). */
export const RESET_TTL_HOURS = 2;

type MailUser = { id: string; username: string; email: string; locale: string; loginType: number };

/** A new link for the user; earlier unused links of the same kind stop working (a resend replaces them). */
async function issueLink(tx: DbOrTx, user: MailUser, kind: LinkKind, branchId: string | null, actor: string, now: Date, ttlHours: number) {
  await tx
    .update(invitations)
    .set({ usedAt: now })
    .where(and(eq(invitations.userId, user.id), eq(invitations.kind, kind), isNull(invitations.usedAt)));
  const token = randomBytes(32).toString('base64url');
  await tx.insert(invitations).values({
    userId: user.id,
    kind,
    tokenHash: hashToken(token),
    branchId,
    createdBy: actor,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlHours * 3600_000),
  });
  return token;
}

/**
 * A reset link the user asked for themselves (forgot-password, donation-api/sign-in/forgot-password.ts): the same
 * single-use, expiring link as an administrator's reset, opened on the same set-password screen. Answers its address.
 */
export async function issueSelfResetLink(
  tx: DbOrTx,
  config: ApiConfig,
  user: MailUser,
  now: Date,
): Promise<{ link: string; linkId: string }> {
  const token = await issueLink(tx, user, 'reset', null, user.username, now, RESET_TTL_HOURS);
  const [row] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)));
  return { link: `${config.appUrl}/invitation/${token}`, linkId: row!.id };
}

const isSso = (loginType: number) => loginType === LoginType.AAD || loginType === LoginType.AADB2C;

function linkMail(config: ApiConfig, user: MailUser, kind: LinkKind, token: string | null, branchName: string | null, ttlHours: number) {
  const t = mailText(mailLocale(user.locale));
  const args = {
    username: user.username,
    email: user.email,
    hasBranch: branchName ? 'yes' : 'no',
    branch: branchName ?? '',
    link: token ? `${config.appUrl}/invitation/${token}` : `${config.appUrl}/login`,
    hours: ttlHours,
  };
  // Single sign-on users get no link (token null): they sign in with their organization's account.
  const key = kind === 'reset' ? 'passwordReset' : token ? 'invitation' : 'ssoAccess';
  return { subject: t(`${key}.subject`, args), text: t(`${key}.body`, args) };
}

/**
 * Issues a link inside the caller's transaction and answers the mail to send once it commits (the mailer records
 * every mail in its own connection, which must not wait on this transaction). Single sign-on users get a notice
 * without a link for an invitation; a reset is for password users only (400 ADMIN_RESET_SSO otherwise).
 */
export async function prepareLink(
  tx: DbOrTx,
  config: ApiConfig,
  user: MailUser,
  kind: LinkKind,
  opts: { branchId: string | null; actor: string; now: Date },
) {
  if (kind === 'reset' && user.loginType !== LoginType.Admin) throw new ApiError(400, 'ADMIN_RESET_SSO');
  const ttl = kind === 'reset' ? RESET_TTL_HOURS : config.invitationTtlHours;
  const token = isSso(user.loginType) ? null : await issueLink(tx, user, kind, opts.branchId, opts.actor, opts.now, ttl);
  let branchName: string | null = null;
  if (opts.branchId) {
    const [b] = await tx.select({ name: branches.name }).from(branches).where(eq(branches.id, opts.branchId));
    branchName = b?.name ?? null;
  }
  const { subject, text } = linkMail(config, user, kind, token, branchName, ttl);
  // A queued mail is not sent once its link has expired (mail/outbox.ts).
  const expiresAt = new Date(opts.now.getTime() + ttl * 3600_000);
  return {
    linkSent: token !== null,
    mail: {
      to: user.email,
      subject,
      text,
      kind: kind === 'reset' ? 'password-reset' : 'invitation',
      expiresAt: token ? expiresAt : undefined,
    },
  };
}

/**
 * Sends a prepared link; a failure is 503 MAIL_FAILED after `undo` (which takes back what the call wrote). `mail`
 * says truthfully where the mail is: 'sent' (it left) or 'queued' (no SMTP_URL yet: it waits in the outbox, and the
 * sender job sends it once one is set). linkSent keeps its meaning: the mail carries a link (not so for single sign-on).
 */
export async function deliverLink(
  mailer: Mailer,
  prepared: Awaited<ReturnType<typeof prepareLink>>,
  undo: () => Promise<void>,
): Promise<{ linkSent: boolean; mail: MailDelivery }> {
  let status: MailStatus;
  try {
    status = (await mailer.send(prepared.mail)).status;
  } catch {
    await undo();
    throw new ApiError(503, 'MAIL_FAILED');
  }
  return { linkSent: prepared.linkSent, mail: status === 'sent' ? 'sent' : 'queued' };
}

/** A live link: unknown, used and expired links are the same refusal, so a link cannot be probed. */
async function liveLink(db: DbOrTx, token: string, now: Date, lock: boolean) {
  const q = db
    .select({ invitation: invitations, user: users })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.usedAt), gt(invitations.expiresAt, now)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: invitations }) : await q;
  if (!row || row.user.disabled) throw new ApiError(404, 'INVITATION_INVALID');
  return row;
}

/** POST /api/invitation/check: what the link is for, so the page can greet the invitee in their language. */
export async function checkLink(db: DbOrTx, token: string, now: Date): Promise<InvitationInfo> {
  const { invitation, user } = await liveLink(db, token, now, false);
  let branchName: string | null = null;
  if (invitation.branchId) {
    const [b] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, invitation.branchId));
    branchName = b?.name ?? null;
  }
  return { kind: invitation.kind as LinkKind, username: user.username, locale: user.locale, branchName };
}

/**
 * POST /api/invitation/accept: the password (docs/product.md, Change password), stored; the link used; every earlier
 * token revoked; and the login answer, so the invitee lands signed in (on their first branch, or the invited one).
 */
export async function acceptLink(db: Db, token: string, password: string, config: ApiConfig, now: Date): Promise<LoginAnswer> {
  if (!isValidPassword(password)) throw new ApiError(400, 'PWD_NEW_VALIDATE', 'password');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const { invitation, user } = await liveLink(tx, token, now, true);
    await tx.update(invitations).set({ usedAt: now }).where(eq(invitations.id, invitation.id));
    await replacePassword(tx, user.id, { set: { passwordHash }, actor: user.username, method: invitation.kind, now });
    const answer = await loginAnswer(tx, { ...user, passwordHash }, { ttlHours: config.tokenTtlHours, now, method: invitation.kind });
    // Land on the branch the invitation was for.
    const invited = invitation.branchId && answer.branches.find((b) => b.branchId === invitation.branchId);
    return invited ? { ...answer, branchId: invited.branchId } : answer;
  });
}
