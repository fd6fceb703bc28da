// People: /api/program/users (program administrators), /api/branch/{branchId}/people (a branch's lead) and
// the public invitation calls (the link's token is the credential).
import { createRoute, z } from '@hono/zod-openapi';
import {
  invitationAcceptBodySchema,
  invitationCheckBodySchema,
  invitationInfoSchema,
  inviteBodySchema,
  leadInviteBodySchema,
  linkBranchBodySchema,
  programUsersAnswerSchema,
  adminReasonBodySchema,
  roleBodySchema,
  statusBodySchema,
  invitedSchema,
  MAIL_DELIVERIES,
} from '@/lib/domain/program-people';
import { SEARCH_TEXT_MAX } from '@/lib/domain/text-limits';
import { loginAnswerSchema } from '@/lib/domain/user-answers';
import { newRouter } from '../router';
import { acceptLink, checkLink } from './invitations';
import {
  branchLeadOf,
  branchPeople,
  inviteUser,
  linkUserBranch,
  listProgramUsers,
  sendUserLink,
  setUserRole,
  setUserStatus,
  unlinkUserBranch,
} from './program-users';
import { ErrorSchema } from '../http/params';
import { access, checkedBranchId, checkedProgramBranch } from '../auth/access';

export const programUsersRoutes = newRouter();

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, { description: 'Refused', content: { 'application/json': { schema: ErrorSchema } } }]));
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const ok = <T extends z.ZodType>(description: string, schema: T) => ({
  200: { description, content: { 'application/json': { schema } } },
});
const id = z.string().max(64);
const InvitedSchema = invitedSchema.openapi('Invited');
const DoneSchema = z.object({ changed: z.boolean() }).openapi('Done');
const LinkSentSchema = z.object({ linkSent: z.boolean(), mail: z.enum(MAIL_DELIVERIES) }).openapi('LinkSent');
const PersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  lead: z.boolean(),
  disabled: z.boolean(),
  pending: z.boolean(),
});
const tags = ['Program'];
const security = [{ bearerAuth: [] }];

programUsersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/users',
    'x-access': access.program('admin'),
    summary: 'Search users by username, e-mail or branch name (program administrators)',
    tags,
    operationId: 'listProgramUsers',
    security,
    request: { query: z.object({ q: z.string().max(SEARCH_TEXT_MAX).default(''), branchId: id.optional() }) },
    responses: { ...ok('Users, 100 at most', programUsersAnswerSchema.openapi('ProgramUsers')), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const { q, branchId } = c.req.valid('query');
    return c.json(await listProgramUsers(c.get('deps'), q, branchId), 200);
  },
);

programUsersRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/users/invite',
    'x-access': access.program('admin', 'json'),
    summary: 'Invite a user to a branch by e-mail (program administrators)',
    tags,
    operationId: 'inviteUser',
    security,
    request: body(inviteBodySchema),
    responses: { ...ok('Invited', InvitedSchema), ...errors(400, 401, 404, 409, 503) },
  }),
  async (c) => c.json(await inviteUser(c.get('deps'), c.get('user'), checkedProgramBranch(c).id, c.req.valid('json'), false), 200),
);

programUsersRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/program/users/{userId}/branches/{branchId}',
    'x-access': access.program('admin', 'param'),
    summary: 'Link a user to a branch, or make them its lead or not',
    tags,
    operationId: 'linkUserBranch',
    security,
    request: { params: z.object({ userId: id, branchId: id }), ...body(linkBranchBodySchema) },
    responses: { ...ok('Linked', z.object({ linked: z.boolean() })), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const { lead, reason } = c.req.valid('json');
    const r = await linkUserBranch(c.get('deps'), c.get('user'), c.req.valid('param').userId, checkedProgramBranch(c).id, lead, reason);
    return c.json({ linked: r.linked }, 200);
  },
);

programUsersRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/users/{userId}/branches/{branchId}/unlink',
    'x-access': access.program('admin', 'param'),
    summary: 'Take a branch away from a user',
    tags,
    operationId: 'unlinkUserBranch',
    security,
    request: { params: z.object({ userId: id, branchId: id }), ...body(adminReasonBodySchema) },
    responses: { ...ok('Unlinked', DoneSchema), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const { userId } = c.req.valid('param');
    const r = await unlinkUserBranch(c.get('deps'), c.get('user'), userId, checkedProgramBranch(c).id, c.req.valid('json').reason);
    return c.json({ changed: r.unlinked }, 200);
  },
);

programUsersRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/program/users/{userId}/role',
    'x-access': access.program('admin'),
    summary: 'Grant, change or withdraw a program role',
    tags,
    operationId: 'setUserRole',
    security,
    request: { params: z.object({ userId: id }), ...body(roleBodySchema) },
    responses: { ...ok('Done', DoneSchema), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const r = await setUserRole(c.get('deps'), c.get('user'), c.req.valid('param').userId, c.req.valid('json'));
    return c.json({ changed: 'revoked' in r ? r.revoked : true }, 200);
  },
);

programUsersRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/program/users/{userId}/status',
    'x-access': access.program('admin'),
    summary: 'Deactivate (tokens revoked at once) or reactivate a user',
    tags,
    operationId: 'setUserStatus',
    security,
    request: { params: z.object({ userId: id }), ...body(statusBodySchema) },
    responses: { ...ok('Done', DoneSchema), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const { disabled, reason } = c.req.valid('json');
    const r = await setUserStatus(c.get('deps'), c.get('user'), c.req.valid('param').userId, disabled, reason);
    return c.json({ changed: r.changed }, 200);
  },
);

for (const [kind, path, operationId, summary] of [
  ['invitation', 'resend-invitation', 'resendInvitation', 'Send the invitation again (the earlier link stops working)'],
  ['reset', 'password-reset', 'sendPasswordReset', 'Send a link to choose a new password'],
] as const) {
  programUsersRoutes.openapi(
    createRoute({
      method: 'post',
      path: `/program/users/{userId}/${path}`,
      'x-access': access.program('admin'),
      summary,
      tags,
      operationId,
      security,
      request: { params: z.object({ userId: id }), ...body(adminReasonBodySchema) },
      responses: { ...ok('Sent', LinkSentSchema), ...errors(400, 401, 404, 503) },
    }),
    async (c) =>
      c.json(await sendUserLink(c.get('deps'), c.get('user'), c.req.valid('param').userId, kind, c.req.valid('json').reason), 200),
  );
}

programUsersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/people',
    'x-access': access.branchLead(),
    summary: 'The people of a branch (its leads only)',
    tags: ['Branches'],
    operationId: 'listBranchPeople',
    security,
    request: { params: z.object({ branchId: id }) },
    responses: { ...ok('People', z.array(PersonSchema)), ...errors(401, 404) },
  }),
  async (c) => c.json(await branchPeople(c.get('deps'), checkedBranchId(c)), 200),
);

programUsersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/people/me',
    'x-access': access.branchMember(),
    summary: 'Whether the caller leads the branch (any member of it may ask)',
    tags: ['Branches'],
    operationId: 'getBranchLead',
    security,
    request: { params: z.object({ branchId: id }) },
    responses: { ...ok('Lead or not', z.object({ lead: z.boolean() }).openapi('BranchLead')), ...errors(401, 404) },
  }),
  async (c) => c.json(await branchLeadOf(c.get('deps'), c.get('user').id, checkedBranchId(c)), 200),
);

programUsersRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/branch/{branchId}/people/invite',
    'x-access': access.branchLead(),
    summary: 'Invite a colleague to the branch (its leads only)',
    tags: ['Branches'],
    operationId: 'inviteColleague',
    security,
    request: { params: z.object({ branchId: id }), ...body(leadInviteBodySchema) },
    responses: { ...ok('Invited', InvitedSchema), ...errors(400, 401, 404, 409, 503) },
  }),
  async (c) => {
    const invite = { ...c.req.valid('json'), loginType: 1 as const, lead: false };
    return c.json(await inviteUser(c.get('deps'), c.get('user'), checkedBranchId(c), invite, true), 200);
  },
);

programUsersRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/invitation/check',
    'x-access': access.public(),
    summary: 'What an invitation or reset link is for; no token (the link is the credential)',
    tags: ['Users'],
    operationId: 'checkInvitation',
    security: [],
    request: body(invitationCheckBodySchema),
    responses: { ...ok('A live link', invitationInfoSchema.openapi('InvitationInfo')), ...errors(400, 404) },
  }),
  async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await checkLink(db, c.req.valid('json').token, now()), 200);
  },
);

programUsersRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/invitation/accept',
    'x-access': access.public(),
    summary: 'Set the password of an invitation or reset link and sign in; no token',
    tags: ['Users'],
    operationId: 'acceptInvitation',
    security: [],
    request: body(invitationAcceptBodySchema),
    responses: { ...ok('Signed in', loginAnswerSchema.openapi('LoginAnswer')), ...errors(400, 404) },
  }),
  async (c) => {
    const { db, config, now } = c.get('deps');
    const { token, password } = c.req.valid('json');
    return c.json(await acceptLink(db, token, password, config, now()), 200);
  },
);
