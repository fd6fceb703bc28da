// The forms' maxlength is the limit of lib/domain/text-limits.ts; these tests hold the API to the same numbers: for
// every limited text the forms send, the limit itself passes the API's check, and one character more is a 400
// FIELD_TOO_LONG naming the field (what the forms show under it). The maxlength attributes and the refusals on screen
// are checked in the browser (e2e/hardening-limits.spec.ts).
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { INVITE_TEXT_MAX, SEARCH_TEXT_MAX, SIGN_IN_TEXT_MAX, STORE_TEXT_MAX, WORKFLOW_TEXT_MAX } from '@/lib/domain/text-limits';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { JUNE_2026, UNKNOWN_ID } from '../api/donation-setup';

type Who = 'admin' | 'staff' | 'nobody';
type Case = {
  form: string;
  who: Who;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  field: string;
  max: number;
  body?: (text: string) => object;
};

const ID = UNKNOWN_ID;
const REASON = INVITE_TEXT_MAX.reason;
const reasonOnly =
  (extra: object = {}) =>
  (reason: string) => ({ ...extra, reason });
const store = (over: object) => ({ retailer: 'Marché Tradition', name: 'Rue Saint-Jean', ...over });

/** Every limited text of the program's store and branch screens, the reason dialogs, the users screen and the password forms. */
function cases(branchId: string, userId: string): Case[] {
  return [
    ...(['retailer', 'banner', 'name', 'number'] as const).map((field): Case => ({
      form: 'program store form',
      who: 'admin',
      method: 'POST',
      path: '/api/program/stores',
      field,
      max: STORE_TEXT_MAX[field],
      body: (t) => store({ [field]: t }),
    })),
    {
      form: 'program store form (reason)',
      who: 'admin',
      method: 'POST',
      path: '/api/program/stores',
      field: 'reason',
      max: REASON,
      body: (t) => store({ reason: t }),
    },
    {
      form: 'stores screen: link a branch',
      who: 'admin',
      method: 'PUT',
      path: `/api/program/stores/${ID}/branches`,
      field: 'reason',
      max: REASON,
      body: reasonOnly({ branchIds: [] }),
    },
    {
      form: 'stores screen: a store request',
      who: 'admin',
      method: 'POST',
      path: `/api/program/store-requests/${ID}/decision`,
      field: 'reason',
      max: REASON,
      body: reasonOnly({ approve: false }),
    },
    { form: 'new branch', who: 'admin', method: 'POST', path: '/api/program/branches', field: 'reason', max: REASON, body: reasonOnly() },
    {
      form: 'branches screen',
      who: 'admin',
      method: 'PUT',
      path: `/api/program/branches/${ID}/active`,
      field: 'reason',
      max: REASON,
      body: reasonOnly({ active: true }),
    },
    {
      form: 'users screen: status',
      who: 'admin',
      method: 'PUT',
      path: `/api/program/users/${userId}/status`,
      field: 'reason',
      max: REASON,
      body: reasonOnly({ disabled: false }),
    },
    {
      form: 'users screen: role',
      who: 'admin',
      method: 'PUT',
      path: `/api/program/users/${userId}/role`,
      field: 'reason',
      max: REASON,
      body: reasonOnly({ role: 'none' }),
    },
    {
      form: 'users screen: lead',
      who: 'admin',
      method: 'PUT',
      path: `/api/program/users/${userId}/branches/${ID}`,
      field: 'reason',
      max: REASON,
      body: reasonOnly({ lead: false }),
    },
    {
      form: 'users screen: unlink',
      who: 'admin',
      method: 'POST',
      path: `/api/program/users/${userId}/branches/${ID}/unlink`,
      field: 'reason',
      max: REASON,
      body: reasonOnly(),
    },
    {
      form: 'users screen: password reset',
      who: 'admin',
      method: 'POST',
      path: `/api/program/users/${ID}/password-reset`,
      field: 'reason',
      max: REASON,
      body: reasonOnly(),
    },
    { form: 'users screen: search', who: 'admin', method: 'GET', path: '/api/program/users?q=', field: 'q', max: SEARCH_TEXT_MAX },
    { form: 'stores screen: search', who: 'admin', method: 'GET', path: '/api/program/stores?q=', field: 'q', max: SEARCH_TEXT_MAX },
    {
      form: 'reopen request dialog',
      who: 'staff',
      method: 'POST',
      path: `/api/branch/${branchId}/2026/4/reopen-request`,
      field: 'reason',
      max: WORKFLOW_TEXT_MAX.reason,
      body: reasonOnly(),
    },
    {
      form: 'direct reopen dialog',
      who: 'admin',
      method: 'POST',
      path: `/api/program/branches/${branchId}/2026/4/reopen`,
      field: 'reason',
      max: WORKFLOW_TEXT_MAX.reason,
      body: reasonOnly(),
    },
    {
      form: 'decline dialog',
      who: 'admin',
      method: 'POST',
      path: `/api/program/reopen-requests/${ID}/decline`,
      field: 'answer',
      max: WORKFLOW_TEXT_MAX.answer,
      body: (answer) => ({ answer }),
    },
    {
      form: 'approve dialog',
      who: 'admin',
      method: 'POST',
      path: `/api/program/reopen-requests/${ID}/approve`,
      field: 'answer',
      max: WORKFLOW_TEXT_MAX.answer,
      body: (answer) => ({ answer }),
    },
    {
      form: 'ask-correction dialog',
      who: 'admin',
      method: 'POST',
      path: `/api/program/marked-donations/${ID}/ask-correction`,
      field: 'note',
      max: WORKFLOW_TEXT_MAX.note,
      body: (note) => ({ note }),
    },
    {
      form: 'change password (old)',
      who: 'staff',
      method: 'POST',
      path: '/api/user/current-user/change-password',
      field: 'oldPassword',
      max: SIGN_IN_TEXT_MAX.password,
      body: (t) => ({ oldPassword: t, newPassword: 'New-2026x' }),
    },
    {
      form: 'change password (new)',
      who: 'staff',
      method: 'POST',
      path: '/api/user/current-user/change-password',
      field: 'newPassword',
      max: SIGN_IN_TEXT_MAX.password,
      body: (t) => ({ oldPassword: 'Wrong-2026', newPassword: t }),
    },
    {
      form: 'login (username)',
      who: 'nobody',
      method: 'POST',
      path: '/api/user/login',
      field: 'username',
      max: SIGN_IN_TEXT_MAX.username,
      body: (t) => ({ username: t, password: 'Wrong-2026' }),
    },
    {
      form: 'login (password)',
      who: 'nobody',
      method: 'POST',
      path: '/api/user/login',
      field: 'password',
      max: SIGN_IN_TEXT_MAX.password,
      body: (t) => ({ username: 'nobody-here', password: t }),
    },
    {
      form: 'invitation',
      who: 'nobody',
      method: 'POST',
      path: '/api/invitation/accept',
      field: 'password',
      max: SIGN_IN_TEXT_MAX.password,
      body: (t) => ({ token: 'x'.repeat(40), password: t }),
    },
  ];
}

describe.each(dbKinds())('form text limits are the API limits on %s', (kind) => {
  let api: TestApi;
  let all: Case[];
  const tokens: Partial<Record<Who, string>> = {};

  beforeAll(async () => {
    api = await createTestApi(kind);
    api.clock.now = JUNE_2026;
    const branch = await fixtures.branch(api, { name: 'Banque alimentaire de Québec', province: 'QC' });
    const staff = await fixtures.user(api, { branchIds: [branch.id] });
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    tokens.admin = await fixtures.token(api, admin.id);
    tokens.staff = await fixtures.token(api, staff.id);
    all = cases(branch.id, staff.id);
  });
  afterAll(() => api.close());

  const send = (c: Case, text: string) =>
    api.request(c.method, c.body ? c.path : `${c.path}${encodeURIComponent(text)}`, {
      token: tokens[c.who],
      // A distinct address per call: the sign-in limit counts refusals per address.
      headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
      ...(c.body ? { body: c.body(text) } : {}),
    });

  it('every limited field: the limit passes the check, one more is FIELD_TOO_LONG naming the field', async () => {
    for (const c of all) {
      const fits = await send(c, 'é'.repeat(c.max));
      expect([c.form, fits.json?.code]).not.toEqual([c.form, 'FIELD_TOO_LONG']);
      const long = await send(c, 'é'.repeat(c.max + 1));
      expect([c.form, long.status, long.json?.code, long.json?.field]).toEqual([c.form, 400, 'FIELD_TOO_LONG', c.field]);
    }
  });
});
