// Help and Feedback (/feedback): contacts, 15-row message, thank-you popup, failure text (sections 2 and 8).
import { isHome, DEMO, expect, test } from './support/auth';
import { LANGS, msg } from './support/messages';

for (const lang of LANGS) {
  test.describe(`feedback (${lang})`, () => {
    test.use({ lang, signedInAs: DEMO });
    const t = (k: string) => msg(lang, `FeedbackPage.${k}`);

    test('send: Submit disabled until a contact and a message, thank-you popup, message cleared', async ({ page }) => {
      await page.goto('/feedback');
      await expect(page.getByRole('heading', { level: 1, name: msg(lang, 'Header.titles.feedback') })).toBeVisible();
      const contact = page.getByLabel(t('contact'), { exact: true });
      const message = page.getByLabel(t('message'), { exact: true });
      const submit = page.getByRole('button', { name: t('submit'), exact: true });
      await expect(message).toHaveAttribute('rows', '15');
      expect(await contact.locator('option').count()).toBeGreaterThan(1);
      // The topics of section 3 in the user's language.
      await expect(contact.locator('option', { hasText: lang === 'fr' ? 'Dons individuels' : 'Individual Donations' })).toHaveCount(1);
      await expect(submit).toBeDisabled();
      await contact.selectOption({ index: 1 });
      await expect(submit).toBeDisabled();
      await message.fill('   ');
      await expect(submit).toBeDisabled();
      await message.fill(`Hello from the end-to-end test (${lang}).`);
      await expect(submit).toBeEnabled();
      await submit.click();
      const dialog = page.getByRole('dialog', { name: t('dialogTitle') });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(t('thankYou'));
      await expect(dialog).toContainText(t('reply'));
      await expect(dialog).toContainText(t('signOff'));
      if (lang === 'en') await expect(dialog).toContainText('within one business day');
      await dialog.getByRole('button', { name: t('close'), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(message).toHaveValue('');
    });

    test('failure text, and Cancel goes home', async ({ page }) => {
      await page.goto('/feedback');
      await page.route('**/bff/feedback', (r) => r.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"X","message":"x"}' }));
      await page.getByLabel(t('contact'), { exact: true }).selectOption({ index: 1 });
      await page.getByLabel(t('message'), { exact: true }).fill('This one will fail.');
      await page.getByRole('button', { name: t('submit'), exact: true }).click();
      const alert = page.getByRole('main').getByRole('alert');
      await expect(alert).toHaveText(msg(lang, 'Errors.NOTE_FEEDBACK_ERROR'));
      if (lang === 'en') await expect(alert).toHaveText('Error sending feedback. Please try again shortly.');
      await expect(page.getByLabel(t('message'), { exact: true })).toHaveValue('This one will fail.');
      await page.getByRole('button', { name: t('cancel'), exact: true }).click();
      await expect(page).toHaveURL(isHome);
    });
  });
}
