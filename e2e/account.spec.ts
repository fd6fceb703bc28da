// Change password and Forgot Password (docs/product.md, Change password; Forgotten password), in English and French.
import { isHome, DEMO, DEMO2, expect, loginThroughForm, test } from './support/auth';
import { LANGS, msg } from './support/messages';

for (const lang of LANGS) {
  test.describe(`change password (${lang})`, () => {
    test.use({ lang });

    test('rules, Save disabled until all three are filled and valid, Cancel goes home', async ({ page }) => {
      await loginThroughForm(page, DEMO);
      await page.goto('/change-password');
      await expect(page.getByRole('heading', { level: 1, name: msg(lang, 'Header.titles.changePassword') })).toBeVisible();
      const oldPw = page.getByLabel(msg(lang, 'ChangePasswordPage.oldPassword'), { exact: true });
      const newPw = page.getByLabel(msg(lang, 'ChangePasswordPage.newPassword'), { exact: true });
      const confirm = page.getByLabel(msg(lang, 'ChangePasswordPage.confirmPassword'), { exact: true });
      const save = page.getByRole('button', { name: msg(lang, 'ChangePasswordPage.save'), exact: true });
      await expect(save).toBeDisabled();

      await oldPw.fill('x');
      await oldPw.fill('');
      await oldPw.blur();
      await expect(page.getByText(msg(lang, 'Errors.PWD_OLD_VALIDATE'))).toBeVisible();
      await expect(oldPw).toHaveAttribute('aria-invalid', 'true');

      await oldPw.fill('anything');
      for (const bad of ['Ab1', 'abcdef1', 'ABCDEF1', 'Abcdefg', 'Abc de1']) {
        await newPw.fill(bad);
        await newPw.blur();
        await expect(page.getByText(msg(lang, 'Errors.PWD_NEW_VALIDATE'), { exact: true })).toBeVisible();
      }
      await newPw.fill('Good-Pass1');
      await expect(page.getByText(msg(lang, 'Errors.PWD_NEW_VALIDATE'), { exact: true })).toHaveCount(0);
      await confirm.fill('Good-Pass2');
      await confirm.blur();
      await expect(page.getByText(msg(lang, 'Errors.PWD_CONFIRM_VALIDATE'))).toBeVisible();
      await expect(save).toBeDisabled();
      await confirm.fill('Good-Pass1');
      await expect(page.getByText(msg(lang, 'Errors.PWD_CONFIRM_VALIDATE'))).toHaveCount(0);
      await expect(save).toBeEnabled();
      // Each field has its own show/hide control.
      await expect(page.getByRole('button', { name: msg(lang, 'Common.showPassword') })).toHaveCount(3);
      await page
        .getByRole('button', { name: msg(lang, 'Common.showPassword') })
        .nth(1)
        .click();
      await expect(newPw).toHaveAttribute('type', 'text');

      await page.getByRole('button', { name: msg(lang, 'ChangePasswordPage.cancel'), exact: true }).click();
      await expect(page).toHaveURL(isHome);
    });

    test('a wrong old password, then a real change and back', async ({ page }) => {
      // demo2, signed in here only: changing its password revokes its other sessions.
      await loginThroughForm(page, DEMO2);
      await page.goto('/change-password');
      const fill = async (o: string, n: string) => {
        await page.getByLabel(msg(lang, 'ChangePasswordPage.oldPassword'), { exact: true }).fill(o);
        await page.getByLabel(msg(lang, 'ChangePasswordPage.newPassword'), { exact: true }).fill(n);
        await page.getByLabel(msg(lang, 'ChangePasswordPage.confirmPassword'), { exact: true }).fill(n);
        await page.getByRole('button', { name: msg(lang, 'ChangePasswordPage.save'), exact: true }).click();
      };
      await fill('Not-the-password-1', 'Other-Pass1');
      await expect(
        page
          .getByRole('main')
          .getByRole('alert')
          .filter({ hasText: msg(lang, 'Errors.NOTE_PWD_UPDATE_INVALID_OLD') }),
      ).toBeVisible();
      if (lang === 'en')
        await expect(page.getByRole('main').getByRole('alert').first()).toContainText('Invalid old password. Please try again shortly.');

      await fill(DEMO2.password, 'Changed-Pass9');
      await expect(
        page
          .getByRole('main')
          .getByRole('status')
          .filter({ hasText: msg(lang, 'ChangePasswordPage.NOTE_PWD_UPDATE_SUCCESS') }),
      ).toBeVisible();
      if (lang === 'en') await expect(page.getByText('Successfully updated your password.')).toBeVisible();
      // The form is cleared; change it back so the rest of the run can sign in.
      await expect(page.getByLabel(msg(lang, 'ChangePasswordPage.oldPassword'), { exact: true })).toHaveValue('');
      await fill('Changed-Pass9', DEMO2.password);
      await expect(
        page
          .getByRole('main')
          .getByRole('status')
          .filter({ hasText: msg(lang, 'ChangePasswordPage.NOTE_PWD_UPDATE_SUCCESS') }),
      ).toBeVisible();
    });

    test('server refusals (403, 404, other) show their own texts', async ({ page }) => {
      await loginThroughForm(page, DEMO);
      await page.goto('/change-password');
      const cases: [number, string, string][] = [
        [403, 'NOTE_PWD_UPDATE_FORBID_FAILED', msg(lang, 'Errors.NOTE_PWD_UPDATE_FORBID_FAILED')],
        [404, 'NOTE_PWD_UPDATE_NOT_FOUND_FAILED', msg(lang, 'Errors.NOTE_PWD_UPDATE_NOT_FOUND_FAILED')],
        [500, 'INTERNAL', msg(lang, 'Errors.NOTE_PWD_UPDATE_OTHER_FAILED')],
      ];
      for (const [status, code, text] of cases) {
        await page.route('**/bff/user/current-user/change-password', (r) =>
          r.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ code, message: code }) }),
        );
        await page.getByLabel(msg(lang, 'ChangePasswordPage.oldPassword'), { exact: true }).fill('Whatever-1');
        await page.getByLabel(msg(lang, 'ChangePasswordPage.newPassword'), { exact: true }).fill('Other-Pass1');
        await page.getByLabel(msg(lang, 'ChangePasswordPage.confirmPassword'), { exact: true }).fill('Other-Pass1');
        await page.getByRole('button', { name: msg(lang, 'ChangePasswordPage.save'), exact: true }).click();
        await expect(page.getByRole('main').getByRole('alert')).toHaveText(text);
        await page.unroute('**/bff/user/current-user/change-password');
      }
      if (lang === 'en') {
        await page.route('**/bff/user/current-user/change-password', (r) =>
          r.fulfill({ status: 403, contentType: 'application/json', body: '{}' }),
        );
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(page.getByRole('main').getByRole('alert')).toHaveText(
          'not allowed to change password. Please contact your administrator',
        );
      }
    });
  });

  test.describe(`forgot password (${lang})`, () => {
    test.use({ lang });

    test('Send Email disabled while empty; a known and an unknown username get the same answer; Back To Login', async ({ page }) => {
      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { level: 1, name: msg(lang, 'ForgotPasswordPage.title') })).toBeVisible();
      await expect(page.getByText(msg(lang, 'ForgotPasswordPage.intro'))).toBeVisible();
      const send = page.getByRole('button', { name: msg(lang, 'ForgotPasswordPage.sendEmail'), exact: true });
      await expect(send).toBeDisabled();
      await page.getByLabel(msg(lang, 'ForgotPasswordPage.username')).fill('   ');
      await expect(send).toBeDisabled();
      // A real request for a demo user is harmless now: it mails a link, and the current password keeps working.
      const answers: string[] = [];
      for (const username of [DEMO2.username, `no-such-user-${lang}`]) {
        await page.getByLabel(msg(lang, 'ForgotPasswordPage.username')).fill(username);
        const answered = page.waitForResponse((r) => /\/bff\/public\/forgot-password$/.test(r.url()));
        await send.click();
        const res = await answered;
        // The body is compared in tests/api/forgot-password.test.ts (reading it here waits on the page's own read).
        answers.push(String(res.status()));
        await expect(page.getByRole('main').getByRole('status')).toHaveText(msg(lang, 'ForgotPasswordPage.success'));
      }
      expect(answers[1]).toBe(answers[0]);
      expect(answers[0]).toBe('200');
      await page.getByRole('link', { name: msg(lang, 'ForgotPasswordPage.backToLogin') }).click();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('a server that cannot be reached, then the one success text', async ({ page }) => {
      await page.goto('/forgot-password');
      const cases: [number, string | null, string][] = [
        [503, null, msg(lang, 'Errors.FORGOT_SEND_FAILED')],
        [502, null, msg(lang, 'Errors.FORGOT_SEND_FAILED')],
      ];
      await page.getByLabel(msg(lang, 'ForgotPasswordPage.username')).fill('someone');
      for (const [status, code, text] of cases) {
        await page.route('**/bff/public/forgot-password', (r) =>
          r.fulfill({ status, contentType: 'application/json', body: JSON.stringify(code ? { code, message: code } : { message: 'x' }) }),
        );
        await page.getByRole('button', { name: msg(lang, 'ForgotPasswordPage.sendEmail'), exact: true }).click();
        await expect(page.getByRole('main').getByRole('alert').filter({ hasText: text })).toBeVisible();
        await page.unroute('**/bff/public/forgot-password');
      }
      if (lang === 'en') {
        await page.getByRole('button', { name: 'Send Email', exact: true }).click();
        await expect(page.getByRole('main').getByRole('status')).toContainText(
          'If this username belongs to an account that signs in with a password, a link to choose a new password is on its way',
        );
      }
    });
  });
}

test('a session whose token was revoked elsewhere gets the login form, not a redirect loop', async ({ browser }) => {
  const a = await browser.newContext();
  const b = await browser.newContext();
  try {
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    await loginThroughForm(pageA, DEMO2);
    await loginThroughForm(pageB, DEMO2);
    // B changes the password: A's token is revoked, A's cookie is still there.
    const change = async (o: string, n: string) => {
      await pageB.goto('/change-password');
      await pageB.getByLabel('Old Password', { exact: true }).fill(o);
      await pageB.getByLabel('New Password', { exact: true }).fill(n);
      await pageB.getByLabel('Confirm New Password', { exact: true }).fill(n);
      await pageB.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(pageB.getByRole('main').getByRole('status').filter({ hasText: 'Successfully updated your password.' })).toBeVisible();
    };
    await change(DEMO2.password, 'Revoke-Pass7');
    await pageA.goto('/login');
    await expect(pageA).toHaveURL(/\/login$/);
    await expect(pageA.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await pageA.goto('/feedback');
    await expect(pageA).toHaveURL(/\/login/);
    await change('Revoke-Pass7', DEMO2.password);
  } finally {
    await a.close();
    await b.close();
  }
});

test('forgot-password BFF refuses cross-site posts', async ({ request }) => {
  const res = await request.post('/bff/public/forgot-password', {
    data: { username: 'demo' },
    headers: { origin: 'https://evil.example' },
  });
  expect(res.status()).toBe(403);
});
