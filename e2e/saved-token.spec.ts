// The saved token cookie (docs/product.md, The saved token): set at sign-in, httpOnly, one year; a returning browser
// without a session is signed in silently with a NEW token; a bad one is removed; log out removes and revokes it.
import { msg } from './support/messages';
import { expect, SAVED_TOKEN, sso, test } from './support/sso';

async function adminLogin(page: import('@playwright/test').Page) {
  await page.goto('/login?adminLogin=true');
  await page.locator('input[name="username"]').fill('demo');
  await page.locator('input[name="password"]').fill('Demo-2026');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/localhost:\d+\/(\?year=\d{4})?$/, { timeout: 20_000 });
}

test('a returning browser without a session is signed in silently; the token is exchanged for a new one', async ({ page, context }) => {
  await adminLogin(page);
  const saved = (await context.cookies()).find((c) => c.name === SAVED_TOKEN)!;
  expect(saved).toMatchObject({ path: '/', httpOnly: true });
  expect(saved.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
  // Over https it is also Secure and SameSite=None (cross-site, for the chat frame); this run is plain http.
  expect(saved.sameSite).toBe('Lax');
  expect(await page.evaluate(() => document.cookie)).not.toContain('saved-token');

  // The session goes (closed browser, expired cookie); the saved token stays.
  await context.clearCookies({ name: /session-token/ });
  await page.goto('/donations/add');
  await expect(page).toHaveURL(/localhost:\d+\/donations\/add$/, { timeout: 20_000 });
  const renewed = (await context.cookies()).find((c) => c.name === SAVED_TOKEN)!;
  expect(renewed.value).not.toBe(saved.value);
  // The old token was revoked by the exchange.
  const old = await page.request.get('/api/user/current-user', { headers: { authorization: `Bearer ${saved.value}` } });
  expect(old.status()).toBe(401);
});

test('a saved token the API refuses is removed and the login page shows', async ({ page, context }) => {
  await context.addCookies([{ name: SAVED_TOKEN, value: 'not-a-token', url: sso.appOrigin, httpOnly: true }]);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: msg('en', 'LoginPage.employeeLink') })).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === SAVED_TOKEN)).toBeUndefined();
});

test('log out removes the saved token and revokes it', async ({ page, context }) => {
  await adminLogin(page);
  const saved = (await context.cookies()).find((c) => c.name === SAVED_TOKEN)!;
  await page.getByRole('button', { name: msg('en', 'Header.menu') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: msg('en', 'Header.logOut') })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).find((c) => c.name === SAVED_TOKEN)).toBeUndefined();
  const res = await page.request.get('/api/user/current-user', { headers: { authorization: `Bearer ${saved.value}` } });
  expect(res.status()).toBe(401);
});
