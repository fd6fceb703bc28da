// Axe scans and screenshots (390 px and 1280 px) of login, forgot password, change password, branch and feedback.
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, expect, test } from './support/auth';
import { LANGS, msg } from './support/messages';
import { shootWidths } from './support/shots';

for (const lang of LANGS) {
  test.describe(`signed out (${lang})`, () => {
    test.use({ lang });

    test('login', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: msg(lang, 'LoginPage.login'), exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `login ${lang}`);
      await shootWidths(page, 'login', lang);
      // The error state too.
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.9.9.${lang === 'en' ? 1 : 2}` });
      await page.getByLabel(msg(lang, 'LoginPage.username')).fill('demo');
      await page.getByLabel(msg(lang, 'LoginPage.password'), { exact: true }).fill('Wrong-1');
      await page.getByLabel(msg(lang, 'LoginPage.password'), { exact: true }).press('Enter');
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `login error ${lang}`);
      await shootWidths(page, 'login-error', lang);
    });

    test('forgot password', async ({ page }) => {
      await page.goto('/forgot-password');
      await expect(page.getByRole('button', { name: msg(lang, 'ForgotPasswordPage.sendEmail'), exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `forgot-password ${lang}`);
      await shootWidths(page, 'forgot-password', lang);
    });
  });

  test.describe(`signed in (${lang})`, () => {
    test.use({ lang, signedInAs: DEMO });

    test('change password', async ({ page }) => {
      await page.goto('/change-password');
      await expect(page.getByLabel(msg(lang, 'ChangePasswordPage.oldPassword'), { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `change-password ${lang}`);
      await shootWidths(page, 'change-password', lang);
      // With errors showing.
      await page.getByLabel(msg(lang, 'ChangePasswordPage.newPassword'), { exact: true }).fill('short');
      await page.getByLabel(msg(lang, 'ChangePasswordPage.confirmPassword'), { exact: true }).fill('other');
      await page.getByLabel(msg(lang, 'ChangePasswordPage.oldPassword'), { exact: true }).focus();
      await expect(page.getByText(msg(lang, 'Errors.PWD_NEW_VALIDATE'), { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `change-password errors ${lang}`);
      await shootWidths(page, 'change-password-errors', lang);
    });

    test('organisation details', async ({ page }) => {
      await page.goto('/branch');
      await expect(page.getByLabel(msg(lang, 'BranchPage.name'), { exact: true })).toHaveValue(/\S/);
      await expectNoSeriousA11yViolations(page, `branch ${lang}`);
      await shootWidths(page, 'branch', lang);
      await page.getByLabel(msg(lang, 'BranchPage.city'), { exact: true }).fill('');
      await page.getByLabel(msg(lang, 'BranchPage.city'), { exact: true }).blur();
      await expect(page.getByText(msg(lang, 'Errors.ORG_CITY_VALIDATE'), { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `branch errors ${lang}`);
    });

    test('help and feedback, and its thank-you popup', async ({ page }) => {
      await page.goto('/feedback');
      await expect(page.getByLabel(msg(lang, 'FeedbackPage.contact'), { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `feedback ${lang}`);
      await shootWidths(page, 'feedback', lang);
      await page.route('**/bff/feedback', (r) => r.fulfill({ status: 201, contentType: 'application/json', body: '{}' }));
      await page.getByLabel(msg(lang, 'FeedbackPage.contact'), { exact: true }).selectOption({ index: 1 });
      await page.getByLabel(msg(lang, 'FeedbackPage.message'), { exact: true }).fill('Screenshot test');
      await page.getByRole('button', { name: msg(lang, 'FeedbackPage.submit'), exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `feedback dialog ${lang}`);
      await shootWidths(page, 'feedback-dialog', lang);
    });
  });
}
