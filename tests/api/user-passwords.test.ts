// Passwords: changing one (the policy, the old password, the other sessions), the forgotten-password mail in the
// outbox, through a real SMTP peer and with the peer down, and the generated passwords.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { LoginType } from '@/lib/domain/enums';
import { isValidPassword } from '@/lib/domain/password-rules';
import { generatePassword } from '@/donation-api/services/users';
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';
import { MAX_FAILURES, resetLoginState, userLogin, userWorld } from './user-setup';

describe.each(dbKinds())('user calls on %s', (kind) => {
  let api: TestApi;
  let branchA: { id: string; name: string };

  beforeAll(async () => {
    ({ api, branchA } = await userWorld(kind));
  });
  afterAll(() => api.close());
  beforeEach(() => resetLoginState(api));

  const login = userLogin(() => api);

  describe('POST /api/user/current-user/change-password', () => {
    const change = (token: string | undefined, body: unknown) =>
      api.request('POST', '/api/user/current-user/change-password', { token, body });

    it('changes the password, keeps the caller token and revokes the others', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const mine = await api.login(u.username, TEST_PASSWORD);
      const other = await api.login(u.username, TEST_PASSWORD);
      const res = await change(mine, { oldPassword: TEST_PASSWORD, newPassword: 'Brand-New-9' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ message: 'Successfully updated your password.' });
      expect((await api.request('GET', '/api/user/current-user', { token: mine })).status).toBe(200);
      expect((await api.request('GET', '/api/user/current-user', { token: other })).status).toBe(401);
      expect((await login(u.username, TEST_PASSWORD)).status).toBe(401);
      expect((await login(u.username, 'Brand-New-9')).status).toBe(200);
      const [row] = await api.db.select().from(s.users).where(eq(s.users.id, u.id));
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      const audits = await api.db.select().from(s.auditLog).where(eq(s.auditLog.entityId, u.id));
      expect(audits.some((a) => a.action === 'password')).toBe(true);
      expect(JSON.stringify(audits)).not.toContain(row.passwordHash!);
    });

    it('refuses a wrong old password', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const token = await fixtures.token(api, u.id);
      const res = await change(token, { oldPassword: 'Not-The-1', newPassword: 'Brand-New-9' });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        code: 'NOTE_PWD_UPDATE_INVALID_OLD',
        message: 'Invalid old password. Please try again shortly.',
        field: 'oldPassword',
      });
      expect((await login(u.username, TEST_PASSWORD)).status).toBe(200);
    });

    it('stops guessing the old password with 429 after repeated failures', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const token = await fixtures.token(api, u.id);
      for (let i = 0; i < MAX_FAILURES; i++)
        expect((await change(token, { oldPassword: `Guess-${i}a`, newPassword: 'Brand-New-9' })).status).toBe(400);
      expect((await change(token, { oldPassword: TEST_PASSWORD, newPassword: 'Brand-New-9' })).status).toBe(429);
    });

    it.each([
      ['too short', 'Ab1-x', 'PWD_NEW_VALIDATE', 'newPassword'],
      ['no uppercase', 'abcdef12', 'PWD_NEW_VALIDATE', 'newPassword'],
      ['no lowercase', 'ABCDEF12', 'PWD_NEW_VALIDATE', 'newPassword'],
      ['no digit', 'Abcdefgh', 'PWD_NEW_VALIDATE', 'newPassword'],
      ['whitespace', 'Abc def12', 'PWD_NEW_VALIDATE', 'newPassword'],
      ['empty', '', 'PWD_NEW_VALIDATE', 'newPassword'],
    ])('applies the policy of section 5: %s', async (_label, newPassword, code, field) => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const token = await fixtures.token(api, u.id);
      const res = await change(token, { oldPassword: TEST_PASSWORD, newPassword });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code, message: 'Please enter a valid password', field });
    });

    it('requires the old password', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const token = await fixtures.token(api, u.id);
      const res = await change(token, { oldPassword: '', newPassword: 'Brand-New-9' });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'PWD_OLD_VALIDATE', message: 'Please enter your old password', field: 'oldPassword' });
    });

    it.each([LoginType.AAD, LoginType.AADB2C, LoginType.None])('answers 403 to login type %s', async (loginType) => {
      const u = await fixtures.user(api, { branchIds: [branchA.id], loginType });
      const token = await fixtures.token(api, u.id);
      const res = await change(token, { oldPassword: TEST_PASSWORD, newPassword: 'Brand-New-9' });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        code: 'NOTE_PWD_UPDATE_FORBID_FAILED',
        message: 'not allowed to change password. Please contact your administrator',
      });
    });

    it('needs a token and a well-formed body', async () => {
      expect((await change(undefined, { oldPassword: TEST_PASSWORD, newPassword: 'Brand-New-9' })).status).toBe(401);
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const token = await fixtures.token(api, u.id);
      for (const body of [
        { oldPassword: 1, newPassword: 'Brand-New-9' },
        { oldPassword: TEST_PASSWORD },
        { oldPassword: TEST_PASSWORD, newPassword: 'Brand-New-9', confirm: 'x' },
      ]) {
        const res = await change(token, body);
        expect(res.status).toBe(400);
        expect(res.json.code).toBe('BAD_REQUEST');
      }
      const raw = await api.request('POST', '/api/user/current-user/change-password', { token, rawBody: '{oops' });
      expect(raw.status).toBe(400);
      expect(raw.json.code).toBe('MALFORMED_JSON');
    });
  });

  describe('POST /api/user/forgot-password (outbox, no SMTP)', () => {
    const forgot = (username: unknown) => api.request('POST', '/api/user/forgot-password', { body: { username } });

    it('answers 404 for an unknown username', async () => {
      const res = await forgot('nobody-at-all');
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: 'FORGOT_INVALID_USERNAME', message: 'Invalid username.' });
    });

    it('answers 400 for an empty username', async () => {
      for (const username of ['', '   ']) {
        const res = await forgot(username);
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ code: 'FORGOT_USERNAME_REQUIRED', field: 'username' });
      }
    });

    it('answers 401 for a login type other than Admin', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id], loginType: LoginType.AAD });
      const res = await forgot(u.username);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        code: 'FORGOT_NOT_ALLOWED',
        message: 'You are not allowed to reset your password. Please contact your administrator for more information.',
      });
    });

    it('answers 400 when the e-mail on file is not an address', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id], email: 'not an email' });
      const res = await forgot(u.username);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'FORGOT_INVALID_EMAIL', message: 'Invalid Email Format' });
      expect((await login(u.username, TEST_PASSWORD)).status).toBe(200);
    });

    it('keeps the mail in the outbox without SMTP and sends at most FORGOT_MAILS_PER_HOUR per user, never refusing', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const perHour = api.config.forgotMailsPerHour;
      for (let i = 0; i <= perHour; i++) expect((await forgot(u.username.toUpperCase())).status).toBe(200);
      const res = await forgot(u.username);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ message: 'The email containing a new password has been sent to your email address.' });
      const mails = await api.db.select().from(s.sentMail).where(eq(s.sentMail.to, u.email));
      expect(mails).toHaveLength(perHour);
      expect(mails.every((m) => m.status === 'outbox' && m.kind === 'forgot-password')).toBe(true);
    });

    it('refuses bad bodies with 400', async () => {
      for (const init of [{ body: { username: 5 } }, { body: { username: 'a', email: 'x' } }, { rawBody: '{' }, { body: {} }]) {
        const res = await api.request('POST', '/api/user/forgot-password', init);
        expect(res.status).toBe(400);
      }
    });
  });
});

describe.each(dbKinds())('password reset mail through a real SMTP peer on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let branchId: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url } });
    branchId = (await fixtures.branch(api)).id;
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const mailedPassword = async (n: number) => /New password: (\S+)/.exec((await smtp.waitFor(n))[n - 1].text)![1];
  const login = (username: string, password: string) => api.request('POST', '/api/user/login', { body: { username, password } });

  it('mails a new password in English and French; an anonymous request signs nobody out and keeps the old password', async () => {
    const u = await fixtures.user(api, { branchIds: [branchId], email: 'Reset.Me@Example.org' });
    const token = await api.login(u.username, TEST_PASSWORD);
    const res = await api.request('POST', '/api/user/forgot-password', { body: { username: ` ${u.username.toUpperCase()} ` } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'The email containing a new password has been sent to your email address.' });

    const [mail] = await smtp.waitFor(1);
    expect(mail.to.map((a) => a.toLowerCase())).toEqual(['reset.me@example.org']);
    expect(mail.subject).toContain('Retail Food Program');
    expect(mail.subject).toContain('Programme de récupération en épicerie');
    expect(mail.text).toContain('New password:');
    expect(mail.text).toContain('Nouveau mot de passe');
    const password = await mailedPassword(1);
    expect(isValidPassword(password)).toBe(true);

    // Nothing changed for the owner: the session lives, the current password works, and using it drops the mailed one.
    expect((await api.request('GET', '/api/user/current-user', { token })).status).toBe(200);
    expect((await login(u.username, TEST_PASSWORD)).status).toBe(200);
    expect((await login(u.username, password)).status).toBe(401);
    expect((await api.request('GET', '/api/user/current-user', { token })).status).toBe(200);
    const [sent] = await api.db.select().from(s.sentMail).where(eq(s.sentMail.kind, 'forgot-password'));
    expect(sent.status).toBe('sent');
  });

  it('the mailed password, once used, replaces the old one and signs out the other sessions, as a change does', async () => {
    smtp.messages.length = 0;
    const u = await fixtures.user(api, { branchIds: [branchId] });
    const token = await api.login(u.username, TEST_PASSWORD);
    expect((await api.request('POST', '/api/user/forgot-password', { body: { username: u.username } })).status).toBe(200);
    const password = await mailedPassword(1);
    const fresh = await login(u.username, password);
    expect(fresh.status).toBe(200);
    expect((await api.request('GET', '/api/user/current-user', { token })).status).toBe(401);
    expect((await api.request('GET', '/api/user/current-user', { token: fresh.json.token })).status).toBe(200);
    expect((await login(u.username, TEST_PASSWORD)).status).toBe(401);
    expect((await login(u.username, password)).status).toBe(200);
  });
});

describe.each(dbKinds())('password reset when the SMTP peer is down on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    const peer = await startSmtpPeer();
    await peer.close(); // a port nobody listens on any more
    api = await createTestApi(kind, { config: { smtpUrl: peer.url } });
  });
  afterAll(() => api.close());

  it('answers 503 with the spec text and keeps the old password', async () => {
    const branch = await fixtures.branch(api);
    const u = await fixtures.user(api, { branchIds: [branch.id] });
    const res = await api.request('POST', '/api/user/forgot-password', { body: { username: u.username } });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ code: 'FORGOT_SEND_FAILED', message: 'Error sending reset password email. Please try again shortly.' });
    expect((await api.request('POST', '/api/user/login', { body: { username: u.username, password: TEST_PASSWORD } })).status).toBe(200);
  });
});

describe('generatePassword', () => {
  it('always satisfies the password policy and differs each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const pw = generatePassword();
      expect(isValidPassword(pw)).toBe(true);
      seen.add(pw);
    }
    expect(seen.size).toBe(200);
  });
});
