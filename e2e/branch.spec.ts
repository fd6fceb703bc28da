// Update organisation details (/branch): its fields, rules and answers (docs/product.md, Organisation details).
import { DEMO, expect, test } from './support/auth';
import { LANGS, msg } from './support/messages';

const REQUIRED = [
  ['name', 'ORG_NAME_VALIDATE', 'Please enter a name'],
  ['phoneNumber', 'ORG_PHONE_VALIDATE', 'Please enter a phone number'],
  ['email', 'ORG_EMAIL_VALIDATE', 'Please enter a valid email'],
  ['address1', 'ORG_ADDRESS_VALIDATE', 'Please enter an address'],
  ['city', 'ORG_CITY_VALIDATE', 'Please enter a city'],
  ['postalCode', 'ORG_POSTAL_CODE_VALIDATE', 'Please enter a postal code'],
] as const;

for (const lang of LANGS) {
  test.describe(`organisation details (${lang})`, () => {
    test.use({ lang, signedInAs: DEMO });
    const label = (k: string) => msg(lang, `BranchPage.${k}`);

    test('every field of the selected branch, province names, operating hours of 3 rows', async ({ page }) => {
      await page.goto('/branch');
      await expect(page.getByRole('heading', { level: 1, name: msg(lang, 'Header.titles.branch') })).toBeVisible();
      await expect(page.getByLabel(label('name'), { exact: true })).toHaveValue(/\S/);
      for (const k of [
        'phoneNumber',
        'email',
        'address1',
        'address2',
        'city',
        'province',
        'postalCode',
        'website',
        'operatingHours',
        'contactName',
        'contactTitle',
        'contactEmail',
        'contactPhoneNumber',
        'numStaff',
        'numVolunteers',
        'numServedInPreviousYear',
        'totalPoundsDistributedAnnually',
      ]) {
        await expect(page.getByLabel(label(k), { exact: true })).toBeVisible();
      }
      const province = page.getByLabel(label('province'), { exact: true });
      await expect(province.locator('option')).toHaveCount(14);
      await expect(province.locator('option[value="QC"]')).toHaveText(lang === 'fr' ? 'Québec' : 'Quebec');
      await expect(province.locator('option[value="NL"]')).toHaveText(
        lang === 'fr' ? 'Terre-Neuve-et-Labrador' : 'Newfoundland and Labrador',
      );
      await expect(page.getByLabel(label('operatingHours'), { exact: true })).toHaveAttribute('rows', '3');
    });

    test('required fields and the e-mail rule: message under the field, Save blocked', async ({ page }) => {
      await page.goto('/branch');
      await expect(page.getByLabel(label('name'), { exact: true })).toHaveValue(/\S/);
      const save = page.getByRole('button', { name: label('save'), exact: true });
      for (const [field, code, english] of REQUIRED) {
        const input = page.getByLabel(label(field), { exact: true });
        const before = await input.inputValue();
        await input.fill('   ');
        await input.blur();
        const error = page.getByText(msg(lang, `Errors.${code}`), { exact: true });
        await expect(error).toBeVisible();
        if (lang === 'en') await expect(error).toHaveText(english);
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(input).toHaveAttribute('aria-describedby', /error/);
        await expect(save).toBeDisabled();
        await input.fill(before);
        await expect(error).toHaveCount(0);
      }
      const email = page.getByLabel(label('email'), { exact: true });
      const before = await email.inputValue();
      await email.fill('not-an-email');
      await email.blur();
      await expect(page.getByText(msg(lang, 'Errors.ORG_EMAIL_VALIDATE'), { exact: true })).toBeVisible();
      await expect(save).toBeDisabled();
      await email.fill(before);
      await expect(save).toBeEnabled();
    });

    test('save: success text, values kept; letters in a statistic are refused under the field', async ({ page }) => {
      await page.goto('/branch');
      await expect(page.getByLabel(label('name'), { exact: true })).toHaveValue(/\S/);
      const hours = `Mon-Fri 9-5 (${lang} ${Date.now()})\nSat 10-2`;
      await page.getByLabel(label('operatingHours'), { exact: true }).fill(hours);
      // en moves the branch to Quebec and fr back to Ontario (its demo province), so later specs see it where it was.
      await page.getByLabel(label('province'), { exact: true }).selectOption(lang === 'fr' ? 'ON' : 'QC');
      await page.getByLabel(label('numVolunteers'), { exact: true }).fill('42');
      const staff = page.getByLabel(label('numStaff'), { exact: true });
      await staff.fill('many');
      await staff.blur();
      await expect(page.getByText(label('statisticNotNumber'))).toBeVisible();
      await expect(page.getByRole('button', { name: label('save'), exact: true })).toBeDisabled();
      await staff.fill('');
      await page.getByRole('button', { name: label('save'), exact: true }).click();
      const ok = page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: label('NOTE_ORG_UPDATE_SUCCESS') });
      await expect(ok).toBeVisible();
      if (lang === 'en') await expect(ok).toHaveText('Successfully updated organization details.');
      await page.reload();
      await expect(page.getByLabel(label('operatingHours'), { exact: true })).toHaveValue(hours);
      await expect(page.getByLabel(label('province'), { exact: true })).toHaveValue(lang === 'fr' ? 'ON' : 'QC');
      await expect(page.getByLabel(label('numVolunteers'), { exact: true })).toHaveValue('42');
      await expect(page.getByLabel(label('numStaff'), { exact: true })).toHaveValue('');
    });

    test('server refusals: 400 address text, other failures', async ({ page }) => {
      await page.goto('/branch');
      await expect(page.getByLabel(label('name'), { exact: true })).toHaveValue(/\S/);
      for (const [status, key, english] of [
        [400, 'NOTE_ORG_UPDATE_ADDRESS_FAILED', 'Error parsing organization address. Please verify it is correct and try again.'],
        [500, 'NOTE_ORG_UPDATE_FAILED', 'Error updating organization details. Please try again shortly.'],
      ] as const) {
        await page.route('**/bff/branch/*', (r) =>
          r.request().method() === 'PUT'
            ? r.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ code: 'X', message: 'x' }) })
            : r.fallback(),
        );
        await page.getByRole('button', { name: label('save'), exact: true }).click();
        const alert = page.getByRole('main').getByRole('alert');
        await expect(alert).toHaveText(msg(lang, `Errors.${key}`));
        if (lang === 'en') await expect(alert).toHaveText(english);
        await page.unroute('**/bff/branch/*');
      }
    });

    test('a refusal that names a field shows under that field', async ({ page }) => {
      // The form checks the same rules first, so only an answer of the API's shape can get this far.
      await page.goto('/branch');
      await expect(page.getByLabel(label('name'), { exact: true })).toHaveValue(/\S/);
      await page.route('**/bff/branch/*', (r) =>
        r.request().method() === 'PUT'
          ? r.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({ code: 'ORG_CITY_VALIDATE', message: 'x', field: 'city' }),
            })
          : r.fallback(),
      );
      await page.getByRole('button', { name: label('save'), exact: true }).click();
      const city = page.getByLabel(label('city'), { exact: true });
      await expect(city).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(msg(lang, 'Errors.ORG_CITY_VALIDATE'), { exact: true })).toBeVisible();
    });
  });
}

for (const lang of LANGS) {
  test.describe(`reminder setting (${lang})`, () => {
    test.use({ lang, signedInAs: DEMO });
    test('comes with the page, is saved as soon as it changes, and is read back after a reload', async ({ page }) => {
      const box = page.getByLabel(msg(lang, 'ReminderSetting.label'), { exact: true });
      await page.goto('/branch');
      await expect(box).toBeChecked();
      await box.uncheck();
      await expect(page.getByText(msg(lang, 'ReminderSetting.off'), { exact: true })).toBeVisible();
      await page.reload();
      await expect(box).not.toBeChecked();
      await box.check();
      await expect(page.getByText(msg(lang, 'ReminderSetting.on'), { exact: true })).toBeVisible();
      await page.reload();
      await expect(box).toBeChecked();
    });
  });
}

test.describe('branch switch', () => {
  test.use({ signedInAs: DEMO });
  test('switching the Food Bank reloads the organisation details', async ({ page }) => {
    await page.goto('/branch');
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue(/\S/);
    const first = await name.inputValue();
    const select = page.getByRole('banner').getByLabel('Food Bank');
    const options = await select.locator('option').allTextContents();
    expect(options.length, 'the demo data gives the demo user two branches').toBeGreaterThanOrEqual(2);
    const current = await select.inputValue();
    const other = await select
      .locator('option')
      .evaluateAll((os, cur) => (os as HTMLOptionElement[]).find((o) => o.value !== cur)!.value, current);
    await select.selectOption(other);
    await expect(name).not.toHaveValue(first);
    await expect(name).toHaveValue(/\S/);
    // And back, so the session ends where it started.
    await select.selectOption(current);
    await expect(name).toHaveValue(first);
  });
});
