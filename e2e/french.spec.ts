import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { todayCalendarDate } from '../lib/domain/dates';
import { expectNoSeriousA11yViolations } from './support/axe';
import { test, expect, login } from './support/auth';
import { MESSAGES, addDonationByApi, demoMonths, isoDay, pad, sessionUser, settle } from './support/donations';

// French that reads as French: the signed-out pages a French browser meets, the French date order on the add form,
// the French not-found page, and the names of the buttons and the report table that axe checks.

const fr = MESSAGES.fr;
const en = MESSAGES.en;

/** The two rules behind the fixes here, run on their own: axe leaves label-content-name-mismatch out of its default set. */
async function expectNameAndScrollRules(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch', 'scrollable-region-focusable']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

test.describe('a French browser, signed out', () => {
  /** A browser that asks for French and has no language cookie yet (this file's `test` sets one). */
  async function frenchBrowser(browser: Browser, baseURL: string) {
    const context = await browser.newContext({ baseURL, locale: 'fr-CA' });
    return context.newPage();
  }

  test('an invitation link that no longer works is in French, with the language switch', async ({ browser, baseURL }) => {
    const page = await frenchBrowser(browser, baseURL!);
    await page.goto(`/invitation/${'x'.repeat(43)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { name: fr.Invitation.title })).toBeVisible();
    await expect(page.getByText(fr.Invitation.invalid)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'expired invitation (fr)');
    // The switch still wins over the browser's language.
    await page.getByRole('group', { name: fr.Header.language }).getByRole('button', { name: /EN/ }).click();
    await expect(page.getByText(en.Invitation.invalid)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    await page.context().close();
  });

  test('a missing file is a French not-found page', async ({ browser, baseURL }) => {
    const page = await frenchBrowser(browser, baseURL!);
    const res = await page.goto('/images/no-such-picture.png');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: fr.NotFound.title })).toBeVisible();
    await expect(page.locator('main')).toHaveAttribute('lang', 'fr-CA');
    // The whole document says so too once loaded (the root layout, which asks no browser, wrote en-CA).
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await page.context().close();
  });
});

test('a signed-in French user gets the not-found page in French', async ({ page }) => {
  await login(page, { lang: 'fr' });
  // The demo user is no program staff: the program's screens are not found for them, with the status that says so
  // (a signed-in screen renders whole before its status is sent, so a refusal is a 404, not a 200).
  const res = await page.goto('/program/requests');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: fr.NotFound.title })).toBeVisible();
  await expect(page.getByRole('link', { name: fr.NotFound.home })).toBeVisible();
});

test('the French add form reads JJ/MM/AAAA and AAAA-MM-JJ, shows AAAA-MM-JJ, and saves', async ({ page }) => {
  await login(page, { lang: 'fr' });
  const { open } = demoMonths();
  await page.goto(`/donations/add?from=${encodeURIComponent(`/donations/${open.year}/${open.month}`)}`);
  const t = fr.DonationForm;
  const date = page.getByLabel(t.date, { exact: true });
  const today = todayCalendarDate(new Date(), process.env.APP_TIME_ZONE || 'America/Toronto');
  await expect(date).toHaveValue(`${today.year}-${pad(today.month)}-${pad(today.day)}`);
  // The calendar behind the button holds what the typed text is read as.
  const picker = page.locator('input[type="date"]');
  await date.fill('26/11/2026');
  await expect(picker).toHaveValue('2026-11-26');
  await date.fill('2026-11-26');
  await expect(picker).toHaveValue('2026-11-26');
  await date.fill('11/26/2026');
  await expect(picker).toHaveValue('');

  // Today typed day first is saved, and the confirmation echoes it as the field shows dates.
  await date.fill(`${pad(today.day)}/${pad(today.month)}/${today.year}`);
  const store = page.getByRole('combobox', { name: t.store });
  await store.click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByLabel(t.weight, { exact: true }).fill('12,5');
  await page.getByLabel(`${t.percentOf.replace('{category}', 'Produits laitiers')}`, { exact: true }).fill('100');
  await page.getByRole('button', { name: t.addDonation }).click();
  await expect(page.getByText(fr.Errors.VALIDATION_DATE_FORMAT)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/donations/${open.year}/${open.month}$`));
  await expect(page.getByRole('status').filter({ hasText: `${today.year}-${pad(today.month)}-${pad(today.day)}` })).toBeVisible();
});

test.describe('names that hold their visible text, and a report table a keyboard can scroll', () => {
  test('Repeat last donation (fr)', async ({ page }) => {
    await login(page, { lang: 'fr' });
    const { open } = demoMonths();
    await page.goto(`/donations/add?from=${encodeURIComponent(`/donations/${open.year}/${open.month}`)}`);
    const repeat = page.getByTestId('repeat-donation');
    await expect(repeat).toBeVisible();
    await expect(repeat.getByRole('button').first()).toHaveAccessibleName(new RegExp(fr.FasterEntry.repeat));
    await expectNameAndScrollRules(page, 'add form (fr)');
    await expectNoSeriousA11yViolations(page, 'add form (fr)');
  });

  for (const lang of ['en', 'fr'] as const) {
    test(`Send a reminder (${lang})`, async ({ page }) => {
      await login(page, { username: 'program', lang });
      await page.goto(`/program?q=${encodeURIComponent('Halifax')}`);
      const row = page.getByTestId('oversight-row').first();
      const button = row.getByRole('button', { name: new RegExp(`^${MESSAGES[lang].ProgramRequests.sendReminder}`) });
      await expect(button).toBeVisible();
      await expectNameAndScrollRules(page, `program month view (${lang})`);
      await expectNoSeriousA11yViolations(page, `program month view (${lang})`);
    });
  }

  test('the printable report at 390 px (fr)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, { lang: 'fr' });
    const { open } = demoMonths();
    const user = await sessionUser(page);
    await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1) });
    await page.goto(`/donations/${open.year}/${open.month}/report`);
    // The scroll container around the table (its section has the same name, from the heading).
    const region = page.locator('[role="region"][tabindex="0"]');
    await expect(region).toHaveAccessibleName(fr.Totals.listTitle);
    await expect(region.getByTestId('report-list')).toBeVisible();
    await settle(page);
    await expectNameAndScrollRules(page, 'report 390 (fr)');
    await expectNoSeriousA11yViolations(page, 'report 390 (fr)');
  });
});
