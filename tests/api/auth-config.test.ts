// GET /api/config/auth-config and the environment variables behind it.
import { configFromEnv } from '@/donation-api/config';
import { ssoConfigFromEnv } from '@/donation-api/auth/sso-config';
import { LoginType } from '@/lib/domain/enums';
import { createTestApi, dbKinds, type TestApi } from '../support/api';

const FULL_ENV = {
  AAD_CLIENT_ID: 'aad-client',
  AAD_CLIENT_SECRET: 'aad-secret-value-never-shown',
  AAD_TENANT_ID: 'contoso.onmicrosoft.com',
  AAD_B2C_CLIENT_ID: 'b2c-client',
  AAD_B2C_CLIENT_SECRET: 'b2c-secret-value-never-shown',
  AAD_B2C_SIGN_IN_NAME: 'B2C_1_signin',
  AAD_B2C_SIGN_IN_AUTH: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_signin/',
  AAD_B2C_FORGOT_PASSWORD_NAME: 'B2C_1_reset',
  AAD_B2C_FORGOT_PASSWORD_AUTH: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_reset',
  AAD_B2C_AUTH_DOMAIN: 'contoso.b2clogin.com',
  WORKPLACE_RFP_APP_ID: '1111',
  WORKPLACE_RFP_APP_SECRET: 'rfp-secret-value-never-shown',
  WORKPLACE_INFO_APP_ID: '2222',
  WORKPLACE_INFO_APP_SECRET: '',
  SHOW_EMPTY_PAGE_FOR_FACEBOOK_USER: 'true',
  MESSAGE_FOR_FACEBOOK_USER: 'Please use the web app.',
  URL_FOR_FACEBOOK_USER: 'https://rfp.example.org',
};

describe('ssoConfigFromEnv', () => {
  it('enables nothing without variables, and configFromEnv({}) still works', () => {
    const c = ssoConfigFromEnv({});
    expect(c.aad).toBeUndefined();
    expect(c.aadb2c).toBeUndefined();
    expect(c.workplace).toEqual({});
    expect(c.facebookUser.showEmptyPage).toBe(false);
    expect(configFromEnv({}).sso).toEqual(c);
  });

  it('builds the discovery URLs from the tenant and the B2C sign-in authority', () => {
    const c = ssoConfigFromEnv(FULL_ENV);
    expect(c.aad).toMatchObject({
      loginType: LoginType.AAD,
      clientId: 'aad-client',
      wellKnownUrl: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0/.well-known/openid-configuration',
    });
    expect(c.aadb2c).toMatchObject({
      loginType: LoginType.AADB2C,
      wellKnownUrl: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_signin/v2.0/.well-known/openid-configuration',
    });
    // Only the variant with both id and secret is on.
    expect(Object.keys(c.workplace)).toEqual(['rfp']);
  });

  it('builds the B2C discovery URL from domain and policy name, and lets explicit well-known URLs win (Entra External ID)', () => {
    const c = ssoConfigFromEnv({
      AAD_B2C_CLIENT_ID: 'b',
      AAD_B2C_AUTH_DOMAIN: 'fabrikam.b2clogin.com',
      AAD_B2C_SIGN_IN_NAME: 'B2C_1_susi',
    });
    expect(c.aadb2c?.wellKnownUrl).toBe(
      'https://fabrikam.b2clogin.com/fabrikam.onmicrosoft.com/B2C_1_susi/v2.0/.well-known/openid-configuration',
    );
    const ext = 'https://fabrikam.ciamlogin.com/fabrikam.onmicrosoft.com/v2.0/.well-known/openid-configuration';
    expect(
      ssoConfigFromEnv({
        AAD_B2C_CLIENT_ID: 'b',
        AAD_B2C_WELL_KNOWN_URL: ext,
        AAD_B2C_AUTH_DOMAIN: 'x.b2clogin.com',
        AAD_B2C_SIGN_IN_NAME: 'p',
      }).aadb2c?.wellKnownUrl,
    ).toBe(ext);
    expect(
      ssoConfigFromEnv({ AAD_CLIENT_ID: 'a', AAD_WELL_KNOWN_URL: 'http://127.0.0.1:9/.well-known/openid-configuration' }).aad?.wellKnownUrl,
    ).toBe('http://127.0.0.1:9/.well-known/openid-configuration');
  });

  it('keeps a provider off when its client id or discovery is missing', () => {
    expect(ssoConfigFromEnv({ AAD_CLIENT_ID: 'a' }).aad).toBeUndefined();
    expect(ssoConfigFromEnv({ AAD_TENANT_ID: 't' }).aad).toBeUndefined();
    expect(ssoConfigFromEnv({ AAD_B2C_CLIENT_ID: 'b' }).aadb2c).toBeUndefined();
  });

  it('fails at start on malformed values', () => {
    expect(() => ssoConfigFromEnv({ AAD_WELL_KNOWN_URL: 'not a url' })).toThrow();
    expect(() => ssoConfigFromEnv({ AAD_B2C_SIGN_IN_AUTH: 'ftp://x/y' })).toThrow();
    expect(() => ssoConfigFromEnv({ AAD_TENANT_ID: 'a/b' })).toThrow();
  });
});

describe.each(dbKinds())('GET /api/config/auth-config on %s', (kind) => {
  let api: TestApi;
  let bare: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, { config: { sso: ssoConfigFromEnv(FULL_ENV) } });
    bare = await createTestApi(kind);
  });
  afterAll(async () => {
    await api.close();
    await bare.close();
  });

  it('answers without a token with the public sign-in configuration and what is enabled', async () => {
    const res = await api.request('GET', '/api/config/auth-config');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      aadClientId: 'aad-client',
      aadTenantId: 'contoso.onmicrosoft.com',
      aadB2CClientId: 'b2c-client',
      aadB2CSignInName: 'B2C_1_signin',
      aadB2CSignInAuth: FULL_ENV.AAD_B2C_SIGN_IN_AUTH,
      aadB2CForgotPasswordName: 'B2C_1_reset',
      aadB2CForgotPasswordAuth: FULL_ENV.AAD_B2C_FORGOT_PASSWORD_AUTH,
      aadB2CAuthDomain: 'contoso.b2clogin.com',
      showEmptyPageForFacebookUser: true,
      messageForFacebookUser: 'Please use the web app.',
      urlForFacebookUser: 'https://rfp.example.org',
      providers: { aad: true, aadb2c: true },
      workplace: { rfp: { appId: '1111' }, info: null },
    });
  });

  it('never contains a secret', async () => {
    const res = await api.request('GET', '/api/config/auth-config');
    for (const secret of [FULL_ENV.AAD_CLIENT_SECRET, FULL_ENV.AAD_B2C_CLIENT_SECRET, FULL_ENV.WORKPLACE_RFP_APP_SECRET])
      expect(res.text).not.toContain(secret);
    expect(res.text.toLowerCase()).not.toContain('secret');
  });

  it('says everything is off when nothing is configured', async () => {
    const res = await bare.request('GET', '/api/config/auth-config');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      aadClientId: null,
      aadB2CClientId: null,
      showEmptyPageForFacebookUser: false,
      providers: { aad: false, aadb2c: false },
      workplace: { rfp: null, info: null },
    });
  });
});
