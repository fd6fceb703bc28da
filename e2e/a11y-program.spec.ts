// Axe scans of the program's screens: no serious or critical violation, in English and
// French, signed in as the demo program administrator.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { LANGS } from './support/donations';
import { login } from './support/auth';

const SCREENS = [
  ['month', '/program'],
  ['year', '/program/year'],
  ['totals', '/program/totals'],
  ['audit', '/program/audit'],
  ['partner report', '/program/partner-report'],
  ['reopen requests', '/program/requests'],
] as const;

for (const lang of LANGS) {
  for (const [name, path] of SCREENS) {
    test(`${name} (${lang})`, async ({ page }) => {
      await login(page, { lang, username: 'program' });
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page, `${path} ${lang}`);
    });
  }
}
