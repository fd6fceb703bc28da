import { expect, test } from './support/test';
import { LANGS, MESSAGES, chooseBranch, bffJson, demoMonths, fill, sessionUser, settle } from './support/donations';
import { login } from './support/auth';
import { reportYears } from '../lib/domain/year-range';

// Monthly Reports (/): year picker, rows, statuses, navigation, Add Donation, animation, branch switch.

for (const lang of LANGS) {
  const t = MESSAGES[lang].MonthlyReportsPage;

  test.describe(`monthly reports (${lang})`, () => {
    test('rows, statuses, localized pounds and percentages, year picker of years with donations', async ({ page }) => {
      await login(page, { lang });
      const user = await sessionUser(page);
      const { open, submitted } = demoMonths();
      await page.goto(`/?year=${open.year}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES[lang].Header.titles.monthlyReports);

      // Year picker: from the first donation year to the year after the last (docs/product.md, Monthly Reports).
      const years = await bffJson<number[]>(page, 'GET', `/donation/donationyears?appSource=bot&branchId=${user.branchId}`);
      const year = page.getByLabel(t.year, { exact: true });
      await expect(year).toHaveValue(String(open.year));
      expect(await year.locator('option').allTextContents()).toEqual(reportYears(years, new Date().getFullYear()).map(String));

      const rows = page.getByTestId(/^report-row-/);
      await expect(rows).toHaveCount(12);
      await settle(page);
      // Current month: still pending (the cutoff is the 15th of the next month).
      await expect(page.getByTestId(`report-row-${open.month}`).locator('[data-status]')).toHaveText(t.statusPending);
      if (submitted.year === open.year) {
        await expect(page.getByTestId(`report-row-${submitted.month}`).locator('[data-status]')).toHaveText(t.statusSubmitted);
      }
      // Localized pounds and shares with two decimals: "1,234 lbs (33.33%)" / "1 234 lb (33,33 %)".
      const row = page.getByTestId(`report-row-${open.month}`);
      if (lang === 'en') await expect(row).toContainText(/\d lbs \(\d{1,3}\.\d{2}%\)/);
      else await expect(row).toContainText(/\d lb \(\d{1,3},\d{2}\u00a0%\)/);

      // A past year from the picker: every month before the last two is submitted, or overdue when not (or reopened,
      // when the reopening specs reopened one of them within the last two weeks).
      if (years.length > 1) {
        await year.selectOption(String(years[1]));
        await expect(page).toHaveURL(new RegExp(`year=${years[1]}`));
        await expect(rows).toHaveCount(12);
        const statuses = await page.locator('[data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
        expect(statuses.every((s) => s === 'submitted' || s === 'overdue' || s === 'reopened')).toBeTruthy();
      }
    });

    test('a year the branch has no reports for shows this year: its months and its totals', async ({ page }) => {
      await login(page, { lang });
      const { open } = demoMonths();
      // The months and the totals of the year asked for are read beside the branch's years, and read again for the
      // year shown when the years rule that one out.
      await page.goto('/?year=1990');
      await expect(page.getByLabel(t.year, { exact: true })).toHaveValue(String(open.year));
      await expect(page.getByTestId(/^report-row-/)).toHaveCount(12);
      await expect(page.getByTestId('pounds-chart')).toHaveAttribute(
        'aria-label',
        fill(MESSAGES[lang].Totals.chartLabel, { year: open.year, previous: open.year - 1 }),
      );
    });

    test('Overdue is red and bold; a row opens its month (mouse and keyboard); Add Donation carries the year', async ({ page }) => {
      await login(page, { lang });
      const { open } = demoMonths();
      const last = open.month === 1 ? { year: open.year - 1, month: 12 } : { year: open.year, month: open.month - 1 };
      await page.goto(`/?year=${last.year}`);
      await settle(page);
      const status = page.getByTestId(`report-row-${last.month}`).locator('[data-status]');
      if (new Date().getDate() > 15) {
        await expect(status).toHaveText(t.statusOverdue);
        const weight = await status.evaluate((e) => getComputedStyle(e).fontWeight);
        expect(Number(weight)).toBeGreaterThanOrEqual(700);
        await expect(status).toHaveClass(/\btext-red-800\b/);
      }
      await page.getByTestId(`report-row-${last.month}`).getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/donations/${last.year}/${last.month}$`));

      await page.goto(`/?year=${open.year}`);
      await settle(page);
      await page.getByTestId(`report-row-${open.month}`).getByRole('link').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/donations/${open.year}/${open.month}$`));

      await page.goto(`/?year=${open.year}`);
      await page.getByRole('link', { name: t.addDonation }).click();
      await expect(page).toHaveURL(new RegExp(`/donations/add\\?year=${open.year}&from=`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES[lang].Header.titles.addDonation);
    });
  });
}

test('rows animate in, staggered by 250 ms over 500 ms; not with reduced motion', async ({ page }) => {
  await login(page);
  await page.goto('/');
  const rows = page.getByTestId(/^report-row-/);
  await expect(rows).toHaveCount(12);
  const anim = await rows.evaluateAll((els) =>
    els.map((e) => ({
      name: getComputedStyle(e).animationName,
      duration: getComputedStyle(e).animationDuration,
      delay: getComputedStyle(e).animationDelay,
    })),
  );
  expect(anim[0]).toEqual({ name: 'row-in', duration: '0.5s', delay: '0s' });
  expect(anim[1]!.delay).toBe('0.25s');
  expect(anim[11]!.delay).toBe('2.75s');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(rows).toHaveCount(12);
  const names = await rows.evaluateAll((els) => els.map((e) => getComputedStyle(e).animationName));
  expect(names.every((n) => n === 'none')).toBeTruthy();
});

test('switching branch reloads the reports of the other branch', async ({ page }) => {
  await login(page);
  const user = await sessionUser(page);
  expect(user.branches.length, 'the demo data gives the demo user two branches').toBeGreaterThanOrEqual(2);
  const other = user.branches.find((b) => b.branchId !== user.branchId)!;
  await page.goto('/');
  await expect(page.getByTestId(/^report-row-/)).toHaveCount(12);
  // The reports are rendered on the server: the switch renders the page again for the other branch.
  const refresh = page.waitForRequest((r) => r.headers()['rsc'] === '1' && new URL(r.url()).pathname === '/');
  await chooseBranch(page, other.branchId);
  await refresh;
  const years = await bffJson<number[]>(page, 'GET', `/donation/donationyears?appSource=bot&branchId=${other.branchId}`);
  const year = page.getByLabel(MESSAGES.en.MonthlyReportsPage.year, { exact: true });
  if (years.length)
    await expect.poll(() => year.locator('option').allTextContents()).toEqual(reportYears(years, new Date().getFullYear()).map(String));
  await expect(page.getByTestId(/^report-row-/)).toHaveCount(12);
  // Each month shows the other branch's pounds.
  const shown = Number(await year.inputValue());
  const reports = await bffJson<{ month: number; frontStoreWeightInPounds: number; backStoreWeightInPounds: number }[]>(
    page,
    'GET',
    `/branch/${other.branchId}/donations/${shown}/aggregate`,
  );
  const lbs = (n: number) => `${n.toLocaleString('en-CA', { maximumFractionDigits: 2 })} lbs`;
  for (const r of reports) {
    await expect(page.getByTestId(`report-row-${r.month}`)).toContainText(lbs(r.frontStoreWeightInPounds));
    await expect(page.getByTestId(`report-row-${r.month}`)).toContainText(lbs(r.backStoreWeightInPounds));
  }
  // Back to the first branch for the other specs.
  await chooseBranch(page, user.branchId);
});
