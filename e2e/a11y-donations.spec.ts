import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtWidths } from './support/axe';
import { DEMO, expect, test } from './support/auth';
import { LANGS, MESSAGES, addDonationByApi, demoMonths, isoDay, sessionUser, settle } from './support/donations';
import { SHOTS, shot } from './support/shots';

// Axe scans (no serious or critical violation) at phone (390 px) and desktop (1280 px) widths and, with SHOTS=1,
// screenshots of each donation screen and its dialogs, both languages. One small test per screen, on a session made
// once per worker: each passes with room on a busy machine.

const scan = expectNoSeriousA11yViolationsAtWidths;

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
      await scan(page, `reports ${lang}`);
      await shoot(page, `reports-${lang}`);
    });

    test('an open month', async ({ page }) => {
      await page.goto('/');
      const user = await sessionUser(page);
      await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1) });
      await page.goto(`/donations/${open.year}/${open.month}`);
      await expect(page.getByTestId('donation-row').first()).toBeVisible();
      await scan(page, `month ${lang}`);
      await shoot(page, `month-${lang}`);
    });

    test('a submitted month', async ({ page }) => {
      await page.goto(`/donations/${submitted.year}/${submitted.month}`);
      await expect(page.getByTestId('submitted-note')).toBeVisible();
      // The list arrives with the page; the reopen request's button is enabled once the month's history is in, and
      // its colour change must be over before the contrast check.
      await expect(page.getByRole('button', { name: MESSAGES[lang].MonthReopen.requestButton })).toBeEnabled();
      await settle(page);
      await scan(page, `month submitted ${lang}`);
      await shoot(page, `month-submitted-${lang}`);
      // The reopening request's dialog (a reason dialog), left unsent.
      await page.getByRole('button', { name: MESSAGES[lang].MonthReopen.requestButton }).click();
      await expect(page.getByRole('dialog', { name: MESSAGES[lang].MonthReopen.dialogTitle })).toBeVisible();
      await scan(page, `reopen request dialog ${lang}`);
      await shoot(page, `reopen-dialog-${lang}`);
    });

    test('printable month report', async ({ page }) => {
      await page.goto('/');
      const user = await sessionUser(page);
      await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1) });
      await page.goto(`/donations/${open.year}/${open.month}/report`);
      await expect(page.getByTestId('report-list')).toBeVisible();
      await settle(page);
      await scan(page, `printable report ${lang}`);
      await shoot(page, `report-${lang}`);
    });

    test('add donation, then its errors', async ({ page }) => {
      await page.goto(`/donations/add?year=${open.year}&from=%2F`);
      await expect(page.getByTestId('categories-total')).toBeVisible();
      // Every group of fields has a name (pa11y found the first one without): the details, then the categories.
      await expect(page.getByRole('group', { name: MESSAGES[lang].DonationForm.detailsLegend, exact: true })).toBeVisible();
      for (const group of await page.locator('form fieldset').all()) await expect(group).toHaveAccessibleName(/\S/);
      await scan(page, `add ${lang}`);
      await shoot(page, `add-${lang}`);
      await page.getByRole('button', { name: lang === 'fr' ? 'Ajouter le don' : 'Add Donation' }).click();
      await expect(page.getByTestId('categories-header')).toHaveAttribute('data-invalid', 'true');
      await scan(page, `add with errors ${lang}`);
      await shoot(page, `add-errors-${lang}`);
    });

    test('the unusual weight question', async ({ page }) => {
      await page.goto(`/donations/add?year=${open.year}&month=${open.month}&from=%2F`);
      // The last donation's store, whose usual weight the question names; nothing is saved (Escape).
      await page.getByTestId('repeat-donation').getByRole('button').first().click();
      await page.getByLabel(MESSAGES[lang].DonationForm.unit, { exact: true }).selectOption('1');
      await page.getByLabel(MESSAGES[lang].DonationForm.weight, { exact: true }).fill('99999');
      await page.getByRole('button', { name: MESSAGES[lang].DonationForm.addDonation }).click();
      await expect(page.getByRole('dialog', { name: MESSAGES[lang].FasterEntry.confirmTitle })).toBeVisible();
      await scan(page, `unusual weight dialog ${lang}`);
      await shoot(page, `unusual-weight-dialog-${lang}`);
      await page.keyboard.press('Escape');
    });

    test('edit donation', async ({ page }) => {
      await page.goto('/');
      const user = await sessionUser(page);
      const donation = await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1) });
      await page.goto(`/donations/edit/${donation.id}/${donation.campaignId}`);
      await expect(page.getByTestId('categories-total')).toBeVisible();
      await scan(page, `edit ${lang}`);
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
      await scan(page, `submit dialog ${lang}`);
      await shot(page, `screenshots/submit-dialog-${lang}-390.png`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: lang === 'fr' ? 'Exporter les dons' : 'Export donations' }).click();
      await expect(page.getByRole('dialog').getByRole('heading')).toBeVisible();
      await scan(page, `export dialog ${lang}`);
      await shot(page, `screenshots/export-dialog-${lang}-390.png`);
    });
  });
}
