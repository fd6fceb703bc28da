// People managed in the product. Invitations travel through a real SMTP peer; the clock is injected.
import { and, eq } from 'drizzle-orm';
import { auditLog, invitations, users } from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

const linkIn = (text: string) => /\/invitation\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1];

describe.each(dbKinds())('people on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let branch: { id: string };
  let other: { id: string };
  let adminToken: string;
  let staffToken: string;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url, appUrl: 'http://app.test' } });
    branch = await fixtures.branch(api, { name: 'Kingston Food Bank', province: 'ON' });
    other = await fixtures.branch(api, { name: 'Moisson Québec', province: 'QC' });
    const admin = await fixtures.user(api, { username: 'progadmin' });
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await api.login('progadmin', TEST_PASSWORD);
    const staff = await fixtures.user(api, { branchIds: [branch.id] });
    staffToken = await api.login(staff.username, TEST_PASSWORD);
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  // Every mail the tests cause, read in order: each test reads every mail it caused.
  let read = 0;
  const nextMail = async () => (await smtp.waitFor(++read))[read - 1];

  it('refuses every administrator call to branch staff with the same 404 as an unknown path', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/program/users'],
      ['POST', '/api/program/users/invite', { email: 'x@example.org', branchId: branch.id }],
      ['PUT', `/api/program/users/${branch.id}/status`, { disabled: true, reason: 'x' }],
      ['PUT', `/api/program/users/${branch.id}/role`, { role: 'admin', reason: 'x' }],
      ['POST', `/api/program/users/${branch.id}/password-reset`, { reason: 'x' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.request(method, path, { token: staffToken, body });
      expect([res.status, res.json.code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('invites a lead in their language; the link sets a password once and lands signed in on the branch', async () => {
    const res = await api.request('POST', '/api/program/users/invite', {
      token: adminToken,
      body: { email: 'Lead@Kingston.example.org', branchId: branch.id, lead: true, locale: 'fr', reason: 'new food bank' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ username: 'lead@kingston.example.org', linkSent: true });
    const mail = await nextMail();
    expect(mail!.to.map((a) => a.toLowerCase())).toEqual(['lead@kingston.example.org']);
    expect(mail!.subject).toContain('Programme de récupération en épicerie');
    expect(mail!.text).toContain('Kingston Food Bank');
    const token = linkIn(mail!.text)!;
    expect(mail!.text).toContain(`http://app.test/invitation/${token}`);
    // Only the hash is stored; the audit log says who invited and why.
    const [row] = await api.db.select().from(invitations).where(eq(invitations.userId, res.json.id));
    expect(row!.tokenHash).not.toContain(token);
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invite'), eq(auditLog.entityId, res.json.id)));
    expect(entry).toMatchObject({ actor: 'progadmin', after: expect.objectContaining({ reason: 'new food bank', lead: true }) });

    const check = await api.request('POST', '/api/invitation/check', { body: { token } });
    expect(check.json).toEqual({
      kind: 'invitation',
      username: 'lead@kingston.example.org',
      locale: 'fr',
      branchName: 'Kingston Food Bank',
    });
    const weak = await api.request('POST', '/api/invitation/accept', { body: { token, password: 'short' } });
    expect([weak.status, weak.json.code]).toEqual([400, 'PWD_NEW_VALIDATE']);
    const accepted = await api.request('POST', '/api/invitation/accept', { body: { token, password: 'Lead-2026' } });
    expect(accepted.status).toBe(200);
    expect(accepted.json.branchId).toBe(branch.id);
    expect(await api.login('lead@kingston.example.org', 'Lead-2026')).toBeTruthy();

    const reused = await api.request('POST', '/api/invitation/accept', { body: { token, password: 'Other-2026' } });
    expect([reused.status, reused.json.code]).toEqual([404, 'INVITATION_INVALID']);
  });

  it('refuses an expired link, and a resent invitation replaces the earlier link', async () => {
    const res = await api.request('POST', '/api/program/users/invite', {
      token: adminToken,
      body: { email: 'late@example.org', branchId: branch.id, reason: 'volunteer' },
    });
    const first = linkIn((await nextMail())!.text)!;
    const resend = await api.request('POST', `/api/program/users/${res.json.id}/resend-invitation`, {
      token: adminToken,
      body: { reason: 'lost the mail' },
    });
    expect(resend.status).toBe(200);
    const second = linkIn((await nextMail())!.text)!;
    const old = await api.request('POST', '/api/invitation/check', { body: { token: first } });
    expect([old.status, old.json.code]).toEqual([404, 'INVITATION_INVALID']);

    const saved = api.clock.now;
    api.clock.now = new Date(saved.getTime() + (api.config.invitationTtlHours + 1) * 3600_000);
    try {
      const expired = await api.request('POST', '/api/invitation/accept', { body: { token: second, password: 'Late-2026' } });
      expect([expired.status, expired.json.code]).toEqual([404, 'INVITATION_INVALID']);
    } finally {
      api.clock.now = saved;
    }
    const [u] = await api.db.select().from(users).where(eq(users.id, res.json.id));
    expect(u!.passwordHash).toBeNull();
  });

  it('invites a single sign-on user without any password or link', async () => {
    const res = await api.request('POST', '/api/program/users/invite', {
      token: adminToken,
      body: { email: 'sso@example.org', branchId: branch.id, loginType: 2, reason: 'staff' },
    });
    expect(res.json.linkSent).toBe(false);
    const mail = await nextMail();
    expect(linkIn(mail!.text)).toBeUndefined();
    expect(mail!.text).toContain('http://app.test/login');
  });

  it('lets a lead invite into their own branch only', async () => {
    const lead = await fixtures.user(api, { branchIds: [branch.id, other.id] });
    await api.request('PUT', `/api/program/users/${lead.id}/branches/${branch.id}`, {
      token: adminToken,
      body: { lead: true, reason: 'runs the branch' },
    });
    const leadToken = await api.login(lead.username, TEST_PASSWORD);
    const into = (branchId: string, token = leadToken) =>
      api.request('POST', `/api/branch/${branchId}/people/invite`, { token, body: { email: `c${branchId.slice(0, 4)}@example.org` } });
    // Their other branch (not lead there), and a staff member who is not a lead: the same 404.
    expect((await into(other.id)).status).toBe(404);
    expect((await into(branch.id, staffToken)).status).toBe(404);
    const ok = await into(branch.id);
    expect(ok.status).toBe(200);
    const colleague = linkIn((await nextMail())!.text)!;
    expect((await api.request('POST', '/api/invitation/accept', { body: { token: colleague, password: 'Coll-2026' } })).status).toBe(200);
    const people = await api.request('GET', `/api/branch/${branch.id}/people`, { token: leadToken });
    expect(people.json.map((p: { username: string }) => p.username)).toContain(ok.json.username);
  });

  it('tells a member whether they lead the branch (the drawer shows People to leads only)', async () => {
    const lead = await fixtures.user(api, { branchIds: [branch.id] });
    await api.request('PUT', `/api/program/users/${lead.id}/branches/${branch.id}`, {
      token: adminToken,
      body: { lead: true, reason: 'lead' },
    });
    const leadToken = await api.login(lead.username, TEST_PASSWORD);
    const me = (branchId: string, token: string) => api.request('GET', `/api/branch/${branchId}/people/me`, { token });
    expect((await me(branch.id, leadToken)).json).toEqual({ lead: true });
    expect((await me(branch.id, staffToken)).json).toEqual({ lead: false });
    expect((await me(other.id, staffToken)).status).toBe(404);
  });

  it('grants a coordinator a set of provinces and withdraws it; each refusal has its own code', async () => {
    const u = await fixtures.user(api, { branchIds: [branch.id] });
    const role = (userId: string, body: object) => api.request('PUT', `/api/program/users/${userId}/role`, { token: adminToken, body });
    const none = await role(u.id, { role: 'coordinator', provinces: [], reason: 'regional lead' });
    expect([none.status, none.json.code]).toEqual([400, 'ADMIN_COORDINATOR_PROVINCES']);
    expect((await role(u.id, { role: 'admin', provinces: ['ON'], reason: 'x' })).json.code).toBe('ADMIN_ADMIN_PROVINCES');
    expect((await role(u.id, { role: 'coordinator', provinces: ['ON', 'QC'], reason: 'regional lead' })).status).toBe(200);
    const list = async () =>
      (await api.request('GET', `/api/program/users?q=${u.username}`, { token: adminToken })).json.users[0].program as unknown;
    expect(await list()).toEqual({ role: 'coordinator', provinces: ['ON', 'QC'] });
    expect((await role(u.id, { role: 'none', reason: 'moved on' })).status).toBe(200);
    expect(await list()).toBeNull();

    const [admin] = await api.db.select().from(users).where(eq(users.username, 'progadmin'));
    expect((await role(admin!.id, { role: 'none', reason: 'x' })).json.code).toBe('ADMIN_SELF_ROLE');
    const self = await api.request('PUT', `/api/program/users/${admin!.id}/status`, {
      token: adminToken,
      body: { disabled: true, reason: 'x' },
    });
    expect(self.json.code).toBe('ADMIN_SELF_DEACTIVATE');
  });

  it("requires an administrator's reason to invite, resend or reset (not a lead's invite)", async () => {
    const before = read;
    const invite = await api.request('POST', '/api/program/users/invite', {
      token: adminToken,
      body: { email: 'noreason@example.org', branchId: branch.id },
    });
    expect([invite.status, invite.json.code, invite.json.field]).toEqual([400, 'REASON_REQUIRED', 'reason']);
    expect(await api.db.select().from(users).where(eq(users.username, 'noreason@example.org'))).toEqual([]);
    const sso = await api.request('POST', '/api/program/users/invite', {
      token: adminToken,
      body: { email: 'sso2@example.org', branchId: branch.id, loginType: 2, reason: 'staff' },
    });
    await nextMail();
    for (const path of ['resend-invitation', 'password-reset']) {
      const r = await api.request('POST', `/api/program/users/${sso.json.id}/${path}`, { token: adminToken, body: { reason: '' } });
      expect([r.status, r.json.code]).toEqual([400, 'REASON_REQUIRED']);
    }
    const reset = await api.request('POST', `/api/program/users/${sso.json.id}/password-reset`, {
      token: adminToken,
      body: { reason: 'forgot' },
    });
    expect([reset.status, reset.json.code]).toEqual([400, 'ADMIN_RESET_SSO']);
    await api.request('PUT', `/api/program/users/${sso.json.id}/status`, { token: adminToken, body: { disabled: true, reason: 'left' } });
    const resend = await api.request('POST', `/api/program/users/${sso.json.id}/resend-invitation`, {
      token: adminToken,
      body: { reason: 'again' },
    });
    expect([resend.status, resend.json.code]).toEqual([400, 'ADMIN_USER_DISABLED']);
    expect(read).toBe(before + 1);
  });

  it('deactivating revokes the tokens at once; every change needs a reason', async () => {
    const u = await fixtures.user(api, { branchIds: [branch.id] });
    const token = await api.login(u.username, TEST_PASSWORD);
    const noReason = await api.request('PUT', `/api/program/users/${u.id}/status`, {
      token: adminToken,
      body: { disabled: true, reason: ' ' },
    });
    expect([noReason.status, noReason.json.code]).toEqual([400, 'REASON_REQUIRED']);
    const off = await api.request('PUT', `/api/program/users/${u.id}/status`, {
      token: adminToken,
      body: { disabled: true, reason: 'left' },
    });
    expect(off.json.changed).toBe(true);
    expect((await api.request('GET', '/api/user/current-user', { token })).status).toBe(401);
    await api.request('PUT', `/api/program/users/${u.id}/status`, { token: adminToken, body: { disabled: false, reason: 'back' } });
    expect(await api.login(u.username, TEST_PASSWORD)).toBeTruthy();

    const found = await api.request('GET', `/api/program/users?q=${encodeURIComponent('kingston')}`, { token: adminToken });
    const row = found.json.users.find((x: { id: string }) => x.id === u.id);
    expect(row).toMatchObject({ disabled: false, branches: [{ branchId: branch.id, branchName: 'Kingston Food Bank', lead: false }] });
    expect(row.lastSignIn).not.toBeNull();
  });
});
