import { z } from 'zod';
import { partnerAccessSchema } from './partner';
import { programAccessSchema, programRoleSchema } from './program-access';
import { INVITE_TEXT_MAX, SIGN_IN_TEXT_MAX } from './text-limits';

// The program's people screens and the branch lead's invitations. One schema per body and answer, shared by
// the API's routes (validation and the OpenAPI document) and the screens (inferred types).

/** Who made a change and why: every administrative write carries a reason, kept in the audit log. */
export const reasonSchema = z.string().trim().max(INVITE_TEXT_MAX.reason);

export const inviteBodySchema = z.strictObject({
  email: z.string().trim().max(320),
  /** Defaults to the e-mail address, lower-cased. */
  username: z.string().trim().max(200).optional(),
  /** 1 = password (the invitee sets one), 2 = Azure AD, 3 = Azure AD B2C (they sign in through their provider). */
  loginType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  locale: z.enum(['en', 'fr']).default('en'),
  branchId: z.string().max(64),
  lead: z.boolean().default(false),
  reason: reasonSchema.default(''),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;

/** Where an invitation's or a reset's mail is: it left, or it waits in the outbox (no SMTP yet) to be sent. */
export const MAIL_DELIVERIES = ['sent', 'queued'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/**
 * The answer of an invitation: the new user, whether the mail carries a link (false for single sign-on users, who
 * get a notice without one), and whether that mail left or waits to be sent.
 */
export const invitedSchema = z.object({ id: z.string(), username: z.string(), linkSent: z.boolean(), mail: z.enum(MAIL_DELIVERIES) });

/** A lead invites into the branch of the path, never as a lead and always with a password. */
export const leadInviteBodySchema = inviteBodySchema.pick({ email: true, username: true, locale: true, reason: true });

export const userBranchSchema = z.object({ branchId: z.string(), branchName: z.string(), lead: z.boolean() });

export const programUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  loginType: z.number(),
  locale: z.string(),
  disabled: z.boolean(),
  /** No password yet and an invitation not used: the user has not accepted. */
  invitationPending: z.boolean(),
  lastSignIn: z.string().nullable(),
  branches: z.array(userBranchSchema),
  program: programAccessSchema.nullable(),
  /** A retail partner's scope, or null. */
  partner: partnerAccessSchema.nullable(),
});
export type ProgramUser = z.infer<typeof programUserSchema>;

export const programUsersAnswerSchema = z.object({ users: z.array(programUserSchema), total: z.number() });
export type ProgramUsersAnswer = z.infer<typeof programUsersAnswerSchema>;

export const linkBranchBodySchema = z.strictObject({ lead: z.boolean().default(false), reason: reasonSchema });
/** An administrative write that carries only its reason (unlink, resend, reset), kept in the audit log. */
export const adminReasonBodySchema = z.strictObject({ reason: reasonSchema });
export const roleBodySchema = z.strictObject({
  role: z.union([programRoleSchema, z.literal('none')]),
  provinces: z.array(z.string().max(2)).max(13).default([]),
  reason: reasonSchema,
});
export type RoleBody = z.infer<typeof roleBodySchema>;
export const statusBodySchema = z.strictObject({ disabled: z.boolean(), reason: reasonSchema });

export const invitationCheckBodySchema = z.strictObject({ token: z.string().min(20).max(200) });
export const invitationAcceptBodySchema = z.strictObject({
  token: z.string().min(20).max(200),
  password: z.string().max(SIGN_IN_TEXT_MAX.password),
});

export const invitationInfoSchema = z.object({
  kind: z.enum(['invitation', 'reset']),
  username: z.string(),
  locale: z.string(),
  branchName: z.string().nullable(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;
