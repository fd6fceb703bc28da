import { expect, test } from './support/test';
import { LANGS, MESSAGES, addDonationByApi, demoMonths, fill, isoDay, pastDay, pattern, sessionUser, stores } from './support/donations';
import { login, type Lang } from './support/auth';
import { CATS, form, pickStore, storeLabel } from './support/donation-form';
import { apiWrites } from './support/count-requests';
import { todayCalendarDate } from '../lib/domain/dates';
import { isoToTyped } from '../lib/domain/typed-input';

// Add and Edit donation in each language: fields, defaults, every validation, the slider rule, saves and server refusals.

// The form writes a date in the user's language (MM/DD/YYYY; AAAA-MM-JJ in French): lib/domain/typed-input.ts.
const typedIn = (lang: Lang, year: number, month: number, day: number) => isoToTyped({ year, month, day: pastDay(year, month, day) }, lang);
const todayIn = (lang: Lang) => isoToTyped(todayCalendarDate(new Date(), process.env.APP_TIME_ZONE || 'America/Toronto'), lang);

for (const lang of LANGS) {
  const c = CATS[lang];

  test.describe(`donation form (${lang})`, () => {
    test('defaults, then every validation message under its field', async ({ page }) => {
      await login(page, { lang });
      const { open } = demoMonths();
      await page.goto(`/donations/add?year=${open.year}&from=%2F`);
      const f = form(page, lang);
      await expect(f.date).toHaveValue(todayIn(lang));
      await expect(f.program).toBeDisabled();
      await expect(f.program.locator('option:checked')).toHaveText(f.t.rfpName);
      await expect(f.store).toHaveValue('');
      await expect(f.source.locator('option:checked')).toHaveText(f.t.sourceBack);
      await expect(f.weight).toHaveValue('0');
      await expect(f.unit.locator('option:checked')).toHaveText(f.t.unitPounds);
      expect(await f.unit.locator('option').allTextContents()).toEqual([f.t.unitPounds, f.t.unitKilograms, f.t.unitBananaBox]);
      await expect(f.box(c.meat)).toHaveValue('');
      await expect(page.getByRole('heading', { name: f.t.other, level: 3 })).toBeVisible();
      await expect(f.total).toHaveText(fill(f.t.total, { total: lang === 'fr' ? '0,00\u00a0%' : '0.00%' }));

      // The store field filters as one types.
      await f.store.fill('zzzz');
      await expect(page.getByText(f.t.noStoreMatch)).toBeVisible();
      await page.keyboard.press('Escape');

      // Nothing filled: store, weight and categories errors; the categories header is highlighted.
      await f.submit.click();
      await expect(page.getByText(f.err.VALIDATION_STORE)).toBeVisible();
      await expect(page.getByText(f.err.VALIDATION_WEIGHT)).toBeVisible();
      await expect(page.getByText(f.err.VALIDATION_CATEGORIES)).toBeVisible();
      await expect(f.header).toHaveAttribute('data-invalid', 'true');
      await expect(f.store).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/donations\/add/);

      // Dates: not a date, then closed for reporting (two calendar years back is always closed).
      await f.date.fill('13/45/2026');
      await f.submit.click();
      await expect(page.getByText(f.err.VALIDATION_DATE_FORMAT)).toBeVisible();
      const closedYear = new Date().getFullYear() - 2;
      await f.date.fill(typedIn(lang, closedYear, 6, 1));
      await f.submit.click();
      await expect(page.getByText(f.err.VALIDATION_DATE, { exact: true })).toBeVisible();
      await expect(f.date).toHaveAttribute('aria-invalid', 'true');
      // A phone's numeric keypad may lack "/": MMDDYYYY and MM-DD-YYYY are read as dates too.
      await f.date.fill(todayIn(lang).replace(/\//g, ''));
      await expect(page.getByText(f.err.VALIDATION_DATE, { exact: true })).toBeHidden();
      await expect(page.getByText(f.err.VALIDATION_DATE_FORMAT)).toBeHidden();

      // No Donation at 100% needs weight 0; anything else needs more than 0.
      await f.date.fill(todayIn(lang));
      await f.box(c.none).fill('100');
      await f.weight.fill('5');
      await f.submit.click();
      await expect(page.getByText(f.err.VALIDATION_WEIGHT)).toBeVisible();
      await expect(page.getByText(f.err.VALIDATION_CATEGORIES)).toBeHidden();
      await f.weight.fill('abc');
      await expect(page.getByText(f.err.VALIDATION_WEIGHT)).toBeVisible();
      await f.weight.fill('0');
      await expect(page.getByText(f.err.VALIDATION_WEIGHT)).toBeHidden();
      await expect(f.header).not.toHaveAttribute('data-invalid', 'true');
    });

    test('slider and box stay in step; the slider never takes the total past 100%', async ({ page }) => {
      await login(page, { lang });
      await page.goto('/donations/add');
      const f = form(page, lang);
      await f.box(c.meat).fill('80');
      await expect(f.slider(c.meat)).toHaveValue('80');
      await f.slider(c.dairy).fill('50');
      // 80 + 50 > 100: the committed slider value is cut to 20.
      await expect(f.slider(c.dairy)).toHaveValue('20');
      await expect(f.box(c.dairy)).toHaveValue('20');
      await expect(f.total).toHaveText(fill(f.t.total, { total: lang === 'fr' ? '100,00\u00a0%' : '100.00%' }));
      await expect(f.total).toHaveAttribute('aria-live', 'polite');
      // At 100% a slider moved up stays where the total allows (here 0).
      await f.slider(c.produce).focus();
      await page.keyboard.press('ArrowRight');
      await expect(f.slider(c.produce)).toHaveValue('0');
      // The box itself may go past 100% (the total then shows the error on save).
      await f.box(c.produce).fill('10');
      await expect(f.total).toHaveText(fill(f.t.total, { total: lang === 'fr' ? '110,00\u00a0%' : '110.00%' }));
      await f.submit.click();
      await expect(page.getByText(f.err.VALIDATION_CATEGORIES)).toBeVisible();
    });

    test('add: saves in one request, returns to the origin with the success text; nothing lost on a refusal', async ({ page }) => {
      await login(page, { lang });
      const user = await sessionUser(page);
      const { open, submitted } = demoMonths();
      const [store] = await stores(page, user.branchId);
      const storeName = storeLabel(store!);
      await page.goto(`/donations/${open.year}/${open.month}`);
      await page.getByRole('link', { name: MESSAGES[lang].MonthPage.addDonation }).click();
      await expect(page).toHaveURL(/\/donations\/add\?/);
      const f = form(page, lang);

      // The server refuses a date in a submitted month: the texts stay as typed.
      const lockedDate = typedIn(lang, submitted.year, submitted.month, 2);
      await f.date.fill(lockedDate);
      await pickStore(page, lang, store!);
      await f.source.selectOption({ label: f.t.sourceFront });
      await f.weight.fill('42');
      await f.box(c.meat).fill('30');
      await f.box(c.nonfood).fill('70');
      await f.submit.click();
      await expect(page.getByRole('alert').filter({ hasText: f.t.addFailedSubmitted })).toBeVisible();
      await expect(f.date).toHaveValue(lockedDate);
      await expect(f.weight).toHaveValue('42');
      await expect(f.store).toHaveValue(storeName);
      await expect(f.box(c.nonfood)).toHaveValue('70');

      // A generic failure keeps the form too.
      await page.route('**/bff/branch/*/donations', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
      );
      await f.date.fill(typedIn(lang, open.year, open.month, 1));
      await f.submit.click();
      await expect(page.getByRole('alert').filter({ hasText: f.t.addFailed })).toBeVisible();
      await page.unroute('**/bff/branch/*/donations');

      // One save, one API write: the create stores the gas figure itself (no update-ghg call after it).
      const writes = apiWrites(page);
      await f.submit.click();
      await expect(page).toHaveURL(new RegExp(`/donations/${open.year}/${open.month}$`));
      expect(writes).toEqual([`POST /bff/branch/${user.branchId}/donations`]);
      const text = fill(f.t.addSuccess, { date: typedIn(lang, open.year, open.month, 1), weight: '42', store: storeName });
      await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
      await expect(
        page
          .getByTestId('donation-row')
          .filter({ hasText: lang === 'fr' ? '42 lb' : '42 lbs' })
          .first(),
      ).toContainText(f.t.sourceFront);
    });

    test('edit: loads the donation, needs exactly 100%, saves with "Updated donation on", refuses a submitted month', async ({ page }) => {
      await login(page, { lang });
      const user = await sessionUser(page);
      const { open, submitted } = demoMonths();
      const w = lang === 'fr' ? 331 : 321;
      const created = await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1), weight: w });
      await page.goto(`/donations/${open.year}/${open.month}`);
      const row = page.getByTestId('donation-row').filter({ hasText: lang === 'fr' ? `${w} lb` : `${w} lbs` });
      await row.getByRole('link', { name: pattern(MESSAGES[lang].MonthPage.edit) }).click();
      await expect(page).toHaveURL(new RegExp(`/donations/edit/${created.id}/${created.campaignId}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES[lang].Header.titles.editDonation);
      const f = form(page, lang);
      await expect(f.weight).toHaveValue(String(w));
      await expect(f.date).toHaveValue(typedIn(lang, open.year, open.month, 1));
      await expect(f.box(c.produce)).toHaveValue('60');
      await expect(f.box(c.dairy)).toHaveValue('40');
      await expect(f.box(c.meat)).toHaveValue('');

      await f.box(c.dairy).fill('39');
      await f.save.click();
      await expect(page.getByText(f.err.VALIDATION_CATEGORIES)).toBeVisible();
      await f.box(c.dairy).fill('40');

      await f.date.fill(typedIn(lang, submitted.year, submitted.month, 3));
      await f.save.click();
      await expect(page.getByRole('alert').filter({ hasText: f.t.editFailedSubmitted })).toBeVisible();
      await expect(f.weight).toHaveValue(String(w));

      await f.date.fill(typedIn(lang, open.year, open.month, 1));
      await f.weight.fill(String(w + 1));
      await f.save.click();
      await expect(page).toHaveURL(new RegExp(`/donations/${open.year}/${open.month}$`));
      await expect(
        page.getByRole('status').filter({ hasText: fill(f.t.editSuccess, { date: typedIn(lang, open.year, open.month, 1) }) }),
      ).toBeVisible();
      await expect(page.getByTestId('donation-row').filter({ hasText: lang === 'fr' ? `${w + 1} lb` : `${w + 1} lbs` })).toHaveCount(1);
    });
  });
}
