// The single sign-on / embedded-mode app of the browser tests: a second instance of the same build, on its own
// port and fresh database, configured with the local identity providers, the chat tool's test secrets and the
// SMTP peer of scripts/e2e-issuers.ts. Kept apart so the other specs keep their username/password login page.
// Ports derive from E2E_PORT (default 3100): app +1000, issuers +2000/+2100, SMTP +2200, control +2300 (spaced by
// 100 so runs on neighbouring E2E_PORTs never collide).

export function e2eSsoSetup(basePort = Number(process.env.E2E_PORT ?? 3100)) {
  const ports = { app: basePort + 1000, aad: basePort + 2000, aadb2c: basePort + 2100, smtp: basePort + 2200, control: basePort + 2300 };
  const appOrigin = `http://localhost:${ports.app}`;
  // Test-only secrets: these issuers and this app exist for one test run on 127.0.0.1.
  const clients = {
    aad: { clientId: 'rfp-aad-e2e', clientSecret: 'e2e-aad-client-secret' },
    aadb2c: { clientId: 'rfp-aadb2c-e2e', clientSecret: 'e2e-aadb2c-client-secret' },
  };
  const workplace = {
    rfp: { appId: '100000000000001', appSecret: 'e2e-workplace-rfp-secret' },
    info: { appId: '100000000000002', appSecret: 'e2e-workplace-info-secret' },
  };
  const sdkUrl = 'https://chat-sdk.e2e.invalid/extensions.js';
  const emptyPage = { message: 'This app is for food bank staff.', url: 'https://www.example.org/food-banks' };
  const env: Record<string, string> = {
    PORT: String(ports.app),
    NEXTAUTH_URL: appOrigin,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    AAD_CLIENT_ID: clients.aad.clientId,
    AAD_CLIENT_SECRET: clients.aad.clientSecret,
    AAD_TENANT_ID: 'e2e-tenant',
    AAD_WELL_KNOWN_URL: `http://127.0.0.1:${ports.aad}/.well-known/openid-configuration`,
    AAD_B2C_CLIENT_ID: clients.aadb2c.clientId,
    AAD_B2C_CLIENT_SECRET: clients.aadb2c.clientSecret,
    AAD_B2C_SIGN_IN_NAME: 'B2C_1_signin',
    AAD_B2C_WELL_KNOWN_URL: `http://127.0.0.1:${ports.aadb2c}/.well-known/openid-configuration`,
    // The forgot-password user flow: on the same local issuer (a real tenant has it under its own policy path).
    AAD_B2C_FORGOT_PASSWORD_NAME: 'B2C_1_reset',
    AAD_B2C_FORGOT_PASSWORD_AUTH: `http://127.0.0.1:${ports.aadb2c}/.well-known/openid-configuration`,
    WORKPLACE_RFP_APP_ID: workplace.rfp.appId,
    WORKPLACE_RFP_APP_SECRET: workplace.rfp.appSecret,
    WORKPLACE_INFO_APP_ID: workplace.info.appId,
    WORKPLACE_INFO_APP_SECRET: workplace.info.appSecret,
    WORKPLACE_SDK_URL: sdkUrl,
    WORKPLACE_FRAME_ANCESTORS: 'https://chat.e2e.invalid',
    SHOW_EMPTY_PAGE_FOR_FACEBOOK_USER: 'true',
    MESSAGE_FOR_FACEBOOK_USER: emptyPage.message,
    URL_FOR_FACEBOOK_USER: emptyPage.url,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    // No hourly reminder job: its mails would land among the ones the tests read (jest tests the schedule).
    REMINDERS_CRON: 'off',
  };
  return { ports, appOrigin, clients, workplace, sdkUrl, emptyPage, env, controlUrl: `http://127.0.0.1:${ports.control}` };
}
