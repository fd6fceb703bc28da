// Axe scans of the retail partner's screens at phone (390 px) and desktop (1280 px) widths: no serious or critical
// violation, in English and French, as the demo partner `retail` (served by the main app, as in partner.spec.ts).
import { expectNoSeriousA11yViolationsAtWidths } from './support/axe';
import { RETAIL } from './support/a11y-data';
import { expect, test } from './support/auth';
import { LANGS, MESSAGES } from './support/donations';

for (const lang of LANGS) {
  test.describe(`partner screens (${lang})`, () => {
    test.use({ lang, signedInAs: RETAIL });
    const t = MESSAGES[lang];

    test(`figures (${lang})`, async ({ page }) => {
      // Two scans at two widths each: the screen, then with the store picker open.
      test.slow();
      await page.goto('/partner');
      await expect(page.getByTestId('by-month-table').locator('tbody tr').first()).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `/partner ${lang}`);
      // The store picker open, with the stores the server found for what was typed.
      await page.getByRole('combobox', { name: t.Partner.figures.store }).fill('a');
      await expect(page.getByRole('listbox', { name: t.Partner.figures.store }).getByRole('option').first()).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `/partner store picker ${lang}`);
    });

    test(`lines, with a query form open (${lang})`, async ({ page }) => {
      await page.goto('/partner/lines');
      await expect(page.getByTestId('line-row').first()).toBeVisible();
      // Opened, not sent: the form is part of the screen to check, and no query is made.
      await page.getByRole('button', { name: t.PartnerLines.open }).first().click();
      await expect(page.getByRole('button', { name: t.PartnerLines.send })).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `/partner/lines ${lang}`);
    });

    test(`statements (${lang})`, async ({ page }) => {
      await page.goto('/partner/statements');
      await expect(page.getByTestId('not-a-receipt')).toHaveText(t.Partner.statements.notReceipt);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolationsAtWidths(page, `/partner/statements ${lang}`);
    });
  });
}
