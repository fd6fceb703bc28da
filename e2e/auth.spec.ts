// Login, redirects and log out (docs/product.md: The sign-in page; After sign-in, and log out; Routes).
import { randomUUID } from 'node:crypto';
import { isHome, DEMO, expect, loginThroughForm, test } from './support/auth';
import { LANGS, msg } from './support/messages';
import { ENV_DEFAULTS } from '../donation-api/env';

// Each test that fails logins on purpose comes from its own address, so the per-address lock
// (20 failures) never locks out the rest of the run.
const freshAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

for (const lang of LANGS) {
  test.describe(`login form (${lang})`, () => {
    test.use({ lang });

    test('fields, show/hide, Login disabled until both are filled, Forgot Password link', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: msg(lang, 'LoginPage.title') })).toBeVisible();
      const username = page.getByLabel(msg(lang, 'LoginPage.username'));
      const password = page.getByLabel(msg(lang, 'LoginPage.password'), { exact: true });
      const login = page.getByRole('button', { name: msg(lang, 'LoginPage.login'), exact: true });
      await expect(login).toBeDisabled();
      await username.fill('demo');
      await expect(login).toBeDisabled();
      await password.fill('x');
      await expect(login).toBeEnabled();
      await username.fill('   ');
      await expect(login).toBeDisabled();
      await username.fill('demo');
      await password.fill('');
      await expect(login).toBeDisabled();

      await password.fill('secret');
      await expect(password).toHaveAttribute('type', 'password');
      await page.getByRole('button', { name: msg(lang, 'Common.showPassword') }).click();
      await expect(password).toHaveAttribute('type', 'text');
      await page.getByRole('button', { name: msg(lang, 'Common.hidePassword') }).click();
      await expect(password).toHaveAttribute('type', 'password');

      await page.getByRole('link', { name: msg(lang, 'LoginPage.forgotPassword') }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
    });

    test('a wrong password shows the server message', async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshAddress() });
      await page.goto('/login');
      await page.getByLabel(msg(lang, 'LoginPage.username')).fill('demo');
      await page.getByLabel(msg(lang, 'LoginPage.password'), { exact: true }).fill('Wrong-password-1');
      await page.getByLabel(msg(lang, 'LoginPage.password'), { exact: true }).press('Enter');
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(msg(lang, 'Errors.LOGIN_INVALID'));
      if (lang === 'en') await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid username or password.');
      await expect(page).toHaveURL(/\/login$/);
    });

    test('Enter submits, then home in the chosen language', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel(msg(lang, 'LoginPage.username')).fill(DEMO.username);
      await page.getByLabel(msg(lang, 'LoginPage.password'), { exact: true }).fill(DEMO.password);
      await page.getByLabel(msg(lang, 'LoginPage.password'), { exact: true }).press('Enter');
      await expect(page).toHaveURL(isHome);
      await expect(page.getByRole('heading', { level: 1, name: msg(lang, 'Header.titles.monthlyReports') })).toBeVisible();
    });
  });
}

test('too many failed logins: the lock message, with the minutes of the lock', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshAddress() });
  await page.goto('/login');
  const user = `nobody-${randomUUID().slice(0, 8)}`;
  for (let i = 0; i < 6; i++) {
    await page.getByLabel('Username').fill(user);
    await page.getByLabel('Password', { exact: true }).fill(`Wrong-${i}`);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    if (i < 6 - 1) await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  }
  // The first lock lasts LOGIN_LOCK_MINUTES (15 by default), said in whole minutes.
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    `Too many failed login attempts. Please wait ${ENV_DEFAULTS.LOGIN_LOCK_MINUTES} minutes and try again.`,
  );
});

// A user without a branch cannot be created from the browser (no admin screen), and the server cannot be
// made to fail on purpose: these two answers of the sign-in endpoint are simulated at the network level.
for (const [code, text] of [
  ['LOGIN_NO_BRANCH', 'You are not assigned to any branches. Please have an administrator assign you a branch.'],
  ['LOGIN_SERVER_ERROR', 'Error logging in. Please try again later.'],
  ['HTTP 500', 'Error logging in. Please try again later.'],
] as const) {
  test(`sign-in answer ${code} shows its text`, async ({ page, baseURL }) => {
    await page.route('**/api/auth/callback/credentials', (route) =>
      code === 'HTTP 500'
        ? route.fulfill({ status: 500, body: 'Internal Server Error' })
        : route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ url: `${baseURL}/api/auth/error?error=${code}` }),
          }),
    );
    await page.goto('/login');
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Password', { exact: true }).fill('Some-password-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(text);
  });
}

test('a signed-out visit keeps the path and query, and sign-in returns there', async ({ page }) => {
  await page.goto('/donations/2025/3?from=test&x=1');
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  const url = new URL(page.url());
  expect(url.searchParams.get('callbackUrl')).toBe('/donations/2025/3?from=test&x=1');
  await page.getByLabel('Username').fill(DEMO.username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/donations\/2025\/3\?from=test&x=1$/);
});

test('callbackUrl never leaves the site', async ({ page }) => {
  for (const evil of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
    await page.context().clearCookies();
    await page.goto(`/login?callbackUrl=${encodeURIComponent(evil)}`);
    await page.getByLabel('Username').fill(DEMO.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(isHome);
    // Home then writes the year into its address once hydrated: wait for that, not for a quiet network (since the
    // signed-in screens stopped streaming, Playwright's network-idle twice did not come within the test's minute).
    await expect(page).toHaveURL(/\/\?year=\d{4}$/);
  }
});

test('unknown paths go to the login page', async ({ page }) => {
  for (const p of ['/no-such-page', '/donations', '/donations/abc/def', '/admin?x=1']) {
    await page.goto(p);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a signed-in visit of /login goes to callbackUrl or /', async ({ page }) => {
  await loginThroughForm(page);
  await page.goto('/login');
  await expect(page).toHaveURL(isHome);
  await page.goto('/login?callbackUrl=%2Ffeedback');
  await expect(page).toHaveURL(/\/feedback$/);
});

test('adminLogin, sso and from=workplace show the form while no single sign-on is configured', async ({ page }) => {
  for (const q of ['adminLogin=true', 'adminLogin=True', 'sso=true', 'from=workplace', 'sso=1&from=workplace']) {
    await page.goto(`/login?${q}`);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
  }
});

test('the EN/FR toggle on the login page', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /^FR/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: msg('fr', 'LoginPage.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: msg('fr', 'LoginPage.login'), exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  expect((await context.cookies()).find((c) => c.name === 'fbc-locale')?.value).toBe('fr');
  await page.getByRole('button', { name: /^EN/ }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

test('log out: session gone, language cookie cleared, back shows no data', async ({ page, context }) => {
  await loginThroughForm(page);
  await page.goto('/feedback');
  // As if the user had chosen French: log out must clear that cookie.
  await context.addCookies([{ name: 'fbc-locale', value: 'fr', url: page.url() }]);
  await page.reload();
  await page.getByRole('button', { name: msg('fr', 'Header.menu') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: msg('fr', 'Header.logOut') })
    .click();
  // Plain /login: a query still in flight when the session went must not add the page as callbackUrl.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Username')).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name.endsWith('session-token'))).toBeUndefined();
  expect(cookies.find((c) => c.name === 'fbc-locale')).toBeUndefined();
  // Back into the app: the protected page is not shown again, and the BFF refuses.
  await page.goBack();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Username')).toBeVisible();
  const res = await page.request.get('/bff/contact');
  expect(res.status()).toBe(401);
});

// Users the browser cannot create: run with a data folder from e2e/support/prepare-data-dir.sh.
test.describe('users made with the admin command line', () => {
  test.skip(!process.env.E2E_EXTRA_USERS, 'needs E2E_DATA_DIR prepared by e2e/support/prepare-data-dir.sh and E2E_EXTRA_USERS=1');

  for (const lang of LANGS) {
    test(`a user with no branch is told to ask for one (${lang})`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'fbc-locale', value: lang, url: baseURL! }]);
      await page.goto('/login');
      await page.getByLabel(msg(lang, 'LoginPage.username')).fill('nobranch');
      await page.getByLabel(msg(lang, 'LoginPage.password'), { exact: true }).fill('No-Branch-2026');
      await page.getByLabel(msg(lang, 'LoginPage.password'), { exact: true }).press('Enter');
      const alert = page.getByRole('main').getByRole('alert');
      await expect(alert).toHaveText(msg(lang, 'Errors.LOGIN_NO_BRANCH'));
      if (lang === 'en')
        await expect(alert).toHaveText('You are not assigned to any branches. Please have an administrator assign you a branch.');
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('a workplace user: no header, no Change Password, /change-password goes home', async ({ page }) => {
    await loginThroughForm(page, { username: 'chatuser', password: 'Chat-User-2026' });
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.goto('/change-password');
    await expect(page).toHaveURL(isHome);
  });
});
