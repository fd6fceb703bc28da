// Passwords: changing one (the policy, the old password, the other sessions) and the generated passwords. The
// forgotten-password link is tests/api/forgot-password.test.ts.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { LoginType } from '@/lib/domain/enums';
import { isValidPassword } from '@/lib/domain/password-rules';
import { generatePassword } from '@/donation-api/sign-in/users';
import { dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
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
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      const audits = await api.db.select().from(s.auditLog).where(eq(s.auditLog.entityId, u.id));
      expect(audits.some((a) => a.action === 'password')).toBe(true);
      expect(JSON.stringify(audits)).not.toContain(row!.passwordHash!);
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
    ])('applies the password rules: %s', async (_label, newPassword, code, field) => {
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
