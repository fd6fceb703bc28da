import fs from 'node:fs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, loginThroughForm, test, type Lang } from './support/auth';
import { msg } from './support/messages';
import { shootWidths } from './support/shots';

// The program's screens as the program administrator `program` and the Ontario coordinator `ontario`, in
// English and French, at phone and desktop widths: month view, year view, totals and a food bank's reports.

const PROGRAM = { username: 'program', password: 'Demo-2026' };
const ONTARIO = { username: 'ontario', password: 'Demo-2026' };
const DEMO = { username: 'demo', password: 'Demo-2026' };

/** Last month, the month view's default, as the screen names it ("October 2026" / "octobre 2026"). */
function lastMonth(lang: Lang) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const name = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, name };
}

const heading = (lang: Lang, key: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, String(v)), msg(lang, key));

test.describe('program administrator', () => {
  test('signs in to /program, sees every food bank of last month, filters, sorts, searches and exports', async ({ page }) => {
    await loginThroughForm(page, PROGRAM);
    await expect(page).toHaveURL(/\/program$/);
    const { year, month, name } = lastMonth('en');
    await expect(page.locator('#oversight-title')).toHaveText(`Monthly reports of ${name}`);
    const rows = page.getByTestId('oversight-row');
    await expect(rows).toHaveCount(24);
    // The counts add up to the food banks shown.
    const count = async (s: string) =>
      Number((await page.getByTestId(`count-${s}`).locator('span').first().innerText()).replace(/\D/g, ''));
    expect(await count('all')).toBe(24);
    expect((await count('submitted')) + (await count('pending')) + (await count('overdue'))).toBe(24);
    expect(await count('submitted')).toBeGreaterThan(0);

    // Province filter through the form.
    await page.getByLabel('Province').selectOption('QC');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/province=QC/);
    // The address names only what was chosen (no empty search to share).
    expect(new URL(page.url()).search).not.toMatch(/=(&|$)/);
    await expect(rows).toHaveCount(5);
    for (const cell of await rows.locator('td:nth-child(2)').allInnerTexts()) expect(cell).toBe('QC');
    // Search ignores accents and case: "moisson" finds the four Moisson food banks of Quebec.
    await page.getByLabel('Search by name').fill('MOISSON');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(rows).toHaveCount(4);
    // A status count filters by that status.
    await page.goto(`/program?month=${year}-${String(month).padStart(2, '0')}`);
    const overdue = await count('overdue');
    await page.getByTestId('count-overdue').click();
    await expect(page).toHaveURL(/status=overdue/);
    await expect(rows).toHaveCount(overdue);
    if (overdue) await expect(rows.locator('[data-status]').first()).toHaveText('Overdue');

    // Sort by back of store, descending on the second click.
    await page.goto('/program');
    await page.getByRole('link', { name: /Back of Store/ }).click();
    await expect(page.getByRole('columnheader', { name: /Back of Store/ })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('link', { name: /Back of Store/ }).click();
    await expect(page.getByRole('columnheader', { name: /Back of Store/ })).toHaveAttribute('aria-sort', 'descending');
    const backs = (await rows.locator('td:nth-child(5)').allInnerTexts()).map((s) => Number(s.replace(/[^\d.]/g, '')));
    expect(backs).toEqual([...backs].sort((a, b) => b - a));

    // Exports of the same view.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe(`program-oversight-${year}-${String(month).padStart(2, '0')}.csv`);
    const text = fs.readFileSync((await csv.path())!, 'utf8');
    expect(text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toContain('Food Bank,Province,Status,Submitted on');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Excel (XLSX)' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(
      fs
        .readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  test('reaches the program from the drawer, with every program screen in its navigation', async ({ page }) => {
    await loginThroughForm(page, PROGRAM);
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Program oversight' })).toBeVisible();
    // No branch: no branch screens, no Food Bank selector.
    await expect(drawer.getByRole('link', { name: 'Monthly Reports' })).toHaveCount(0);
    await expect(drawer.getByLabel('Food Bank')).toHaveCount(0);
    await page.keyboard.press('Escape');
    const nav = page.getByRole('navigation', { name: 'Program screens' });
    for (const link of ['Month', 'Year', 'Totals', 'Audit trail', 'Retail partner report', 'Users', 'Food banks', 'Stores'])
      await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Month', exact: true })).toHaveAttribute('aria-current', 'page');
    // A branch screen sends program staff without a branch back to /program.
    await page.goto('/donations/add');
    await expect(page).toHaveURL(/\/program$/);
  });

  test('opens a food bank read-only from its row: reports of the year and a month of donations', async ({ page }) => {
    await loginThroughForm(page, PROGRAM);
    await page.getByRole('link', { name: 'Toronto Community Food Bank' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Toronto Community Food Bank/ })).toBeVisible();
    const { month } = lastMonth('en');
    await expect(page.getByTestId(/^branch-month-/)).toHaveCount(12);
    await expect(page.getByTestId('branch-donations')).toBeVisible();
    await expect(page.getByTestId('branch-donations').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByTestId(`branch-month-${month}`)).toHaveClass(/bg-primary-light/);
    // Read only: nothing to edit, delete, add or submit.
    await expect(page.getByRole('button', { name: /Edit|Delete|Submit|Add/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'program branch');
  });
});

test('a program administrator corrects a donation of an open month from the read-only view', async ({ page }) => {
  await loginThroughForm(page, PROGRAM);
  // Hamilton is a month late in the demo data: last month is still open.
  await page.goto('/program?province=ON');
  await page.getByRole('link', { name: 'Hamilton Food Share' }).click();
  const correct = page
    .getByTestId('branch-donations')
    .getByRole('link', { name: /^Correct the donation of / })
    .first();
  await correct.click();
  await expect(page).toHaveURL(/\/program\/branches\/[^/]+\/donations\/[^/?]+/);
  const weight = page.getByLabel('Weight', { exact: true });
  await weight.fill('123.4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/program\/branches\/[^/]+\?year=\d{4}&month=\d{1,2}$/);
  await expect(page.getByText(/^Updated donation on /)).toBeVisible();
  await expect(page.getByTestId('branch-donations')).toContainText('123.4 lbs');
});

for (const lang of ['en', 'fr'] as const) {
  test.describe(`program screens (${lang})`, () => {
    test.use({ signedInAs: lang === 'fr' ? ONTARIO : PROGRAM, lang });

    // Slow on a busy machine: two full-page screenshots and an accessibility scan per screen.
    test.describe.configure({ timeout: 150_000 });

    test('month view at phone and desktop widths', async ({ page }) => {
      const { name } = lastMonth(lang);
      await page.goto('/program');
      await expect(page.locator('#oversight-title')).toHaveText(heading(lang, 'ProgramOversight.heading', { month: name }));
      if (lang === 'fr') {
        // The Ontario coordinator sees Ontario's food banks only, and no administrator screen.
        const provinces = await page.getByTestId('oversight-row').locator('td:nth-child(2)').allInnerTexts();
        expect(provinces.length).toBe(6);
        expect(new Set(provinces)).toEqual(new Set(['ON']));
        await expect(page.getByRole('navigation').getByRole('link', { name: msg('fr', 'ProgramNav.users') })).toHaveCount(0);
      }
      await expectNoSeriousA11yViolations(page, `program month ${lang}`);
      await shootWidths(page, 'program-month', lang);
    });

    test('year view at phone and desktop widths', async ({ page }) => {
      await page.goto('/program');
      await page.getByRole('link', { name: msg(lang, 'ProgramNav.year'), exact: true }).click();
      await expect(page).toHaveURL(/\/program\/year/);
      const grid = page.getByRole('table');
      await expect(grid.getByRole('row')).toHaveCount((lang === 'fr' ? 6 : 24) + 1);
      // The food bank column stays in view while the months scroll sideways.
      expect(
        await grid
          .locator('tbody th')
          .first()
          .evaluate((el) => getComputedStyle(el).position),
      ).toBe('sticky');
      await expect(grid.locator('td[data-status="overdue"]').first()).toContainText(msg(lang, 'ProgramYear.statusOverdue'));
      await expectNoSeriousA11yViolations(page, `program year ${lang}`);
      await shootWidths(page, 'program-year', lang);
    });

    test('totals with the chart and its table at phone and desktop widths', async ({ page }) => {
      await page.goto('/program');
      await page.getByRole('link', { name: msg(lang, 'ProgramNav.totals'), exact: true }).click();
      await expect(page).toHaveURL(/\/program\/totals/);
      // The month is chosen from months named in the page's language (a browser's month field names them in its own).
      const monthField = page.getByLabel(msg(lang, 'ProgramTotals.month'), { exact: true });
      await expect(monthField.locator('option:checked')).toHaveText(lastMonth(lang).name);
      await expect(monthField.locator('option').first()).toHaveText(
        new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
          month: 'long',
          year: 'numeric',
          // This month is the app's (America/Toronto unless APP_TIME_ZONE says otherwise), not this machine's.
          timeZone: process.env.APP_TIME_ZONE || 'America/Toronto',
        }).format(new Date()),
      );
      const chart = page.getByRole('img', { name: new RegExp(msg(lang, 'ProgramTotals.chartTitle').split(':')[0]!.trim()) });
      await expect(chart).toBeVisible();
      await expect(page.getByRole('table', { name: msg(lang, 'ProgramTotals.chartTable') }).locator('tbody tr')).toHaveCount(12);
      await expect(
        page.getByTestId('totals-month-table').getByRole('row', { name: new RegExp(msg(lang, 'ProgramTotals.program')) }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `program totals ${lang}`);
      await shootWidths(page, 'program-totals', lang);
    });
  });
}

test('a coordinator gets the same 404 for a food bank outside its provinces as for an unknown one', async ({ browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL });
  const page = await admin.newPage();
  await loginThroughForm(page, PROGRAM);
  await page.goto('/program?province=QC');
  const href = await page.getByRole('link', { name: 'Banque alimentaire de Québec' }).getAttribute('href');
  await admin.close();

  const coord = await browser.newContext({ baseURL });
  const p2 = await coord.newPage();
  await loginThroughForm(p2, ONTARIO);
  // Streamed under the loading boundary, the 404 shows as the not-found page (the status may already be sent), in the
  // user's language: ontario's is French.
  for (const path of [href!, '/program/branches/3f2b9c1e-8a4d-4c2b-9e7f-0123456789ab']) {
    await p2.goto(path);
    await expect(p2.getByRole('heading', { name: msg('fr', 'NotFound.title') })).toBeVisible();
    await expect(p2.getByText('Banque alimentaire de Québec')).toHaveCount(0);
  }
  await coord.close();
});

test('branch staff have no program screens: 404 and no drawer link', async ({ page }) => {
  await loginThroughForm(page, DEMO);
  await page.goto('/program');
  await expect(page.getByRole('heading', { name: 'This page could not be found.' })).toBeVisible();
  await expect(page.getByTestId('oversight-row')).toHaveCount(0);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Monthly Reports' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Program oversight' })).toHaveCount(0);
});
