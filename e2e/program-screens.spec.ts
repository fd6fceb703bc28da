import { expect, test } from './support/test';
import { LANGS, MESSAGES } from './support/donations';
import { login } from './support/auth';
import { shootWidths } from './support/shots';

// The program's audit log and retail partner report, as the administrator `program`; the Ontario
// coordinator has the partner report but not the program-wide log.

for (const lang of LANGS) {
  const ta = MESSAGES[lang].ProgramAudit;
  const tr = MESSAGES[lang].ProgramPartnerReport;

  test(`audit log search and partner report with downloads (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, { lang, username: 'program' });
    // A write of our own to find: the reminder setting, saved through the BFF as the screen does.
    const origin = new URL(page.url()).origin;
    const saved = await page.request.put('/bff/user/current-user/reminders', { data: { optOut: false }, headers: { origin } });
    expect(saved.status()).toBe(200);
    await page.goto('/program/audit');
    await expect(page.getByRole('heading', { level: 1, name: ta.title })).toBeVisible();
    await page.getByLabel(ta.search, { exact: true }).fill('program@ user');
    await page.getByRole('button', { name: ta.submit }).click();
    await expect(page).toHaveURL(/q=program%40/);
    const entries = page.getByTestId('audit-entries');
    await expect(entries.locator('li').first()).toContainText('program@foodbanks.example.org');
    await expect(entries.locator('li').first()).toContainText(`${ta.action_update} · ${ta.entity_user}`);
    // Every time in the program's zone, named; sign-ins only when asked for, and the choice is in the address.
    await expect(entries.locator('time').first()).toHaveText(
      lang === 'fr' ? /\s\d{1,2}\sh\s\d{2}\sHE$/ : /\s\d{1,2}:\d{2}\s[ap]\.m\.\sET$/,
    );
    await expect(entries).not.toContainText(ta.action_login);
    await page.getByLabel(ta.includeAll).check();
    await page.getByRole('button', { name: ta.submit }).click();
    await expect(page).toHaveURL(/include=all/);
    await expect(entries).toContainText(ta.action_login);
    await shootWidths(page, 'program-audit', lang);

    await page.goto('/program/partner-report?from=2025-01-01&to=2026-12-31');
    const select = page.getByLabel(tr.partner);
    const first = await select.locator('option[value^="r:"]').first().getAttribute('value');
    await select.selectOption(first!);
    await page.getByRole('button', { name: tr.show }).click();
    await expect(page.getByRole('region', { name: new RegExp(tr.tableLabel.split('{')[0]!) }).or(page.getByText(tr.empty))).toBeVisible();
    const csvHref = await page.getByRole('link', { name: tr.csv }).getAttribute('href');
    const csv = await page.request.get(csvHref!);
    expect(csv.headers()['content-type']).toContain('text/csv');
    // In the screen's language: French headings with ';' for a French spreadsheet.
    expect(await csv.text()).toContain(
      lang === 'fr' ? 'Détaillant;Bannière;No de magasin;Nom du magasin;Mois' : 'Retailer,Banner,Store #,Store Name,Month',
    );
    const xlsx = await page.request.get((await page.getByRole('link', { name: tr.xlsx }).getAttribute('href'))!);
    expect(xlsx.headers()['content-type']).toContain('spreadsheetml');
    expect((await xlsx.body()).subarray(0, 2).toString()).toBe('PK');
    await shootWidths(page, 'program-partner-report', lang);
  });
}

test('the program-wide log is for administrators only, the program screens for program staff only', async ({ browser }) => {
  for (const [username, path] of [
    ['ontario', '/program/audit'],
    ['demo', '/program/requests'],
  ]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await login(page, { username });
    // The signed-in layout streams, so the not-found page comes with a 200: its text is what tells.
    await page.goto(path!);
    // In the user's language: ontario's is French.
    await expect(page.getByRole('heading', { name: MESSAGES[username === 'ontario' ? 'fr' : 'en'].NotFound.title })).toBeVisible();
    await context.close();
  }
});

test('a reminder sent by hand from a row of the month view is listed with the reminders sent', async ({ page }) => {
  const tq = MESSAGES.en.ProgramRequests;
  await login(page, { username: 'program' });
  // Last month of a branch whose staff receive reminders and which no other spec submits (demo2's Halifax branch).
  await page.goto(`/program?q=${encodeURIComponent('Halifax')}`);
  const row = page.getByTestId('oversight-row').first();
  const name = (await row.getByRole('rowheader').innerText()).trim();
  await row.getByRole('button', { name: tq.sendReminderLabel.replace('{branch}', name) }).click();
  await expect(page.getByRole('status').filter({ hasText: tq.reminderSent.replace('{branch}', name) })).toBeVisible();
  await expect(page.getByTestId('reminders')).toContainText(name);
});

test('/program arrives with its reopening requests and reminders in the HTML, before the app scripts load', async ({ browser, page }) => {
  // Read while the page renders: no spinner that the lists then replace, pushing the month view down.
  const tq = MESSAGES.en.ProgramRequests;
  await login(page, { username: 'program' });
  const noScript = await browser.newContext({ serviceWorkers: 'block', storageState: await page.context().storageState() });
  try {
    const bare = await noScript.newPage();
    await bare.route('**/_next/static/**/*.js', (route) => route.abort());
    await bare.goto('/program');
    const requests = bare.getByTestId('reopen-requests');
    await expect(requests.getByRole('list').or(requests.getByText(tq.empty))).toBeVisible();
    await expect(requests.getByText(tq.loading)).toHaveCount(0);
    const reminders = bare.getByTestId('reminders');
    await expect(reminders.getByRole('list').or(reminders.getByText(tq.remindersEmpty))).toBeVisible();
    await expect(reminders.getByText(tq.loading)).toHaveCount(0);
  } finally {
    await noScript.close();
  }
  // Taken over in the browser without a mismatch, also on a device far from the app's time zone (the sent times are
  // written in the app's zone on both sides).
  const far = await browser.newContext({ timezoneId: 'Pacific/Kiritimati', storageState: await page.context().storageState() });
  const errors: string[] = [];
  try {
    const farPage = await far.newPage();
    farPage.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    farPage.on('pageerror', (e) => errors.push(e.message));
    await farPage.goto('/program');
    await expect(farPage.getByTestId('reopen-requests').getByRole('list').or(farPage.getByText(tq.empty))).toBeVisible();
    await farPage.waitForLoadState('networkidle');
  } finally {
    await far.close();
  }
  // React names a mismatch by its error number in a production build (418, 423, 425).
  expect(errors.filter((e) => /hydrat|did(n't| not) match|react\.dev\/errors\/(418|423|425)/i.test(e))).toEqual([]);
});

test('a double click on "Send a reminder" sends one reminder and keeps saying it was sent', async ({ page }) => {
  const tq = MESSAGES.en.ProgramRequests;
  await login(page, { username: 'program' });
  // A branch months behind whose staff receive reminders (the demo's `edmonton`), which no other spec reminds.
  await page.goto(`/program?q=${encodeURIComponent('Edmonton')}`);
  const row = page.getByTestId('oversight-row').first();
  const name = (await row.getByRole('rowheader').innerText()).trim();
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/program/reminders')) posts.push(r.url());
  });
  await row.getByRole('button', { name: tq.sendReminderLabel.replace('{branch}', name) }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: tq.reminderSent.replace('{branch}', name) })).toBeVisible();
  await expect(page.getByTestId('reminders')).toContainText(name);
  // Long enough for a second answer to arrive and replace the banner, had a second request gone out.
  await page.waitForTimeout(1500);
  expect(posts).toHaveLength(1);
  await expect(page.getByRole('status').filter({ hasText: tq.reminderSent.replace('{branch}', name) })).toBeVisible();
  await expect(page.getByText(tq.reminderAlreadySent.replace(' {time}', ''))).toHaveCount(0);
});

for (const lang of LANGS) {
  test(`a month not submitted that nobody can be reminded of says why (${lang})`, async ({ page }) => {
    const to = MESSAGES[lang].ProgramOversight;
    await login(page, { lang, username: 'program' });
    // Moisson Laval is late with last month and has no user: no button, the reason instead.
    await page.goto(`/program?q=${encodeURIComponent('Laval')}`);
    const row = page.getByTestId('oversight-row').first();
    await expect(row.getByTestId('remind-blocked')).toHaveText(to.remindBlocked_noRecipient);
    await expect(row.getByRole('button')).toHaveCount(0);
  });
}
