// Single sign-on through both identity providers (local oidc-provider issuers standing in for Microsoft's):
// sign-in, refusal of an unknown account, the forgot-password continuation, the admin form, log out at the provider.
import { request as newRequest } from '@playwright/test';
import { DEMO_SSO_ACCOUNTS } from '../tests/support/oidc';
import { loginByApi } from './support/auth';
import { msg } from './support/messages';
import { shootWidths } from './support/shots';
import { expect, SAVED_TOKEN, signInAtIssuer, sso, test } from './support/sso';

test('customer identity: Login button, sign-in at the provider, home in the user’s French; log out also signs out at the provider', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  // Providers configured: the buttons, not the username/password form.
  await expect(page.getByLabel('Username')).toHaveCount(0);
  await expect(page.getByRole('button', { name: msg('en', 'LoginPage.employeeLink') })).toBeVisible();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await signInAtIssuer(page, DEMO_SSO_ACCOUNTS.external.email);
  await expect(page).toHaveURL(/localhost:\d+\/(\?year=\d{4})?$/, { timeout: 20_000 });
  // partner's own locale is French: without a language cookie the app speaks it after sign-in.
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('button', { name: msg('fr', 'Header.menu') })).toBeVisible();

  // Only display data reaches the page: no API token, no ID token.
  const session = await (await page.request.get('/api/auth/session')).text();
  expect(session).toContain('partner');
  expect(session).not.toMatch(/eyJ|apiToken|idToken|refresh/i);
  const cookies = await context.cookies();
  const saved = cookies.find((c) => c.name === SAVED_TOKEN);
  expect(saved?.httpOnly).toBe(true);
  expect(saved!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
  // A customer-identity user has no password here.
  await page.getByRole('button', { name: msg('fr', 'Header.menu') }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: msg('fr', 'Header.changePassword') })).toHaveCount(0);

  await page
    .getByRole('dialog')
    .getByRole('button', { name: msg('fr', 'Header.logOut') })
    .click();
  // The provider's end-session page (oidc-provider asks to confirm), then back to our login page.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/session\/end/, { timeout: 20_000 });
  await page.getByRole('button', { name: /yes, sign me out/i }).click();
  await expect(page).toHaveURL(/localhost:\d+\/login$/, { timeout: 20_000 });
  const after = await context.cookies();
  expect(after.find((c) => c.name.endsWith('session-token'))).toBeUndefined();
  expect(after.find((c) => c.name === SAVED_TOKEN)).toBeUndefined();
  // The provider's session is gone too: signing in again asks for the account.
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByLabel('E-mail')).toBeVisible({ timeout: 20_000 });
});

test('work account: the employees link in French, sign-in, home', async ({ page, context }) => {
  await context.addCookies([{ name: 'fbc-locale', value: 'fr', url: page.url().startsWith('http') ? page.url() : 'http://localhost' }]);
  await page.goto('/login');
  await context.addCookies([{ name: 'fbc-locale', value: 'fr', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('button', { name: msg('fr', 'LoginPage.ssoLogin'), exact: true })).toBeVisible();
  await page.getByRole('button', { name: msg('fr', 'LoginPage.employeeLink') }).click();
  await signInAtIssuer(page, DEMO_SSO_ACCOUNTS.employee.email);
  await expect(page).toHaveURL(/localhost:\d+\/(\?year=\d{4})?$/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: msg('fr', 'Header.menu') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
});

for (const lang of ['en', 'fr'] as const) {
  test(`an account the donation API does not know is refused with its message (${lang})`, async ({ page, context }) => {
    await page.goto('/login');
    await context.addCookies([{ name: 'fbc-locale', value: lang, url: page.url() }]);
    await page.reload();
    await page.getByRole('button', { name: msg(lang, 'LoginPage.ssoLogin'), exact: true }).click();
    await signInAtIssuer(page, 'stranger@example.org');
    await expect(page).toHaveURL(/\/login\?error=SSO_UNKNOWN_USER/, { timeout: 20_000 });
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(msg(lang, 'Errors.SSO_UNKNOWN_USER'));
    expect((await context.cookies()).find((c) => c.name.endsWith('session-token'))).toBeUndefined();
    await shootWidths(page, 'login-sso-refused', lang);
  });
}

test('the sso query goes straight to the provider; the callbackUrl is kept', async ({ page }) => {
  await page.goto('/login?sso=aad&callbackUrl=%2Ffeedback');
  await signInAtIssuer(page, DEMO_SSO_ACCOUNTS.employee.email);
  await expect(page).toHaveURL(/localhost:\d+\/feedback$/, { timeout: 20_000 });
});

test('AADB2C90118 (forgot password) continues with the forgot-password user flow', async ({ page }) => {
  await page.goto('/login');
  // What the customer identity sends back when the user clicks its "Forgot your password?" link.
  await page.goto(
    '/api/auth/callback/azure-ad-b2c?error=access_denied&error_description=AADB2C90118%3A+The+user+has+forgotten+their+password.',
  );
  await signInAtIssuer(page, DEMO_SSO_ACCOUNTS.external.email);
  await expect(page).toHaveURL(/localhost:\d+\/(\?year=\d{4})?$/, { timeout: 20_000 });
});

test('adminLogin=true shows the username/password form (admin layout); the password login still works', async ({ page }) => {
  await page.goto('/login?adminLogin=true');
  await expect(page.getByRole('heading', { name: msg('en', 'LoginPage.adminTitle') })).toBeVisible();
  await expect(page.getByRole('button', { name: msg('en', 'LoginPage.employeeLink') })).toHaveCount(0);
  await page.locator('input[name="username"]').fill('demo');
  await page.locator('input[name="password"]').fill('Demo-2026');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/localhost:\d+\/(\?year=\d{4})?$/, { timeout: 20_000 });
});

test('a retail partner invited for customer identity signs in at the provider and lands on their figures, in French', async ({ page }) => {
  // The program administrator invites the retailer's sustainability lead for customer-identity sign-in, in French.
  const admin = await newRequest.newContext({ baseURL: sso.appOrigin });
  await loginByApi(admin, { username: 'program', password: 'Demo-2026' });
  const retailers = (await (await admin.get('/bff/program/partners')).json()) as { id: string; name: string }[];
  const sobeys = retailers.find((r) => r.name === 'Sobeys Inc.')!;
  const invited = await admin.post('/bff/program/users/invite-partner', {
    headers: { origin: sso.appOrigin },
    data: {
      email: DEMO_SSO_ACCOUNTS.retail.email,
      loginType: 3,
      locale: 'fr',
      scope: { kind: 'retailer', retailerId: sobeys.id },
      reason: 'Équipe développement durable',
    },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  await admin.dispose();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await signInAtIssuer(page, DEMO_SSO_ACCOUNTS.retail.email);
  // No branch and no program role: the partner's own screen, in the language of the invitation.
  await expect(page).toHaveURL(/localhost:\d+\/partner$/, { timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('heading', { name: msg('fr', 'Partner.figures.title').replace('{retailer}', 'Sobeys Inc.') })).toBeVisible();
  // The branch screens stay closed to them.
  await page.goto('/');
  await expect(page).toHaveURL(/\/partner$/);
});
