import { expect, test } from './support/test';
import {
  LANGS,
  MESSAGES,
  bffJson,
  chooseBranch,
  addDonationByApi,
  demoMonths,
  fill,
  isoDay,
  pattern,
  sessionUser,
} from './support/donations';
import { login } from './support/auth';

// Month donations (/donations/{year}/{month}): picker, rows, delete, Submit Report, the submitted (locked) state.

const SUPPORT_EMAIL = process.env.SUPPORT_EMAIL ?? 'retailfoodprogram@foodbanks.example.org';

for (const lang of LANGS) {
  const t = MESSAGES[lang].MonthPage;
  const tf = MESSAGES[lang].DonationForm;

  test.describe(`month donations (${lang})`, () => {
    test('picker as abbreviated month and year; rows with date, pounds, shares, store, source, program', async ({ page }) => {
      await login(page, { lang });
      const { open } = demoMonths();
      const user = await sessionUser(page);
      await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1), weight: 1234.5 });
      await page.goto(`/donations/${open.year}/${open.month}`);
      const picker = page.getByTestId('month-picker');
      const label = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { month: 'short', year: 'numeric' }).format(
        new Date(open.year, open.month - 1, 1),
      );
      await expect(picker.locator('option:checked')).toHaveText(label);
      expect(label).toMatch(lang === 'fr' ? /^[a-zéû]+\.? \d{4}$/ : /^[A-Z][a-z]{2} \d{4}$/);

      const row = page
        .getByTestId('donation-row')
        .filter({ hasText: lang === 'fr' ? '1 234,5 lb' : '1,234.5 lbs' })
        .first();
      await expect(row).toBeVisible();
      await expect(row).toContainText(lang === 'fr' ? /Fruits et légumes 60,00\u00a0%/ : /Produce 60\.00%/);
      await expect(row).toContainText(lang === 'fr' ? /Produits laitiers 40,00\u00a0%/ : /Dairy 40\.00%/);
      await expect(row).not.toContainText(lang === 'fr' ? /(^|[^\d,])0,00\u00a0%/ : /(^|[^\d.])0\.00%/);
      await expect(row).toContainText(tf.sourceBack);
      await expect(row).toContainText(fill(t.programName, { name: t.rfpName }));
      await expect(row.locator('[aria-hidden="true"]').first()).toContainText('1');

      // The picker and the arrows move between months, and stop at the current month (no future months).
      await expect(page.getByRole('link', { name: t.nextMonth })).toHaveCount(0);
      const options = await page
        .getByTestId('month-picker')
        .locator('option')
        .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
      expect(options.at(-1)).toBe(`${open.year}-${open.month}`);
      await page.getByRole('link', { name: t.previousMonth }).click();
      const prev = open.month === 1 ? { year: open.year - 1, month: 12 } : { year: open.year, month: open.month - 1 };
      await expect(page).toHaveURL(new RegExp(`/donations/${prev.year}/${prev.month}$`));
      await page.getByRole('link', { name: t.nextMonth }).click();
      await expect(page).toHaveURL(new RegExp(`/donations/${open.year}/${open.month}$`));
      await page.getByTestId('month-picker').selectOption(`${prev.year}-${prev.month}`);
      await expect(page).toHaveURL(new RegExp(`/donations/${prev.year}/${prev.month}$`));
      await page.getByTestId('month-picker').selectOption(`${open.year}-${open.month}`);
      await expect(page).toHaveURL(new RegExp(`/donations/${open.year}/${open.month}$`));
    });

    test('delete asks in words (Delete / Keep), then the list reloads', async ({ page }) => {
      await login(page, { lang });
      const { open } = demoMonths();
      const user = await sessionUser(page);
      await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1), weight: 777 });
      await page.goto(`/donations/${open.year}/${open.month}`);
      const weight = lang === 'fr' ? '777 lb' : '777 lbs';
      const row = page.getByTestId('donation-row').filter({ hasText: weight });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: pattern(t.delete) }).click();
      // Cancel keeps it.
      await row.getByRole('button', { name: pattern(t.cancelDelete) }).click();
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: pattern(t.delete) }).click();
      const confirm = row.getByRole('button', { name: pattern(t.confirmDelete) });
      await expect(confirm).toBeFocused();
      await confirm.click();
      await expect(page.getByRole('status').filter({ hasText: t.deleted })).toBeVisible();
      await expect(row).toHaveCount(0);
    });

    test('deleting a donation already deleted elsewhere says so (no "try again") and the row goes', async ({ page }) => {
      await login(page, { lang });
      const { open } = demoMonths();
      const user = await sessionUser(page);
      const d = await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 2), weight: 778.25 });
      await page.goto(`/donations/${open.year}/${open.month}`);
      const row = page.getByTestId('donation-row').filter({ hasText: lang === 'fr' ? '778,25 lb' : '778.25 lbs' });
      await expect(row).toHaveCount(1);
      // Another tab deletes it first.
      await bffJson(page, 'DELETE', `/donation/${d.id}`);
      await row.getByRole('button', { name: pattern(t.delete) }).click();
      await row.getByRole('button', { name: pattern(t.confirmDelete) }).click();
      await expect(page.getByRole('alert').filter({ hasText: t.deleteGone })).toBeVisible();
      await expect(page.getByText(t.deleteFailed)).toHaveCount(0);
      await expect(row).toHaveCount(0);
    });

    test('a submitted month: note with the contact, rows and buttons disabled, server refuses a delete', async ({ page }) => {
      await login(page, { lang });
      const { submitted } = demoMonths();
      await page.goto(`/donations/${submitted.year}/${submitted.month}`);
      const note = page.getByTestId('submitted-note');
      await expect(note).toContainText(fill(t.submittedNote, { email: SUPPORT_EMAIL }));
      await expect(note.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
      await expect(page.getByRole('button', { name: t.submitReport })).toBeDisabled();
      await expect(page.getByRole('button', { name: t.addDonation })).toBeDisabled();
      const rows = page.getByTestId('donation-row');
      await expect(rows.first()).toBeVisible();
      await expect(rows.first()).toHaveAttribute('aria-disabled', 'true');
      await expect(rows.first().getByRole('button', { name: pattern(t.delete) })).toBeDisabled();
      await expect(rows.first().getByRole('button', { name: pattern(t.edit) })).toBeDisabled();

      // The server refuses changes of a submitted month too.
      const user = await sessionUser(page);
      const list = await page.request.get(`/bff/branch/${user.branchId}/donations/${submitted.year}/${submitted.month}`);
      const [first] = await list.json();
      const res = await page.request.delete(`/bff/donation/${first.id}`, { headers: { origin: new URL(page.url()).origin } });
      expect(res.status()).toBe(400);
      expect((await res.json()).code).toBe('MONTH_ALREADY_SUBMITTED');
    });

    test('an invalid year or month in the address gives a message, not a crash', async ({ page }) => {
      await login(page, { lang });
      for (const p of ['/donations/2026/13', '/donations/2026/0', '/donations/0999/5']) {
        await page.goto(p);
        await expect(page.getByRole('alert').filter({ hasText: t.invalidMonth })).toBeVisible();
        await expect(page.getByRole('link', { name: t.backToReports })).toHaveAttribute('href', '/');
      }
    });
  });
}

test('Submit Report: dialog with optional comments and the support mailbox; then the month is locked (en, fr)', async ({ page }) => {
  await login(page, { lang: 'fr' });
  const user = await sessionUser(page);
  expect(user.branches.length, 'the demo data gives the demo user two branches').toBeGreaterThanOrEqual(2);
  const { previous } = demoMonths();
  // French: open the dialog, read it, cancel.
  const fr = MESSAGES.fr.MonthPage;
  await page.goto(`/donations/${previous.year}/${previous.month}`);
  await page.getByRole('button', { name: fr.submitReport }).click();
  const dialogFr = page.getByRole('dialog', { name: fr.submitTitle });
  await expect(dialogFr.getByLabel(fr.comments)).toBeFocused();
  await expect(dialogFr).toContainText(fill(fr.submitNote, { email: SUPPORT_EMAIL }));
  await expect(dialogFr).toContainText(fr.submitReopenNote);
  await dialogFr.getByLabel(fr.comments).fill('Vérifié par le test');
  await dialogFr.getByRole('button', { name: MESSAGES.fr.Common.cancel }).click();
  await expect(dialogFr).toHaveCount(0);
  await expect(page.getByRole('button', { name: fr.submitReport })).toBeFocused();
  // Cancelled, not lost: the comments typed are still there when the dialog opens again.
  await page.getByRole('button', { name: fr.submitReport }).click();
  await expect(dialogFr.getByLabel(fr.comments)).toHaveValue('Vérifié par le test');
  await dialogFr.getByRole('button', { name: MESSAGES.fr.Common.cancel }).click();
  await expect(dialogFr).toHaveCount(0);

  // English, on the second branch: submit for real.
  await page.context().clearCookies();
  await login(page, { lang: 'en' });
  const en = MESSAGES.en.MonthPage;
  const other = user.branches.find((b) => b.branchId !== user.branchId)!;
  await chooseBranch(page, other.branchId);
  await page.goto(`/donations/${previous.year}/${previous.month}`);
  await page.getByRole('button', { name: en.submitReport }).click();
  const dialog = page.getByRole('dialog', { name: en.submitTitle });
  await expect(dialog).toContainText(fill(en.submitNote, { email: SUPPORT_EMAIL }));
  await expect(dialog).toContainText(en.submitReopenNote);
  await dialog.getByLabel(en.comments).fill('Checked by the e2e test');
  // A double click sends one request.
  const submits: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/bff/branch/submit') && submits.push(r.url()));
  await dialog.getByRole('button', { name: en.submit }).dblclick();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: fill(en.submitSuccess, { month: String(previous.month).padStart(2, '0'), year: previous.year }) }),
  ).toBeVisible();
  await expect(page.getByTestId('submitted-note')).toBeVisible();
  await expect(page.getByRole('button', { name: en.submitReport })).toBeDisabled();
  expect(submits).toHaveLength(1);
  // Restore the first branch.
  await chooseBranch(page, user.branchId);
});

test('Undo of a delete, double-clicked, puts back one donation: one request, with an Idempotency-Key (en)', async ({ page }) => {
  await login(page, { lang: 'en' });
  const { open } = demoMonths();
  const user = await sessionUser(page);
  const t = MESSAGES.en.MonthPage;
  await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 3), weight: 919.75 });
  await page.goto(`/donations/${open.year}/${open.month}`);
  const row = page.getByTestId('donation-row').filter({ hasText: '919.75 lbs' });
  await row.getByRole('button', { name: pattern(t.delete) }).click();
  await row.getByRole('button', { name: pattern(t.confirmDelete) }).click();
  await expect(row).toHaveCount(0);
  const keys: (string | undefined)[] = [];
  page.on(
    'request',
    (r) => r.method() === 'POST' && /\/bff\/branch\/[^/]+\/donations$/.test(r.url()) && keys.push(r.headers()['idempotency-key']),
  );
  await page.getByTestId('undo-delete').getByRole('button').dblclick();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.en.MonthList.restored })).toBeVisible();
  await expect(row).toHaveCount(1);
  await page.reload();
  await expect(row).toHaveCount(1);
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
});

test('the month page arrives with its list, submitted state and totals in the HTML, before the app scripts load (en)', async ({
  browser,
  page,
}) => {
  // On a phone the JavaScript takes seconds; the list must not wait for it and for three more calls.
  await login(page);
  const { open } = demoMonths();
  const user = await sessionUser(page);
  await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 2), weight: 777.5 });
  // The app's script files never arrive (the page's own inline scripts, which reveal streamed HTML, still run).
  const noScript = await browser.newContext({ serviceWorkers: 'block', storageState: await page.context().storageState() });
  try {
    const bare = await noScript.newPage();
    await bare.route('**/_next/static/**/*.js', (route) => route.abort());
    await bare.goto(`/donations/${open.year}/${open.month}`);
    await expect(bare.getByTestId('donation-row').filter({ hasText: '777.5 lbs' }).first()).toBeVisible();
    await expect(bare.getByRole('button', { name: MESSAGES.en.MonthPage.submitReport })).toBeVisible();
    await expect(bare.getByTestId('month-summary')).toBeVisible();
  } finally {
    await noScript.close();
  }
  // Taken over in the browser without a mismatch between the server's rows and the browser's.
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/donations/${open.year}/${open.month}`);
  await expect(page.getByTestId('donation-row').filter({ hasText: '777.5 lbs' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // React names a mismatch by its error number in a production build (418, 423, 425).
  expect(errors.filter((e) => /hydrat|did(n't| not) match|react\.dev\/errors\/(418|423|425)/i.test(e))).toEqual([]);
});
