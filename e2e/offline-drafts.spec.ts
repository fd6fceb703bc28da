import { expect } from '@playwright/test';
import { LANGS, MESSAGES, demoMonths, rowsOfWeight, sessionUser, stores } from './support/donations';
import { DEMO, login } from './support/auth';
import { test } from './support/network-switch';
import { fillDonation, form, storeLabel } from './support/donation-form';

// Offline, nothing typed is lost: drafts kept across a session that ends before the save (and the sign-in after it), a reload,
// a link out and the browser's Back and Forward. Set up like offline-service-worker.spec.ts: the service worker allowed, the
// browser's way to the app through e2e/support/network-switch.ts, a phone-sized screen.

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

for (const lang of LANGS) {
  test(`a save answered 401 keeps the entry through the sign-in and saves it after (${lang})`, async ({ page, context }) => {
    const t = MESSAGES[lang];
    await login(page, { lang });
    const user = await sessionUser(page);
    const [store] = await stores(page, user.branchId);
    const { open } = demoMonths();
    const month = `/donations/${open.year}/${open.month}`;
    const weight = lang === 'en' ? 613 : 614;
    await page.goto(`/donations/add?year=${open.year}&month=${open.month}&from=${encodeURIComponent(month)}`);
    await fillDonation(page, lang, { store: store!, weight: String(weight) });

    // The session ends while the entry is being typed.
    await context.clearCookies();
    await form(page, lang).submit.click();
    const notice = page.getByTestId('draft-notice');
    await expect(notice).toHaveText(new RegExp(t.Offline.sessionExpired.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(notice).toBeFocused();
    await expect(form(page, lang).weight).toHaveValue(String(weight));

    await notice.getByRole('link', { name: t.Offline.signInAgain }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.context().addCookies([{ name: 'fbc-locale', value: lang, url: new URL(page.url()).origin }]);
    await page.locator('input[name="username"]').fill(DEMO.username);
    await page.locator('input[name="password"]').fill(DEMO.password);
    await page.locator('form button[type="submit"]').click();

    // Back on the form with what was typed, and told so.
    await expect(page).toHaveURL(/\/donations\/add/);
    await expect(page.getByTestId('draft-notice')).toContainText(t.Offline.draftAfterSignIn);
    await expect(form(page, lang).weight).toHaveValue(String(weight));
    await expect(form(page, lang).store).toHaveValue(storeLabel(store!));
    await form(page, lang).submit.click();
    await expect(page).toHaveURL(new RegExp(`${month}$`));
    expect(await rowsOfWeight(page, user.branchId, open, weight)).toBe(1);

    // Saved: the draft is gone.
    await page.goto(`/donations/add?year=${open.year}&month=${open.month}&from=${encodeURIComponent(month)}`);
    await expect(form(page, lang).weight).toHaveValue('0');
    await expect(page.getByTestId('draft-notice')).toHaveCount(0);
  });
}

test('a half-filled form warns before a reload or a link out, keeps its draft, and Discard draft clears it', async ({ page }) => {
  const en = MESSAGES.en;
  await login(page);
  const { open } = demoMonths();
  const month = `/donations/${open.year}/${open.month}`;
  await page.goto(`/donations/add?year=${open.year}&month=${open.month}&from=${encodeURIComponent(month)}`);
  const f = form(page, 'en');

  // Untouched: no question.
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void (d.type() === 'beforeunload' ? d.accept() : d.dismiss());
  });
  await page.reload();
  expect(dialogs).toEqual([]);

  await f.weight.fill('250');
  await f.box('Dairy').fill('100');
  await page.getByRole('link', { name: en.DonationForm.cancel }).click();
  await expect.poll(() => dialogs).toEqual(['confirm']);
  await expect(page).toHaveURL(/\/donations\/add/);
  // The header's back arrow asks too.
  await page.getByRole('banner').getByRole('button', { name: en.Header.back }).click();
  await expect.poll(() => dialogs).toEqual(['confirm', 'confirm']);
  await expect(page).toHaveURL(/\/donations\/add/);

  await page.reload();
  expect(dialogs).toEqual(['confirm', 'confirm', 'beforeunload']);
  await expect(page.getByTestId('draft-notice')).toContainText(en.Offline.draftRestored);
  await expect(f.weight).toHaveValue('250');
  await expect(f.box('Dairy')).toHaveValue('100');

  await page.getByRole('button', { name: en.Offline.discardDraft }).click();
  await expect(f.weight).toHaveValue('0');
  await expect(page.getByTestId('draft-notice')).toHaveCount(0);
  await page.reload();
  await expect(f.weight).toHaveValue('0');
  expect(dialogs).toEqual(['confirm', 'confirm', 'beforeunload']);
});

test("the browser's Back on a half-filled form asks first, and Forward brings the draft back with its message", async ({ page }) => {
  const en = MESSAGES.en;
  const { open } = demoMonths();
  const month = `/donations/${open.year}/${open.month}`;
  await login(page, { to: month });
  await page.getByRole('link', { name: en.MonthPage.addDonation }).click();
  const f = form(page, 'en');
  await f.weight.fill('275');
  await f.box('Dairy').fill('100');

  const dialogs: string[] = [];
  let leave = false;
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void (leave ? d.accept() : d.dismiss());
  });
  // Refused: the form stays as typed (a cancelled traversal never finishes, hence the short wait).
  await page.goBack({ timeout: 3_000 }).catch(() => null);
  expect(dialogs).toEqual(['confirm']);
  await expect(page).toHaveURL(/\/donations\/add/);
  await expect(f.weight).toHaveValue('275');

  // Accepted: back on the month page; Forward reopens the form with the draft, and says so.
  leave = true;
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${month}$`));
  expect(dialogs).toEqual(['confirm', 'confirm']);
  await page.goForward();
  await expect(page).toHaveURL(/\/donations\/add/);
  await expect(page.getByTestId('draft-notice')).toContainText(en.Offline.draftRestored);
  await expect(f.weight).toHaveValue('275');
  await expect(f.box('Dairy')).toHaveValue('100');
});
