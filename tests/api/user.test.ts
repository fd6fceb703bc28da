import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { MAX_BODY_BYTES } from '@/donation-api/app';
import { LoginType } from '@/lib/domain/enums';
import { isValidPassword } from '@/lib/domain/password-rules';
import { generatePassword } from '@/donation-api/services/users';
import { slowdownMs } from '@/donation-api/services/login-attempts';
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

const INVALID = { code: 'LOGIN_INVALID', message: 'Invalid username or password.' };
const MAX_FAILURES = 3;

describe.each(dbKinds())('user calls on %s', (kind) => {
  let api: TestApi;
  let branchA: { id: string; name: string };
  let branchB: { id: string; name: string };

  beforeAll(async () => {
    api = await createTestApi(kind, { config: { loginMaxFailures: MAX_FAILURES, loginLockMinutes: 15 } });
    branchA = await fixtures.branch(api, { name: 'Daily Bread Food Bank' });
    branchB = await fixtures.branch(api, { name: 'Moisson Montréal' });
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    api.clock.now = new Date();
    await api.db.delete(s.loginAttempts);
  });

  const login = (username: string, password: string, headers?: Record<string, string>) =>
    api.request('POST', '/api/user/login', { body: { username, password }, headers });

  describe('POST /api/user/login', () => {
    it('answers the user with a token, branches in order and the profile', async () => {
      const u = await fixtures.user(api, { branchIds: [branchB.id, branchA.id], locale: 'fr' });
      const res = await login(u.username, TEST_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        id: u.id,
        branches: [
          { branchId: branchB.id, branchName: 'Moisson Montréal' },
          { branchId: branchA.id, branchName: 'Daily Bread Food Bank' },
        ],
        branchId: branchB.id,
        contactEmail: u.email,
        locale: 'fr',
        workplace: false,
        loginType: LoginType.Admin,
        username: u.username,
      });
      expect(typeof res.json.token).toBe('string');
      expect(res.json.token.length).toBeGreaterThanOrEqual(40);
      const me = await api.request('GET', '/api/user/current-user', { token: res.json.token });
      expect(me.status).toBe(200);
    });

    it('compares usernames trimmed and lower-cased', async () => {
      const u = await fixtures.user(api, { username: 'casey.case', branchIds: [branchA.id] });
      const res = await login('  Casey.CASE ', TEST_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.json.id).toBe(u.id);
    });

    it('answers the same 401 for a wrong password, an unknown user, another login type, no password and a disabled user', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const aad = await fixtures.user(api, { branchIds: [branchA.id], loginType: LoginType.AAD });
      const nopw = await fixtures.user(api, { branchIds: [branchA.id] });
      await api.db.update(s.users).set({ passwordHash: null }).where(eq(s.users.id, nopw.id));
      const disabled = await fixtures.user(api, { branchIds: [branchA.id], disabled: true });
      const answers = [
        await login(u.username, 'Wrong-2026'),
        await login('nobody-here', TEST_PASSWORD),
        await login(aad.username, TEST_PASSWORD),
        await login(nopw.username, TEST_PASSWORD),
        await login(disabled.username, TEST_PASSWORD),
      ];
      for (const res of answers) {
        expect(res.status).toBe(401);
        expect(res.json).toEqual(INVALID);
      }
    });

    it('spends comparable time on an unknown user and a wrong password', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      await login('warm-up-unknown', 'x'); // the dummy hash is made once
      await api.db.delete(s.loginAttempts);
      const time = async (name: string) => {
        const t = performance.now();
        await login(name, 'Wrong-2026');
        await api.db.delete(s.loginAttempts);
        return performance.now() - t;
      };
      const known = Math.min(await time(u.username), await time(u.username), await time(u.username));
      const unknown = Math.min(await time('ghost-user'), await time('ghost-user'), await time('ghost-user'));
      // Both verify one argon2 hash; without the dummy hash the unknown user would answer many times faster.
      expect(unknown).toBeGreaterThan(known * 0.3);
    });

    it('refuses a user without any branch with the spec message and issues no token', async () => {
      const u = await fixtures.user(api);
      const res = await login(u.username, TEST_PASSWORD);
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        code: 'LOGIN_NO_BRANCH',
        message: 'You are not assigned to any branches. Please have an administrator assign you a branch.',
      });
      const tokens = await api.db.select().from(s.apiTokens).where(eq(s.apiTokens.userId, u.id));
      expect(tokens).toHaveLength(0);
    });

    it('locks a (username, address) pair with 429 after repeated failures, even for the right password, until the lock ends', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      for (let i = 0; i < MAX_FAILURES; i++) expect((await login(u.username, 'Wrong-2026')).status).toBe(401);
      const locked = await login(u.username, TEST_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.json).toEqual({
        code: 'LOGIN_TOO_MANY',
        message: 'Too many failed login attempts. Please wait 15 minutes and try again.',
      });
      expect(locked.headers.get('retry-after')).toBe('900');
      // The lock is the guesser's address's: the owner elsewhere signs in.
      expect((await login(u.username, TEST_PASSWORD, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
      api.clock.now = new Date(api.clock.now.getTime() + 16 * 60_000);
      expect((await login(u.username, TEST_PASSWORD)).status).toBe(200);
    });

    it('locks unknown usernames the same way as known ones', async () => {
      for (let i = 0; i < MAX_FAILURES; i++) expect((await login('no-such-user', 'Wrong-2026')).status).toBe(401);
      expect((await login('no-such-user', 'Wrong-2026')).status).toBe(429);
    });

    it('slows repeated failures down', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      await login(u.username, 'Wrong-2026');
      await login(u.username, 'Wrong-2026');
      const t3 = performance.now();
      await login(u.username, 'Wrong-2026');
      // The third failure waits slowdownMs(3) on top of the argon2 work: a lower bound whatever the load.
      expect(performance.now() - t3).toBeGreaterThanOrEqual(slowdownMs(3) - 5);
      expect([1, 2, 3, 4, 5, 10].map(slowdownMs)).toEqual([0, 100, 200, 400, 800, 2000]);
    });

    it('resets the username counter after a successful login', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      for (let i = 0; i < MAX_FAILURES - 1; i++) await login(u.username, 'Wrong-2026');
      expect((await login(u.username, TEST_PASSWORD)).status).toBe(200);
      for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await login(u.username, 'Wrong-2026')).status).toBe(401);
      expect((await login(u.username, TEST_PASSWORD)).status).toBe(200);
    });

    it('brakes an address after many failures over several usernames; right passwords without failures still sign in', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      // A different username each time, so only the address counter can reach its limit. The attacker also
      // varies the x-forwarded-for it sends; the entry the trusted proxy appends (the right end) still counts.
      for (let i = 0; i < MAX_FAILURES * 4; i++) {
        const attacker = { 'x-forwarded-for': `10.9.${i}.1, 198.51.100.7` };
        expect((await login(`spray${i}`, 'Wrong-2026', attacker)).status).toBe(401);
      }
      expect((await login('spray-more', 'Wrong-2026', { 'x-forwarded-for': '10.9.99.1, 198.51.100.7' })).status).toBe(429);
      expect((await login(u.username, TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
      expect((await login(u.username, TEST_PASSWORD, { 'x-forwarded-for': '192.0.2.44' })).status).toBe(200);
    });

    it('refuses bad input with 400 or 413, never 500', async () => {
      const cases = [
        { rawBody: '{"username": "a", "password": ' },
        { rawBody: 'not json at all' },
        { body: { username: 12, password: 'x' } },
        { body: { username: 'a' } },
        { body: { username: '', password: 'x' } },
        { body: { username: 'a', password: 'x', admin: true } },
        { body: [1, 2, 3] },
        { body: null },
        { rawBody: '' },
      ];
      for (const init of cases) {
        const res = await api.request('POST', '/api/user/login', init);
        expect([400]).toContain(res.status);
        expect(typeof res.json.code).toBe('string');
        expect(typeof res.json.message).toBe('string');
      }
      const malformed = await api.request('POST', '/api/user/login', { rawBody: '{"username":' });
      expect(malformed.json.code).toBe('MALFORMED_JSON');
      const huge = await api.request('POST', '/api/user/login', { body: { username: 'a', password: 'x'.repeat(MAX_BODY_BYTES + 10) } });
      expect(huge.status).toBe(413);
      expect(huge.json.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('records the login in the audit log without the password', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      await login(u.username, TEST_PASSWORD);
      const rows = await api.db.select().from(s.auditLog).where(eq(s.auditLog.userId, u.id));
      expect(rows.some((r) => r.action === 'login')).toBe(true);
      expect(JSON.stringify(rows)).not.toContain(TEST_PASSWORD);
    });
  });

  describe('token handling', () => {
    it('answers 401 without a token, with a malformed header, an expired and a revoked token', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const path = '/api/user/current-user';
      expect((await api.request('GET', path)).status).toBe(401);
      for (const authorization of ['Bearer', 'Bearer short', 'Basic dXNlcjpwYXNz', 'bearer  x y z', `Token ${'a'.repeat(43)}`]) {
        const res = await api.request('GET', path, { headers: { authorization } });
        expect(res.status).toBe(401);
        expect(res.json.code).toBe('UNAUTHORIZED');
      }
      expect((await api.request('GET', path, { token: 'A'.repeat(43) })).status).toBe(401);
      const token = await api.login(u.username, TEST_PASSWORD);
      expect((await api.request('GET', path, { token })).status).toBe(200);
      api.clock.now = new Date(api.clock.now.getTime() + (api.config.tokenTtlHours + 1) * 3600_000);
      expect((await api.request('GET', path, { token })).status).toBe(401);
      api.clock.now = new Date();
      const fresh = await api.login(u.username, TEST_PASSWORD);
      expect((await api.request('POST', '/api/user/logout', { token: fresh })).status).toBe(204);
      expect((await api.request('GET', path, { token: fresh })).status).toBe(401);
    });
  });

  describe('POST /api/user/logout', () => {
    it('revokes only the caller token and answers 204', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const t1 = await api.login(u.username, TEST_PASSWORD);
      const t2 = await api.login(u.username, TEST_PASSWORD);
      const res = await api.request('POST', '/api/user/logout', { token: t1 });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await api.request('GET', '/api/user/current-user', { token: t1 })).status).toBe(401);
      expect((await api.request('GET', '/api/user/current-user', { token: t2 })).status).toBe(200);
      expect((await api.request('POST', '/api/user/logout', { token: t1 })).status).toBe(401);
      expect((await api.request('POST', '/api/user/logout')).status).toBe(401);
    });
  });

  describe('GET /api/user/current-user', () => {
    it('answers the login shape without a token', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id, branchB.id], workplace: true, loginType: LoginType.AADB2C });
      const token = await fixtures.token(api, u.id);
      const res = await api.request('GET', '/api/user/current-user', { token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        id: u.id,
        branches: [
          { branchId: branchA.id, branchName: branchA.name },
          { branchId: branchB.id, branchName: branchB.name },
        ],
        branchId: branchA.id,
        contactEmail: u.email,
        locale: 'en',
        workplace: true,
        loginType: LoginType.AADB2C,
        username: u.username,
        program: null,
        partner: null,
      });
      expect(res.json.token).toBeUndefined();
    });
  });

  describe('GET /api/user/bg-data', () => {
    it('answers English and French defaults without a token', async () => {
      await api.db.delete(s.appSettings).where(eq(s.appSettings.key, 'bg-data'));
      const res = await api.request('GET', '/api/user/bg-data');
      expect(res.status).toBe(200);
      for (const key of ['logo', 'black_letter_logo', 'title', 'content', 'bg_image', 'content_width']) {
        expect(typeof res.json[key]).toBe('string');
        expect(typeof res.json[`fr_${key}`]).toBe('string');
      }
      expect(res.json.title).toContain('Retail Food Program');
      expect(res.json.content).toMatch(/food bank/i);
      expect(res.json.fr_content).toMatch(/banques alimentaires/);
      expect(res.json.logo).toMatch(/^\/images\//);
      expect(res.json.bg_image).toMatch(/^\/images\//);
    });

    it('prefers stored values, read in either spelling, field by field', async () => {
      await api.db
        .insert(s.appSettings)
        .values({
          key: 'bg-data',
          value: { title: 'Stored title', blackLetterLogo: '/images/custom.svg', frTitle: 'Titre', content_width: 600 },
        })
        .onConflictDoUpdate({
          target: s.appSettings.key,
          set: { value: { title: 'Stored title', blackLetterLogo: '/images/custom.svg', frTitle: 'Titre', content_width: 600 } },
        });
      const res = await api.request('GET', '/api/user/bg-data');
      expect(res.json).toMatchObject({
        title: 'Stored title',
        black_letter_logo: '/images/custom.svg',
        fr_title: 'Titre',
        content_width: '600px',
      });
      expect(res.json.fr_content).toMatch(/banques alimentaires/);
      await api.db.delete(s.appSettings).where(eq(s.appSettings.key, 'bg-data'));
    });
  });

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

describe('client address for the login limits', () => {
  it('reads x-forwarded-for from the right, past the trusted proxies, ignoring what the client prepended', async () => {
    const { clientAddress } = await import('@/donation-api/services/login-attempts');
    expect(clientAddress('6.6.6.6, 203.0.113.5')).toBe('203.0.113.5');
    // One trusted proxy (10.0.0.2, the socket npm start appended): the entry it wrote.
    expect(clientAddress('6.6.6.6, 203.0.113.5, 10.0.0.2', 1)).toBe('203.0.113.5');
    expect(clientAddress('6.6.6.6, 203.0.113.5, 10.0.0.2', 2)).toBe('6.6.6.6');
    expect(clientAddress('203.0.113.5', 3)).toBe('203.0.113.5');
    expect(clientAddress(undefined)).toBe('unknown');
    expect(clientAddress(' , ')).toBe('unknown');
  });
});

describe('npm start without a trusted proxy (TRUSTED_PROXY_HOPS=0, the default)', () => {
  it('counts the socket address, whatever x-forwarded-for the client forges', async () => {
    const { clientAddress } = await import('@/donation-api/services/login-attempts');
    const { rewriteForwardedFor } = await import('../../scripts/forwarded-for.mjs');
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const headers = rewriteForwardedFor({ 'x-forwarded-for': `10.9.${i}.1`, 'x-forwarded-proto': 'https' }, '192.0.2.7', 0);
      expect(headers['x-forwarded-proto']).toBeUndefined();
      seen.add(clientAddress(headers['x-forwarded-for'] as string, 0));
    }
    expect([...seen]).toEqual(['192.0.2.7']);
  });
  it('with one trusted proxy, trusts only the entry that proxy wrote', async () => {
    const { clientAddress } = await import('@/donation-api/services/login-attempts');
    const { rewriteForwardedFor } = await import('../../scripts/forwarded-for.mjs');
    // The client forged "6.6.6.6"; the proxy (10.0.0.2) appended the address it saw.
    const headers = rewriteForwardedFor({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5' }, '10.0.0.2', 1);
    expect(clientAddress(headers['x-forwarded-for'] as string, 1)).toBe('203.0.113.5');
  });
});
