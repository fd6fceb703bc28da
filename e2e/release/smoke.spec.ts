import { expect, test } from '@playwright/test';
import en from '../../messages/en.json';
import pkg from '../../package.json';

const { version } = pkg;

// The release folder of `npm run package`, started with `node server.js` (playwright.release.config.ts):
// it answers its health checks, serves its static files and lets the demo user sign in to Monthly Reports.

test('health and readiness answer ok without a token', async ({ request }) => {
  expect(await (await request.get('/api/health')).json()).toEqual({ status: 'ok', version });
  expect(await (await request.get('/api/ready')).json()).toEqual({ status: 'ok' });
});

test('sign in and see Monthly Reports, with the security headers the app sets', async ({ page }) => {
  const response = await page.goto('/login');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await page.locator('input[name="username"]').fill('demo');
  await page.locator('input[name="password"]').fill('Demo-2026');
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.Header.titles.monthlyReports);
  await expect(page.getByTestId(/^report-row-/)).toHaveCount(12);
});

test('API calls are answered by the edge directly, next-auth by Next', async ({ request }) => {
  // Next's router marks what it answers with `Vary: rsc, …`; scripts/direct-api.mts does not.
  const api = await request.get('/api/health', { headers: { 'x-request-id': 'release-direct-1' } });
  expect(api.headers()).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-request-id': 'release-direct-1',
  });
  expect(api.headers()['permissions-policy']).toContain('camera=()');
  expect(api.headers().vary ?? '').not.toContain('rsc');
  const csrf = await request.get('/api/auth/csrf');
  expect((await csrf.json()).csrfToken).toEqual(expect.any(String));
  expect(csrf.headers().vary).toContain('rsc');
});
