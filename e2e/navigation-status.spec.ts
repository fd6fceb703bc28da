import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { LANGS, MESSAGES, demoMonths, settle } from './support/donations';
import { login } from './support/auth';

// A navigation between signed-in screens keeps the screen being left in place until the next one has rendered, and
// says meanwhile that it is loading: a spinner at the foot of the screen and the same words for screen readers.

/**
 * Holds the server's answers to client-side navigations (Next's RSC requests) to paths matching `path` until the test
 * lets them through: the network is real, only slower, so the test sees the state a slow connection shows.
 */
async function holdNavigations(page: Page, path: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().headers()['rsc'] === '1') await released;
      await route.fallback();
    },
  );
  return release;
}

for (const lang of LANGS) {
  const loading = MESSAGES[lang].Common.loading;

  test(`a slow navigation shows and announces that it is loading, then the next screen (${lang})`, async ({ page }) => {
    await login(page, { lang });
    const { open } = demoMonths();
    await page.goto(`/?year=${open.year}`);
    await settle(page);
    const status = page.getByTestId('navigation-status');
    await expect(status).toHaveText('');

    const release = await holdNavigations(page, /^\/donations\/\d{4}\/\d{1,2}$/);
    await page.getByTestId(`report-row-${open.month}`).getByRole('link').click();
    // The screen being left stays, with the spinner at its foot and the words in the live region.
    await expect(status).toHaveText(loading);
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(page.getByText(loading, { exact: true }).and(page.locator('[aria-hidden="true"]'))).toBeVisible();
    await expect(page.getByTestId(`report-row-${open.month}`)).toBeVisible();

    release();
    await expect(page).toHaveURL(new RegExp(`/donations/${open.year}/${open.month}$`));
    await expect(page.getByTestId('month-picker')).toBeVisible();
    await expect(status).toHaveText('');
    await expect(page.getByText(loading, { exact: true })).toHaveCount(0);
  });
}

test('the header’s back arrow, a navigation the app starts itself, shows the same loading state', async ({ page }) => {
  await login(page);
  const { open } = demoMonths();
  await page.goto(`/donations/${open.year}/${open.month}`);
  await expect(page.getByTestId('month-picker')).toBeVisible();
  const status = page.getByTestId('navigation-status');

  const release = await holdNavigations(page, /^\/$/);
  await page.getByRole('button', { name: MESSAGES.en.Header.back }).click();
  await expect(status).toHaveText(MESSAGES.en.Common.loading);
  await expect(page.getByTestId('month-picker')).toBeVisible();

  release();
  await expect(page).toHaveURL(/\/(\?year=\d{4})?$/);
  await expect(page.getByTestId(`report-row-${open.month}`)).toBeVisible();
  await expect(status).toHaveText('');
});
