import { expect, test } from './support/test';
import { MESSAGES, addDonationByApi, demoMonths, isoDay, pattern, sessionUser } from './support/donations';
import { login, type Lang } from './support/auth';

// Hardening, the screens: the back arrow stays in the app, banners stay on their screen, icon and titles, the
// header's language and food bank, words on the phone's delete, the background cookies, one French name.

const PHONE = { width: 390, height: 844 };

test('the back arrow goes to the parent screen, never out of the app through history (en)', async ({ page }) => {
  await login(page, { lang: 'en' });
  const t = MESSAGES.en.Header;
  const { open } = demoMonths();
  // Arrive from outside the app: history holds a page of another site.
  await page.goto('about:blank');
  await page.goto(`/donations/${open.year}/${open.month}`);
  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?year=${open.year}$`));

  await page.goto('about:blank');
  const from = `/donations/${open.year}/${open.month}`;
  await page.goto(`/donations/add?from=${encodeURIComponent(from)}`);
  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(new RegExp(`${from}$`));
  // A "from" naming another site is not followed.
  await page.goto(`/donations/add?from=${encodeURIComponent('//evil.example/x')}`);
  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/(\?year=\d{4})?$/);
});

test('a success banner stays on its screen (fr)', async ({ page }) => {
  await login(page, { lang: 'fr' });
  const tm = MESSAGES.fr.MonthPage;
  const user = await sessionUser(page);
  const { open } = demoMonths();
  await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 4), weight: 818 });
  await page.goto(`/donations/${open.year}/${open.month}`);
  const row = page.getByTestId('donation-row').filter({ hasText: '818 lb' });
  await row.getByRole('button', { name: pattern(tm.delete) }).click();
  await row.getByRole('button', { name: pattern(tm.confirmDelete) }).click();
  await expect(page.getByRole('status').filter({ hasText: tm.deleted })).toBeVisible();
  // To another screen through the app's own menu (a client navigation, the banner's state lives on).
  await page.getByRole('button', { name: MESSAGES.fr.Header.menu }).click();
  await page.getByRole('link', { name: MESSAGES.fr.Header.titles.feedback }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.fr.Header.titles.feedback })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: tm.deleted })).toHaveCount(0);
});

for (const lang of ['en', 'fr'] as Lang[]) {
  test(`a favicon and a title per screen (${lang})`, async ({ page }) => {
    const h = MESSAGES[lang].Header.titles;
    const app = MESSAGES[lang].App.title;
    const icon = await page.request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    await login(page, { lang });
    await expect(page).toHaveTitle(`${h.monthlyReports} · ${app}`);
    await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', /icon|favicon/);
    for (const [path, title] of [
      ['/branch', MESSAGES[lang].BranchPage.title],
      ['/feedback', MESSAGES[lang].FeedbackPage.title],
      ['/donations/add', h.addDonation],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} · ${app}`);
    }
    const { open } = demoMonths();
    await page.goto(`/donations/${open.year}/${open.month}`);
    await expect(page).toHaveTitle(new RegExp(`${MESSAGES[lang].MonthPage.donationsOf.split('{')[0]}.+${open.year} · ${app}$`));
  });

  test(`header: the chosen language looks and is announced selected; the Food Bank label clears the top edge (${lang})`, async ({
    page,
  }) => {
    await login(page, { lang });
    const header = page.getByRole('banner');
    const group = header.getByRole('group', { name: MESSAGES[lang].Header.language });
    const chosen = group.getByRole('button', { pressed: true });
    await expect(chosen).toHaveText(new RegExp(`^${lang.toUpperCase()}`));
    const other = group.getByRole('button', { pressed: false });
    const bg = (l: typeof chosen) => l.evaluate((e) => getComputedStyle(e).backgroundColor);
    const headerBg = await header.evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(await bg(chosen)).not.toBe(headerBg);
    expect(await bg(chosen)).not.toBe(await bg(other));
    const label = header.getByText(MESSAGES[lang].Header.foodBank, { exact: true });
    const top = (await header.boundingBox())!.y;
    expect((await label.boundingBox())!.y - top).toBeGreaterThanOrEqual(8);
  });

  test(`phone: the selected food bank shows in the header; delete asks in words (${lang})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await login(page, { lang });
    const user = await sessionUser(page);
    const name = user.branches.find((b) => b.branchId === user.branchId)!.branchName;
    await expect(page.getByTestId('header-food-bank')).toContainText(name);
    await expect(page.getByTestId('header-food-bank')).toBeVisible();

    const tm = MESSAGES[lang].MonthPage;
    const { open } = demoMonths();
    const weight = lang === 'fr' ? 617 : 616;
    await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 6), weight });
    await page.goto(`/donations/${open.year}/${open.month}`);
    const row = page.getByTestId('donation-row').filter({ hasText: new RegExp(`${weight} lb`) });
    await row.getByRole('button', { name: pattern(tm.delete) }).click();
    await expect(row.getByRole('button', { name: pattern(tm.confirmDelete) })).toHaveText(tm.deleteYes);
    await expect(row.getByRole('button', { name: pattern(tm.cancelDelete) })).toHaveText(tm.deleteNo);
    await expect(row.getByText(tm.deleteQuestion)).toBeVisible();
    await row.getByRole('button', { name: pattern(tm.cancelDelete) }).click();
    await expect(row).toHaveCount(1);
  });
}

test('the login page sets the background cookies fbc-bg and fbc-bg-fr', async ({ page, context }) => {
  await page.goto('/login');
  await expect
    .poll(async () =>
      (await context.cookies())
        .map((c) => c.name)
        .filter((n) => n.startsWith('fbc-bg'))
        .sort(),
    )
    .toEqual(['fbc-bg', 'fbc-bg-fr']);
  const cookies = await context.cookies();
  const read = (n: string) =>
    JSON.parse(decodeURIComponent(cookies.find((c) => c.name === n)!.value)) as { title: string; bgImage: string };
  expect(read('fbc-bg').title).toBeTruthy();
  expect(read('fbc-bg-fr').title).toBe('Programme de récupération en épicerie');
  expect(read('fbc-bg').bgImage).toMatch(/^\/|^https:/);
});

test('French: one name for the program, no English acronym, « banque alimentaire »', async ({ page }) => {
  await login(page, { lang: 'fr' });
  const t = MESSAGES.fr.DonationForm;
  await page.goto('/donations/add?from=%2F');
  await expect(page.getByLabel(t.program, { exact: true }).locator('option:checked')).not.toHaveText(/RFP/);
  await expect(page.getByLabel(t.source, { exact: true }).locator('option', { hasText: /RFP/ })).toHaveCount(0);
  await page.goto('/feedback');
  await expect(page.getByRole('main')).not.toContainText('Programme alimentaire de détail');
  const text = JSON.stringify(MESSAGES.fr);
  expect(text).not.toMatch(/Programme alimentaire de détail|succursale|RFP/);
});
