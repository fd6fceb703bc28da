// Signing in with a password (POST /api/user/login): the answer, the same 401 for every refusal, the lock, slowdown
// and address brake after repeated failures, and which client address those limits count.
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { MAX_BODY_BYTES } from '@/donation-api/app';
import { LoginType } from '@/lib/domain/enums';
import { slowdownMs } from '@/donation-api/sign-in/login-attempts';
import { dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import { MAX_FAILURES, resetLoginState, userLogin, userWorld } from './user-setup';

const INVALID = { code: 'LOGIN_INVALID', message: 'Invalid username or password.' };

describe.each(dbKinds())('user calls on %s', (kind) => {
  let api: TestApi;
  let branchA: { id: string; name: string };
  let branchB: { id: string; name: string };

  beforeAll(async () => {
    ({ api, branchA, branchB } = await userWorld(kind));
  });
  afterAll(() => api.close());
  beforeEach(() => resetLoginState(api));

  const login = userLogin(() => api);

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
      // The floor: one argon2 verification of a hash made as the app makes them, timed here beside the logins.
      const made = await hash('Some-password-2026');
      const verifyOnce = async () => {
        const t = performance.now();
        await verify(made, 'Wrong-2026');
        return performance.now() - t;
      };
      const floor = Math.min(await verifyOnce(), await verifyOnce(), await verifyOnce());
      const unknown = Math.min(await time('ghost-user'), await time('ghost-user'), await time('ghost-user'));
      const known = Math.min(await time(u.username), await time(u.username), await time(u.username));
      // Each login verifies one argon2 hash, the unknown user's a dummy one: without it, that answer came in about a
      // millisecond, twenty times under one verification. Compared with the verification itself rather than with the
      // known user's login, which also writes its failure and was 4 times slower on a busy machine.
      expect(unknown).toBeGreaterThan(floor * 0.5);
      expect(known).toBeGreaterThan(floor * 0.5);
    });

    it('refuses a user without any branch with LOGIN_NO_BRANCH and issues no token', async () => {
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
});

describe('client address for the login limits', () => {
  it('reads x-forwarded-for from the right, past the trusted proxies, ignoring what the client prepended', async () => {
    const { clientAddress } = await import('@/donation-api/sign-in/login-attempts');
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
    const { clientAddress } = await import('@/donation-api/sign-in/login-attempts');
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
    const { clientAddress } = await import('@/donation-api/sign-in/login-attempts');
    const { rewriteForwardedFor } = await import('../../scripts/forwarded-for.mjs');
    // The client forged "6.6.6.6"; the proxy (10.0.0.2) appended the address it saw.
    const headers = rewriteForwardedFor({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5' }, '10.0.0.2', 1);
    expect(clientAddress(headers['x-forwarded-for'] as string, 1)).toBe('203.0.113.5');
  });
});
