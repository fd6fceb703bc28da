// Single sign-on with ID tokens (POST /api/user/login/sso, get-user-by-email, get-user-by-token) against a key set on
// node:http: which user a token signs in, providers off or down, and the saved-token exchange (POST /api/user/login/token).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '@/donation-api/db/schema';
import type { SsoConfig } from '@/donation-api/auth/sso-config';
import { LoginType } from '@/lib/domain/enums';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startJwksIssuer, type JwksIssuer } from '../support/oidc';
import { AAD_CLIENT, B2C_CLIENT, ssoHelpers, ssoWorld } from './sso-setup';

describe.each(dbKinds())('single sign-on on %s', (kind) => {
  let api: TestApi;
  let aad: JwksIssuer;
  let b2c: JwksIssuer;
  let branchId: string;
  let sso: SsoConfig;

  beforeAll(async () => {
    ({ api, aad, b2c, branchId, sso } = await ssoWorld(kind));
  });
  afterAll(async () => {
    await api.close();
    await aad.close();
    await b2c.close();
  });

  const { aadUser, b2cUser, sign, ssoLogin } = ssoHelpers(() => ({ api, branchId }));

  afterEach(() => {
    api.clock.now = new Date();
  });

  it('signs a work-account user in with a valid ID token; the answer token opens the API', async () => {
    const u = await aadUser({ email: 'Ann.Employee@FoodBanks.example.org' });
    const token = await sign(aad, AAD_CLIENT, { oid: randomUUID(), preferred_username: 'ann.employee@foodbanks.example.org' });
    const res = await ssoLogin({ token, provider: 'aad' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: u.id, loginType: LoginType.AAD, branchId, workplace: false, contactEmail: u.email });
    expect((await api.request('GET', '/api/category', { token: res.json.token })).status).toBe(200);
  });

  it('signs a customer-identity user in (ES256, emails[0], provider found by audience)', async () => {
    const u = await b2cUser({ email: 'ext.one@example.org' });
    const token = await sign(b2c, B2C_CLIENT, { emails: ['Ext.One@example.org'] });
    const res = await ssoLogin({ token, botSource: 'rfp' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: u.id, loginType: LoginType.AADB2C, workplace: true });
  });

  it('maps by stored object id before e-mail, and stores the object id on the first e-mail match', async () => {
    const oid = randomUUID();
    const bound = await aadUser({ email: 'bound@example.org', objectId: oid });
    await aadUser({ email: 'other@example.org' });
    // The e-mail names another user, but the object id wins.
    let res = await ssoLogin({ token: await sign(aad, AAD_CLIENT, { oid, email: 'other@example.org' }) });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(bound.id);

    const fresh = await aadUser({ email: 'fresh@example.org' });
    const freshOid = randomUUID();
    res = await ssoLogin({ token: await sign(aad, AAD_CLIENT, { oid: freshOid, email: 'FRESH@example.org' }) });
    expect(res.status).toBe(200);
    const [row] = await api.db.select().from(users).where(eq(users.id, fresh.id));
    expect(row!.objectId).toBe(freshOid);
    // Later, with another e-mail in the token (renamed mailbox), the object id still finds the user.
    res = await ssoLogin({ token: await sign(aad, AAD_CLIENT, { oid: freshOid, email: 'renamed@example.org' }) });
    expect(res.json.id).toBe(fresh.id);
  });

  it('does not let a new identity take over an account already bound to another object id', async () => {
    await aadUser({ email: 'taken@example.org', objectId: randomUUID() });
    const res = await ssoLogin({ token: await sign(aad, AAD_CLIENT, { oid: randomUUID(), email: 'taken@example.org' }) });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('SSO_UNKNOWN_USER');
  });

  it('ignores an e-mail the token says is unverified', async () => {
    await aadUser({ email: 'unverified@example.org' });
    const res = await ssoLogin({ token: await sign(aad, AAD_CLIENT, { email: 'unverified@example.org', email_verified: false }) });
    expect(res.status).toBe(403);
  });

  it('refuses an unknown user with 403 SSO_UNKNOWN_USER and a disabled one the same way', async () => {
    let res = await ssoLogin({ token: await sign(aad, AAD_CLIENT, { email: 'nobody@example.org' }) });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('SSO_UNKNOWN_USER');
    await aadUser({ email: 'disabled@example.org', disabled: true });
    res = await ssoLogin({ token: await sign(aad, AAD_CLIENT, { email: 'disabled@example.org' }) });
    expect(res.json.code).toBe('SSO_UNKNOWN_USER');
  });

  it('refuses a user with no branch with LOGIN_NO_BRANCH', async () => {
    await aadUser({ email: 'nobranch@example.org', branchIds: [] });
    const res = await ssoLogin({ token: await sign(aad, AAD_CLIENT, { email: 'nobranch@example.org' }) });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      code: 'LOGIN_NO_BRANCH',
      message: 'You are not assigned to any branches. Please have an administrator assign you a branch.',
    });
  });

  it("never signs one provider's account in as another provider's (or a password) user", async () => {
    const shared = 'shared@example.org';
    const b2cOnly = await b2cUser({ email: shared });
    await fixtures.user(api, { email: 'admin-shared@example.org', branchIds: [branchId] });
    // A work-account token with the customer user's e-mail: no AAD user has it.
    let res = await ssoLogin({ token: await sign(aad, AAD_CLIENT, { email: shared }) });
    expect(res.status).toBe(403);
    // A work-account token with an Admin (password) user's e-mail.
    res = await ssoLogin({ token: await sign(aad, AAD_CLIENT, { email: 'admin-shared@example.org' }) });
    expect(res.status).toBe(403);
    // A customer token presented as a work-account one.
    const b2cToken = await sign(b2c, B2C_CLIENT, { email: shared });
    res = await ssoLogin({ token: b2cToken, provider: 'aad' });
    expect(res.status).toBe(401);
    // The work-account issuer signing for the customer client id: wrong issuer for that audience.
    res = await ssoLogin({ token: await sign(aad, B2C_CLIENT, { email: shared }) });
    expect(res.status).toBe(401);
    // A customer token whose object id equals a work-account user's stored one.
    const oid = randomUUID();
    await aadUser({ email: 'aad-oid@example.org', objectId: oid });
    res = await ssoLogin({ token: await sign(b2c, B2C_CLIENT, { oid, email: 'nobody-b2c@example.org' }) });
    expect(res.status).toBe(403);
    // And the genuine customer token works.
    res = await ssoLogin({ token: b2cToken });
    expect(res.json.id).toBe(b2cOnly.id);
  });

  it('answers 404 for a provider that is not configured and 503 when the issuer is down', async () => {
    const off = await createTestApi('pglite', { config: { sso: { ...sso, aadb2c: undefined } } });
    try {
      const res = await off.request('POST', '/api/user/login/sso', {
        body: { token: await sign(b2c, B2C_CLIENT, {}), provider: 'aadb2c' },
      });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('SSO_PROVIDER_DISABLED');
    } finally {
      await off.close();
    }
    const gone = await startJwksIssuer();
    const wellKnownUrl = gone.wellKnownUrl;
    await gone.close();
    const down = await createTestApi('pglite', { config: { sso: { ...sso, aad: { ...sso.aad!, wellKnownUrl } } } });
    try {
      const res = await down.request('POST', '/api/user/login/sso', { body: { token: await sign(aad, AAD_CLIENT, {}) } });
      expect(res.status).toBe(503);
      expect(res.json.code).toBe('SSO_PROVIDER_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });

  it('get-user-by-email and get-user-by-token answer only when the query matches the verified token', async () => {
    const oid = randomUUID();
    const u = await aadUser({ email: 'lookup@example.org' });
    const token = await sign(aad, AAD_CLIENT, { oid, email: 'lookup@example.org' });
    let res = await api.request('POST', '/api/user/get-user-by-email?email=Lookup@example.org', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(u.id);
    res = await api.request('POST', '/api/user/get-user-by-email?email=someone.else@example.org', { body: { token } });
    expect(res.status).toBe(401);
    res = await api.request('POST', '/api/user/get-user-by-token?email=lookup@example.org&objectId=' + oid, { body: { token } });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(u.id);
    res = await api.request('POST', `/api/user/get-user-by-token?email=lookup@example.org&objectId=${randomUUID()}`, { body: { token } });
    expect(res.status).toBe(401);
    const forger = await startJwksIssuer();
    res = await api.request('POST', '/api/user/get-user-by-email?email=lookup@example.org', {
      body: { token: await sign(aad, AAD_CLIENT, { oid, email: 'lookup@example.org' }, { key: forger.key.privateKey }) },
    });
    expect(res.status).toBe(401);
    await forger.close();
    res = await api.request('POST', '/api/user/get-user-by-email?email=lookup@example.org', { body: {} });
    expect(res.status).toBe(400);
  });

  describe('POST /api/user/login/token', () => {
    it('exchanges the saved token (also the bearer) for a fresh one and retires the old', async () => {
      const u = await fixtures.user(api, { branchIds: [branchId] });
      const saved = await fixtures.token(api, u.id);
      const res = await api.request('POST', '/api/user/login/token?botSource=info', { token: saved, body: { token: saved } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: u.id, workplace: true });
      expect(res.json.token).not.toBe(saved);
      expect((await api.request('GET', '/api/category', { token: saved })).status).toBe(401);
      expect((await api.request('GET', '/api/category', { token: res.json.token })).status).toBe(200);
    });
    it('refuses without a bearer, with an invalid token, or with another user’s token in the body', async () => {
      const u = await fixtures.user(api, { branchIds: [branchId] });
      const saved = await fixtures.token(api, u.id);
      expect((await api.request('POST', '/api/user/login/token', { body: { token: saved } })).status).toBe(401);
      expect((await api.request('POST', '/api/user/login/token', { token: 'x'.repeat(43), body: { token: 'x'.repeat(43) } })).status).toBe(
        401,
      );
      const other = await fixtures.token(api, (await fixtures.user(api, { branchIds: [branchId] })).id);
      expect((await api.request('POST', '/api/user/login/token', { token: other, body: { token: saved } })).status).toBe(401);
      expect((await api.request('POST', '/api/user/login/token?botSource=evil', { token: saved, body: { token: saved } })).status).toBe(
        400,
      );
      // The refused calls left the saved token alive.
      expect((await api.request('GET', '/api/category', { token: saved })).status).toBe(200);
    });
    it('refuses an expired saved token', async () => {
      const u = await fixtures.user(api, { branchIds: [branchId] });
      const saved = await fixtures.token(api, u.id);
      api.clock.now = new Date(api.clock.now.getTime() + 13 * 3600_000);
      expect((await api.request('POST', '/api/user/login/token', { token: saved, body: { token: saved } })).status).toBe(401);
    });
  });
});
