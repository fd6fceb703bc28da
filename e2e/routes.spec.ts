import { expect, test } from './support/test';

test('an unknown path goes to the login page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login/);
});
