import { expect, test } from '@playwright/test';
import en from '../../messages/en.json';

// The release folder of `npm run package`, started with `node server.js` (playwright.release.config.ts):
// it answers its health checks, serves its static files and lets the demo user sign in to Monthly Reports.

test('health and readiness answer ok without a token', async ({ request }) => {
  expect(await (await request.get('/api/health')).json()).toEqual({ status: 'ok' });
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
