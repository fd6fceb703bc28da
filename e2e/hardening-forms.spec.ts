import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { todayCalendarDate, type CalendarDate } from '../lib/domain/dates';
import { isoToTyped } from '../lib/domain/typed-input';
import {
  APP_TIME_ZONE,
  MESSAGES,
  addDonationByApi,
  bffJson,
  demoMonths,
  fill,
  isoDay,
  mmddyyyy,
  pattern,
  sessionUser,
  stores,
} from './support/donations';
import { countRequests } from './support/count-requests';
import { login, type Lang } from './support/auth';
import { CATS, fillDonation } from './support/donation-form';

// Hardening, the forms: no silent refusal, messages in view on a phone, permanent failures named, one request per
// action, weights and dates as people type them, the feedback counter, fields kept above the sticky Save bar.

const PHONE = { width: 390, height: 844 };

async function inViewport(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  const vp = page.viewportSize()!;
  return !!box && box.y >= 0 && box.y + box.height <= vp.height;
}

for (const lang of ['en', 'fr'] as Lang[]) {
  const tb = MESSAGES[lang].BranchPage;

  test(`organisation details: every API limit is held or shown under its field, nothing is sent (${lang})`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, { lang, to: '/branch' });
    const puts = countRequests(page, 'PUT', /\/bff\/branch\//);
    const name = page.getByLabel(tb.name, { exact: true });
    await expect(name).not.toHaveValue('');
    const staff = page.getByLabel(tb.numStaff, { exact: true });
    const volunteers = page.getByLabel(tb.numVolunteers, { exact: true });
    await name.fill('N'.repeat(300));
    await staff.fill('-5');
    await volunteers.fill('12abc');
    await volunteers.blur();
    // The field takes no more than the API's limit (maxlength): the 300 typed characters are cut at 200.
    await expect(name).toHaveAttribute('maxlength', '200');
    await expect(name).toHaveValue('N'.repeat(200));
    await page.getByRole('button', { name: tb.save }).click({ force: true });
    await expect(page.getByText(tb.statisticNegative)).toBeVisible();
    await expect(page.getByText(tb.statisticNotNumber)).toBeVisible();
    await expect(staff).toHaveAttribute('aria-invalid', 'true');
    // Thousands separators of either language are a number; the errors go as soon as the values are fixed.
    await staff.fill(lang === 'fr' ? '1 250' : '1,250');
    await volunteers.fill('12');
    await name.fill('Food bank');
    await expect(page.getByText(tb.statisticNegative)).toHaveCount(0);
    await expect(page.getByText(tb.statisticNotNumber)).toHaveCount(0);
    expect(puts).toHaveLength(0);
    expect(errors.filter((e) => /ZodError|invalid/i.test(e))).toEqual([]);
  });
}

test('a refused add on a phone: the message is brought into view and focused (en)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, { lang: 'en' });
  const t = MESSAGES.en.DonationForm;
  const { submitted } = demoMonths();
  await page.goto('/donations/add?from=%2F');
  await fillAdd(page, 'en', mmddyyyy(submitted.year, submitted.month, 2));
  await page.getByRole('button', { name: t.addDonation }).click();
  const alert = page.getByRole('alert').filter({ hasText: t.addFailedSubmitted });
  await expect(alert).toBeFocused();
  expect(await inViewport(page, alert)).toBeTruthy();
});

test('edit of a deleted donation and a malformed id say what happened, never "try again" (fr)', async ({ page }) => {
  await login(page, { lang: 'fr' });
  const t = MESSAGES.fr.DonationForm;
  const user = await sessionUser(page);
  const { open } = demoMonths();
  const d = await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 2), weight: 31 });
  await page.goto(`/donations/edit/${d.id}/${d.campaignId}`);
  await expect(page.getByLabel(t.weight, { exact: true })).toHaveValue('31');
  await bffJson(page, 'DELETE', `/donation/${d.id}`);
  await page.getByLabel(t.weight, { exact: true }).fill('32');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.fr.Errors.DONATION_NOT_FOUND })).toBeFocused();
  await expect(page.getByLabel(t.weight, { exact: true })).toHaveValue('32');

  await page.goto(`/donations/edit/not-an-id/${d.campaignId}`);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(t.notFound);
  await expect(page.getByRole('main').getByRole('alert')).not.toContainText(t.loadError);
});

test('two tabs edit one donation: the later save is refused as a conflict (en)', async ({ page, context }) => {
  await login(page, { lang: 'en' });
  const t = MESSAGES.en.DonationForm;
  const user = await sessionUser(page);
  const { open } = demoMonths();
  const d = await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 3), weight: 41 });
  const loaded = await bffJson<{ version?: number }>(page, 'GET', `/donation/${d.id}`);
  expect(loaded.version, 'every donation answer carries its version').toEqual(expect.any(Number));
  const other = await context.newPage();
  for (const p of [page, other]) await p.goto(`/donations/edit/${d.id}/${d.campaignId}`);
  await other.getByLabel(t.weight, { exact: true }).fill('42');
  await other.getByRole('button', { name: t.save }).click();
  await expect(other).toHaveURL(/\/donations\/\d{4}\/\d{1,2}$/);
  await page.getByLabel(t.weight, { exact: true }).fill('43');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.en.Errors.DONATION_CONFLICT })).toBeVisible();
});

// Submit Report, double-clicked, is in month.spec.ts (the one real submit of the demo data's open months).
test('double-clicks send one request: Delete, Add Donation (en)', async ({ page }) => {
  await login(page, { lang: 'en' });
  const user = await sessionUser(page);
  const tm = MESSAGES.en.MonthPage;
  const t = MESSAGES.en.DonationForm;
  const deletes = countRequests(page, 'DELETE', /\/bff\/donation\//);
  const creates = countRequests(page, 'POST', /\/bff\/branch\/[^/]+\/donations$/);

  const { open } = demoMonths();
  await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 5), weight: 919 });
  await page.goto(`/donations/${open.year}/${open.month}`);
  const row = page.getByTestId('donation-row').filter({ hasText: '919 lbs' });
  await row.getByRole('button', { name: pattern(tm.delete) }).click();
  await row.getByRole('button', { name: pattern(tm.confirmDelete) }).dblclick();
  await expect(row).toHaveCount(0);
  expect(deletes).toHaveLength(1);

  // Add Donation, double-clicked; typed as people type: a thousands separator and an ISO date. The weight stays well
  // within five times the store's usual one (the median of its last 50 donations: 480-620 lb in the demo data, and
  // lowered by the small donations other tests of the run add to the branch's first store, 428 lb in one CI run), so
  // the unusual-weight question does not come first.
  await page.goto(`/donations/add?from=${encodeURIComponent(`/donations/${open.year}/${open.month}`)}`);
  await fillAdd(page, 'en', isoDay(open, 1), '1,004.5');
  await page.getByRole('button', { name: t.addDonation }).dblclick();
  await expect(page).toHaveURL(new RegExp(`/donations/${open.year}/${open.month}$`));
  await expect(page.getByTestId('donation-row').filter({ hasText: '1,004.5 lbs' }).first()).toBeVisible();
  expect(creates).toHaveLength(1);
});

test('French weights with spaces and a decimal comma; "1er" for the first of the month', async ({ page }) => {
  await login(page, { lang: 'fr' });
  const t = MESSAGES.fr.DonationForm;
  const { open } = demoMonths();
  await page.goto(`/donations/add?from=${encodeURIComponent(`/donations/${open.year}/${open.month}`)}`);
  // Well within five times the store's usual weight, as in the English test above.
  await fillAdd(page, 'fr', isoDay(open, 1), '1\u00a0004,5');
  await page.getByRole('button', { name: t.addDonation }).click();
  await expect(page).toHaveURL(new RegExp(`/donations/${open.year}/${open.month}$`));
  const row = page
    .getByTestId('donation-row')
    .filter({ hasText: /1\s004,5 lb/ })
    .first();
  await expect(row).toBeVisible();
  await expect(row.locator('.sr-only').first()).toHaveText(/^1er /);
  await expect(row.getByRole('link', { name: /1er / })).toHaveCount(1);
});

for (const lang of ['en', 'fr'] as Lang[]) {
  test(`feedback: a counter up to 5,000 characters, a longer text is kept and refused under the box (${lang})`, async ({ page }) => {
    const t = MESSAGES[lang].FeedbackPage;
    await login(page, { lang, to: '/feedback' });
    const posts = countRequests(page, 'POST', /\/bff\/feedback$/);
    const box = page.getByLabel(t.message, { exact: true });
    const number = (n: number) => n.toLocaleString(lang === 'fr' ? 'fr-CA' : 'en-CA');
    await box.fill('Hello');
    await expect(page.getByTestId('feedback-counter')).toHaveText(fill(t.counter, { count: 5, max: number(5000) }));
    const long = 'x'.repeat(5001);
    await box.fill(long);
    await expect(box).toHaveValue(long);
    await expect(page.getByTestId('feedback-counter')).toHaveText(fill(t.counter, { count: number(5001), max: number(5000) }));
    await page.getByLabel(t.contact, { exact: true }).selectOption({ index: 1 });
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await expect(page.getByText(fill(t.tooLong, { count: number(5001), max: number(5000) }))).toBeVisible();
    expect(posts).toHaveLength(0);
  });
}

test('phone: Tab to Postal Code keeps it above the sticky Save bar (en)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const tb = MESSAGES.en.BranchPage;
  await login(page, { lang: 'en', to: '/branch' });
  const city = page.getByLabel(tb.city, { exact: true });
  await expect(city).not.toHaveValue('');
  await city.focus();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.keyboard.press('Tab'); // province
  await page.keyboard.press('Tab'); // postal code
  const postal = page.getByLabel(tb.postalCode, { exact: true });
  await expect(postal).toBeFocused();
  const field = (await postal.boundingBox())!;
  const bar = (await page.getByRole('button', { name: tb.save }).boundingBox())!;
  expect(field.y + field.height).toBeLessThanOrEqual(bar.y - 8);
});

test('double-clicks send one request: organisation Save, feedback Submit, Export (en)', async ({ page }) => {
  await login(page, { lang: 'en', to: '/branch' });
  const puts = countRequests(page, 'PUT', /\/bff\/branch\/[^/]+$/);
  const posts = countRequests(page, 'POST', /\/bff\/feedback$/);
  // The export goes to the browser's download manager: one file downloaded is one request.
  const exports: string[] = [];
  page.on('download', (d) => exports.push(d.url()));
  const tb = MESSAGES.en.BranchPage;
  await expect(page.getByLabel(tb.name, { exact: true })).not.toHaveValue('');
  await page.getByRole('button', { name: tb.save }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: tb.NOTE_ORG_UPDATE_SUCCESS })).toBeVisible();
  expect(puts).toHaveLength(1);

  const tf = MESSAGES.en.FeedbackPage;
  await page.goto('/feedback');
  await page.getByLabel(tf.contact, { exact: true }).selectOption({ index: 1 });
  await page.getByLabel(tf.message, { exact: true }).fill('One message, sent once.');
  await page.getByRole('button', { name: tf.submit, exact: true }).dblclick();
  await expect(page.getByRole('dialog', { name: tf.dialogTitle })).toBeVisible();
  expect(posts).toHaveLength(1);

  const te = MESSAGES.en.Export;
  await page.goto('/');
  await page.getByRole('button', { name: MESSAGES.en.Header.export }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: te.confirm }).dblclick();
  await download;
  await expect(page.getByRole('status').filter({ hasText: te.success })).toBeVisible();
  expect(exports).toHaveLength(1);
});

/** Fills the add form with a valid entry: date (as typed), the branch's first store, a weight, 100% dairy. */
async function fillAdd(page: Page, lang: Lang, date: string, weight = '3') {
  const [store] = await stores(page, (await sessionUser(page)).branchId);
  await fillDonation(page, lang, { store: store!, weight, date, category: CATS[lang].dairy });
}

const CREATE = /\/bff\/branch\/[^/]+\/donations$/;

// The form refuses these itself; the server's refusal (another device's clock, an older form) must land under the field too.
for (const c of [
  { lang: 'en' as Lang, code: 'VALIDATION_DATE_FUTURE', field: 'date', body: { date: `${new Date().getFullYear() + 1}-01-15` } },
  { lang: 'fr' as Lang, code: 'VALIDATION_WEIGHT_MAX', field: 'weight', body: { weight: 999_999_999 } },
] as const) {
  test(`a server refusal ${c.code} shows under the ${c.field} field, not as "try again" (${c.lang})`, async ({ page }) => {
    const t = MESSAGES[c.lang].DonationForm;
    await login(page, { lang: c.lang });
    const { open } = demoMonths();
    await page.goto(`/donations/add?from=${encodeURIComponent(`/donations/${open.year}/${open.month}`)}`);
    await fillAdd(page, c.lang, isoToTyped({ year: open.year, month: open.month, day: 1 }, c.lang));
    await page.route(CREATE, (r) => r.continue({ postData: JSON.stringify({ ...r.request().postDataJSON(), ...c.body }) }));
    await page.getByRole('button', { name: t.addDonation }).click();
    await expect(page.getByText(MESSAGES[c.lang].Errors[c.code])).toBeVisible();
    await expect(page.getByLabel(t[c.field], { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(t.addFailed)).toHaveCount(0);
    await expect(page).toHaveURL(/\/donations\/add/);
  });
}

// 'Today' is the app's (APP_TIME_ZONE, America/Toronto by default), not the device's: the browser is put in a zone
// whose date differs from the app's at this hour (far east or far west of it). The zone and the dates are worked out
// when the test runs, never in a title: Playwright lists the tests in one process and runs them in another, so a
// title computed from the clock can change between the two (a run that crossed midnight somewhere found no test).

const same = (a: CalendarDate, b: CalendarDate) => a.year === b.year && a.month === b.month && a.day === b.day;
const deviceZoneFor = (now: Date) =>
  same(todayCalendarDate(now, 'Pacific/Kiritimati'), todayCalendarDate(now, APP_TIME_ZONE)) ? 'Etc/GMT+12' : 'Pacific/Kiritimati';

test.describe("a device in a time zone whose date is not the app's", () => {
  test.use({ timezoneId: async ({}, use) => use(deviceZoneFor(new Date())) });
  for (const lang of ['en', 'fr'] as Lang[]) {
    test(`the add form opens on the app's today and refuses its tomorrow under the date, sending nothing (${lang})`, async ({ page }) => {
      const t = MESSAGES[lang].DonationForm;
      await login(page, { lang });
      const creates = countRequests(page, 'POST', CREATE);
      await page.goto('/donations/add?from=%2F');
      const deviceZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(['Etc/GMT+12', 'Pacific/Kiritimati']).toContain(deviceZone);
      const appToday = todayCalendarDate(new Date(), APP_TIME_ZONE);
      const next = new Date(Date.UTC(appToday.year, appToday.month - 1, appToday.day + 1));
      await expect(page.getByLabel(t.date, { exact: true })).toHaveValue(isoToTyped(appToday, lang));
      // The form's date in the user's language (MM/DD/YYYY; AAAA-MM-JJ in French).
      const tomorrow = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
      await fillAdd(page, lang, isoToTyped(tomorrow, lang));
      await page.getByRole('button', { name: t.addDonation }).click();
      await expect(page.getByText(MESSAGES[lang].Errors.VALIDATION_DATE_FUTURE)).toBeVisible();
      await expect(page.getByLabel(t.date, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      expect(creates).toHaveLength(0);
    });
  }
});

test('double-clicks send one request: Send Email of Forgot Password, Send of a store request (en)', async ({ page }) => {
  // An address of its own, so the per-address limit of other tests is not touched.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.41' });
  const forgot = countRequests(page, 'POST', /\/bff\/public\/forgot-password$/);
  await page.goto('/forgot-password');
  const tp = MESSAGES.en.ForgotPasswordPage;
  await page.getByLabel(tp.username, { exact: true }).fill('nobody-double-click');
  const answered = page.waitForResponse((r) => /\/bff\/public\/forgot-password$/.test(r.url()));
  await page.getByRole('button', { name: tp.sendEmail }).dblclick();
  await answered;
  // Whatever the answer (sent, or an unknown name), it is shown once the one request is done.
  await expect(page.getByRole('main').locator('[role=alert], [role=status]').filter({ hasText: /\S/ })).toHaveCount(1);
  await expect(page.getByRole('button', { name: tp.sendEmail })).toBeEnabled();
  expect(forgot).toHaveLength(1);

  await login(page, { lang: 'en' });
  const requests = countRequests(page, 'POST', /\/bff\/branch\/[^/]+\/store-requests$/);
  const ts = MESSAGES.en.StoreRequest;
  await page.goto('/donations/add?from=%2F');
  await page.getByRole('button', { name: ts.link }).click();
  const group = page.getByRole('group', { name: ts.title });
  await group.getByLabel(ts.retailer, { exact: true }).fill('Double Click Grocers');
  await group.getByLabel(ts.name, { exact: true }).fill('Double Click Grocers #1');
  const stored = page.waitForResponse((r) => /\/bff\/branch\/[^/]+\/store-requests$/.test(r.url()) && r.request().method() === 'POST');
  await group.getByRole('button', { name: ts.send }).dblclick();
  // The answer's status, then the message as the member sees it: a failure names which of the two went wrong (a
  // refusal shows its own text in the alert, which toHaveText prints).
  expect((await stored).status()).toBe(200);
  await expect(group.locator('[role=status], [role=alert]').first()).toHaveText(ts.sent);
  expect(requests).toHaveLength(1);
});

/** On a phone, scrolled to the button: after the refusal the message is in view and has focus. */
async function expectRefusalInView(page: Page) {
  const alert = page.getByRole('main').getByRole('alert').first();
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport({ ratio: 1 });
}
// A real refusal without touching the account: a null character added on the way is refused by the server (400).
const withNul = (field: string) => (r: import('@playwright/test').Route) =>
  r.continue({ postData: JSON.stringify({ ...r.request().postDataJSON(), [field]: 'x\u0000y' }) });

test('phone: a refused organisation save and a refused password change bring their message into view and focus it (en)', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const tb = MESSAGES.en.BranchPage;
  await login(page, { lang: 'en', to: '/branch' });
  await expect(page.getByLabel(tb.name, { exact: true })).not.toHaveValue('');
  await page.route(/\/bff\/branch\/[^/]+$/, (r) => (r.request().method() === 'PUT' ? withNul('name')(r) : r.continue()));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: tb.save }).click();
  await expectRefusalInView(page);

  const tp = MESSAGES.en.ChangePasswordPage;
  await page.goto('/change-password');
  // A wrong old password as well: should the route ever miss, nothing changes on the shared account.
  await page.getByLabel(tp.oldPassword, { exact: true }).fill('Not-the-password-1');
  await page.getByLabel(tp.newPassword, { exact: true }).fill('Other-Pass1');
  await page.getByLabel(tp.confirmPassword, { exact: true }).fill('Other-Pass1');
  await page.route(/\/bff\/user\/current-user\/change-password$/, withNul('oldPassword'));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: tp.save, exact: true }).click();
  await expectRefusalInView(page);
});
