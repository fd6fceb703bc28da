// Axe scans at phone (390 px) and desktop (1280 px) widths, and screenshots, of login, forgot password, the not-found
// page, change password, branch, feedback and the menu drawer.
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsAtWidths } from './support/axe';
import { DEMO, expect, test } from './support/auth';
import { LANGS, msg } from './support/messages';
import { shootWidths } from './support/shots';

// The scan itself: one analysis holds the tagged rules and the name-mismatch rule enabled beside them, so a
// control named otherwise than its visible text fails it, as does a control with no name at all.
test('the scan names a control whose name does not contain its visible text', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>t</title></head><body><main><h1>t</h1>' +
      '<button aria-label="Ask Toronto to correct">Confirm</button><button></button></main></body></html>',
  );
  const failure = await expectNoSeriousA11yViolations(page, 'mismatch').then(
    () => '',
    (e: Error) => e.message,
  );
  expect(failure).toContain('label-content-name-mismatch');
  expect(failure).toContain('button-name');
});

for (const lang of LANGS) {
  test.describe(`signed out (${lang})`, () => {
    test.use({ lang });

    test('login', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: msg(lang, 'LoginPage.login'), exact: true })).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `login ${lang}`);
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
      await expectNoSeriousA11yViolationsAtWidths(page, `forgot-password ${lang}`);
      await shootWidths(page, 'forgot-password', lang);
    });
  });

  test.describe(`signed in (${lang})`, () => {
    test.use({ lang, signedInAs: DEMO });

    test('change password', async ({ page }) => {
      await page.goto('/change-password');
      await expect(page.getByLabel(msg(lang, 'ChangePasswordPage.oldPassword'), { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `change-password ${lang}`);
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
      await expectNoSeriousA11yViolationsAtWidths(page, `branch ${lang}`);
      await shootWidths(page, 'branch', lang);
      await page.getByLabel(msg(lang, 'BranchPage.city'), { exact: true }).fill('');
      await page.getByLabel(msg(lang, 'BranchPage.city'), { exact: true }).blur();
      await expect(page.getByText(msg(lang, 'Errors.ORG_CITY_VALIDATE'), { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `branch errors ${lang}`);
    });

    test('help and feedback, and its thank-you popup', async ({ page }) => {
      await page.goto('/feedback');
      await expect(page.getByLabel(msg(lang, 'FeedbackPage.contact'), { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `feedback ${lang}`);
      await shootWidths(page, 'feedback', lang);
      await page.route('**/bff/feedback', (r) => r.fulfill({ status: 201, contentType: 'application/json', body: '{}' }));
      await page.getByLabel(msg(lang, 'FeedbackPage.contact'), { exact: true }).selectOption({ index: 1 });
      await page.getByLabel(msg(lang, 'FeedbackPage.message'), { exact: true }).fill('Screenshot test');
      await page.getByRole('button', { name: msg(lang, 'FeedbackPage.submit'), exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `feedback dialog ${lang}`);
      await shootWidths(page, 'feedback-dialog', lang);
    });

    test('the menu drawer', async ({ page }) => {
      await page.goto('/feedback');
      await page.getByRole('button', { name: msg(lang, 'Header.menu'), exact: true }).click();
      await expect(page.getByRole('dialog').getByRole('link', { name: msg(lang, 'Header.titles.branch') })).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `menu drawer ${lang}`);
      await shootWidths(page, 'menu-drawer', lang);
    });

    test('not found', async ({ page }) => {
      // A program screen, which the demo user (no program staff) is not to see: the not-found page inside the app's
      // header. (Signed out, a screen's address leads to the login screen; signed in, an unknown one leads home.)
      await page.goto('/program/requests');
      await expect(page.getByRole('heading', { name: msg(lang, 'NotFound.title') })).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `not found ${lang}`);
      await shootWidths(page, 'not-found', lang);
    });
  });
}
