// Axe scans of the program's oversight screens at phone (390 px) and desktop (1280 px) widths: no serious or
// critical violation, in English and French, signed in as the demo program administrator. The marked donations and
// the partners' questions are scanned with one of each that the test made itself.
import { expectNoSeriousA11yViolationsAtWidths } from './support/axe';
import { PROGRAM, demoDonation, partnerQuery } from './support/a11y-data';
import { expect, test } from './support/auth';
import { LANGS, MESSAGES } from './support/donations';
import { shootWidths } from './support/shots';

const SCREENS = [
  ['month', '/program'],
  ['year', '/program/year'],
  ['totals', '/program/totals'],
  ['audit', '/program/audit'],
  ['partner report', '/program/partner-report'],
  ['reopen requests', '/program/requests'],
] as const;

const run = Date.now().toString(36);

for (const lang of LANGS) {
  test.describe(`program oversight screens (${lang})`, () => {
    test.use({ lang, signedInAs: PROGRAM });

    for (const [name, path] of SCREENS) {
      test(`${name} (${lang})`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoSeriousA11yViolationsAtWidths(page, `${path} ${lang}`);
      });
    }

    test(`marked donations, with one of the test's own (${lang})`, async ({ page, baseURL }) => {
      const donation = await demoDonation(baseURL!, 99_999);
      try {
        await page.goto('/program/marked');
        await expect(page.getByRole('heading', { level: 1, name: MESSAGES[lang].ProgramMarked.pageTitle })).toBeVisible();
        await expect(page.getByTestId('marked-donation').first()).toBeVisible();
        await expectNoSeriousA11yViolationsAtWidths(page, `/program/marked ${lang}`);
        await shootWidths(page, 'program-marked', lang);
      } finally {
        await donation.remove();
      }
    });

    test(`partners' questions, with an open one of the test's own (${lang})`, async ({ page, baseURL }) => {
      const reason = `Axe scan at two widths (${lang} ${run})`;
      await partnerQuery(baseURL!, reason);
      await page.goto('/program/queries');
      // An open question, so the scan sees its answer form too.
      await expect(page.getByTestId('partner-query').filter({ hasText: reason })).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `/program/queries ${lang}`);
      await shootWidths(page, 'program-queries-open', lang);
    });
  });
}
