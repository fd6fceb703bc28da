// Single sign-on with genuine ID tokens from a real oidc-provider: the employee through the work-account issuer
// (nonce checked) and the external user through the customer-identity one.
import type { SsoConfig } from '@/donation-api/auth/sso-config';
import { LoginType } from '@/lib/domain/enums';
import { createTestApi, fixtures, type TestApi } from '../support/api';
import { DEMO_SSO_ACCOUNTS, startDemoIssuers } from '../support/oidc';

describe('single sign-on against a real oidc-provider', () => {
  let api: TestApi;
  let issuers: Awaited<ReturnType<typeof startDemoIssuers>>;

  beforeAll(async () => {
    issuers = await startDemoIssuers({ redirectBase: 'http://127.0.0.1:3999' });
    const sso: SsoConfig = {
      aad: { id: 'aad', loginType: LoginType.AAD, clientId: issuers.clients.aad.clientId, wellKnownUrl: issuers.aad.wellKnownUrl },
      aadb2c: {
        id: 'aadb2c',
        loginType: LoginType.AADB2C,
        clientId: issuers.clients.aadb2c.clientId,
        wellKnownUrl: issuers.aadb2c.wellKnownUrl,
      },
      workplace: {},
      facebookUser: { showEmptyPage: false },
      clockToleranceSec: 60,
    };
    api = await createTestApi('pglite', { config: { sso } });
    const branch = await fixtures.branch(api);
    await fixtures.user(api, {
      username: 'employee',
      email: DEMO_SSO_ACCOUNTS.employee.email,
      loginType: LoginType.AAD,
      branchIds: [branch.id],
    });
    await fixtures.user(api, {
      username: 'partner',
      email: DEMO_SSO_ACCOUNTS.external.email,
      loginType: LoginType.AADB2C,
      branchIds: [branch.id],
    });
  });
  afterAll(async () => {
    await api.close();
    await issuers.close();
  });

  it('signs the employee in through the work-account issuer, with the nonce checked', async () => {
    const { idToken } = await issuers.aad.signIn(issuers.clients.aad.clientId, DEMO_SSO_ACCOUNTS.employee.email, { nonce: 'abc-123' });
    let res = await api.request('POST', '/api/user/login/sso', { body: { token: idToken, provider: 'aad', nonce: 'wrong' } });
    expect(res.status).toBe(401);
    res = await api.request('POST', '/api/user/login/sso', { body: { token: idToken, provider: 'aad', nonce: 'abc-123' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ username: 'employee', loginType: LoginType.AAD });
  });

  it('signs the external user in through the customer-identity issuer, and not as a work account', async () => {
    const { idToken } = await issuers.aadb2c.signIn(issuers.clients.aadb2c.clientId, DEMO_SSO_ACCOUNTS.external.email);
    expect((await api.request('POST', '/api/user/login/sso', { body: { token: idToken, provider: 'aad' } })).status).toBe(401);
    const res = await api.request('POST', '/api/user/login/sso', { body: { token: idToken } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ username: 'partner', loginType: LoginType.AADB2C });
  });
});
