import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './support/auth';
import { LANGS, MESSAGES, addDonationByApi, demoMonths, isoDay, sessionUser, settle } from './support/donations';
import { SHOTS, shot } from './support/shots';

// Axe scan (no serious or critical violation) and, with SHOTS=1, screenshots (390 px and 1280 px) of each donation screen, both
// languages. One small test per screen, on a session made once per worker: each passes with room on a busy machine.

async function scan(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    name,
  ).toEqual([]);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await shot(page, `screenshots/${name}-${width}.png`, { fullPage: true });
  }
}

const { open, submitted } = demoMonths();

for (const lang of LANGS) {
  test.describe(`donation screens pass axe and are photographed (${lang})`, () => {
    test.use({ lang, signedInAs: DEMO });
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });

    test('monthly reports', async ({ page }) => {
      await page.goto(`/?year=${open.year}`);
      await expect(page.getByTestId(/^report-row-/)).toHaveCount(12);
      await settle(page);
      await scan(page, 'reports');
      await shoot(page, `reports-${lang}`);
    });

    test('an open month', async ({ page }) => {
      await page.goto('/');
      const user = await sessionUser(page);
      await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1) });
      await page.goto(`/donations/${open.year}/${open.month}`);
      await expect(page.getByTestId('donation-row').first()).toBeVisible();
      await scan(page, 'month');
      await shoot(page, `month-${lang}`);
    });

    test('a submitted month', async ({ page }) => {
      await page.goto(`/donations/${submitted.year}/${submitted.month}`);
      await expect(page.getByTestId('submitted-note')).toBeVisible();
      // The list arrives with the page; the reopen request's button is enabled once the month's history is in, and
      // its colour change must be over before the contrast check.
      await expect(page.getByRole('button', { name: MESSAGES[lang].MonthReopen.requestButton })).toBeEnabled();
      await settle(page);
      await scan(page, 'month submitted');
      await shoot(page, `month-submitted-${lang}`);
    });

    test('add donation, then its errors', async ({ page }) => {
      await page.goto(`/donations/add?year=${open.year}&from=%2F`);
      await expect(page.getByTestId('categories-total')).toBeVisible();
      await scan(page, 'add');
      await shoot(page, `add-${lang}`);
      await page.getByRole('button', { name: lang === 'fr' ? 'Ajouter le don' : 'Add Donation' }).click();
      await expect(page.getByTestId('categories-header')).toHaveAttribute('data-invalid', 'true');
      await scan(page, 'add with errors');
      await shoot(page, `add-errors-${lang}`);
    });

    test('edit donation', async ({ page }) => {
      await page.goto('/');
      const user = await sessionUser(page);
      const donation = await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1) });
      await page.goto(`/donations/edit/${donation.id}/${donation.campaignId}`);
      await expect(page.getByTestId('categories-total')).toBeVisible();
      await scan(page, 'edit');
      await shoot(page, `edit-${lang}`);
    });

    test('submit and export dialogs', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      const user = await sessionUser(page);
      await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1) });
      await page.goto(`/donations/${open.year}/${open.month}`);
      await page.getByRole('button', { name: lang === 'fr' ? 'Soumettre le rapport' : 'Submit Report' }).click();
      await expect(page.getByRole('dialog').getByRole('heading')).toBeVisible();
      await scan(page, 'submit dialog');
      await shot(page, `screenshots/submit-dialog-${lang}-390.png`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: lang === 'fr' ? 'Exporter les dons' : 'Export donations' }).click();
      await expect(page.getByRole('dialog').getByRole('heading')).toBeVisible();
      await scan(page, 'export dialog');
      await shot(page, `screenshots/export-dialog-${lang}-390.png`);
    });
  });
}
