import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test } from './support/test';
import { LANGS, MESSAGES, addDonationByApi, demoMonths, isoDay, sessionUser } from './support/donations';
import { login } from './support/auth';

// Export: header icon → "Export Donations?" → the year's CSV, with the banner (docs/product.md, Exports of a year).

const FIXED = ['Retailer', 'Banner', 'Store #', 'Store Name', 'Food Bank', 'Date', 'Source', 'Weight (lbs)'];
const CATEGORIES = ['Meat & Seafood', 'Dairy', 'Bakery', 'Frozen', 'Produce', 'Non-perishable', 'Non-food items', 'Waste', 'No Donation'];

for (const lang of LANGS) {
  const t = MESSAGES[lang].Export;

  test(`export the selected year as CSV (${lang})`, async ({ page }) => {
    await login(page, { lang });
    const user = await sessionUser(page);
    const branchName = user.branches.find((b) => b.branchId === user.branchId)!.branchName;
    const { open } = demoMonths();
    await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1), weight: 98.5 });
    await page.goto(`/?year=${open.year}`);
    await page.getByRole('button', { name: MESSAGES[lang].Header.export }).click();
    const dialog = page.getByRole('dialog', { name: t.title });
    await expect(dialog.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(dialog.getByRole('button', { name: t.confirm })).toBeFocused();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: t.confirm }).click()]);
    expect(download.suggestedFilename()).toBe(`${branchName}-branch-donations-export-${open.year}.csv`);
    await expect(page.getByRole('status').filter({ hasText: t.success })).toBeVisible();

    const file = fs.readFileSync((await download.path())!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(file.toString('utf8').slice(1), { relax_column_count: false });
    expect(rows[0]).toEqual([...FIXED, ...CATEGORIES]);
    expect(rows.length).toBeGreaterThan(1);
    const body = rows.slice(1);
    for (const r of body) {
      expect(r[1]).not.toBe(''); // Banner, N/A when there is none
      expect(r[5]).toMatch(new RegExp(`^\\d{2}/\\d{2}/${open.year}$`));
      expect(['Back of Store', 'Front of Store']).toContain(r[6]);
      for (const pct of r.slice(8)) expect(pct).toMatch(/^\d{1,3}%$/);
      expect(r[4]).toBe(branchName);
    }
    const mine = body.find((r) => r[7] === '98.5' && r[5] === `${String(open.month).padStart(2, '0')}/01/${open.year}`);
    expect(mine, 'the donation added for the test').toBeTruthy();
    expect(mine![6]).toBe('Back of Store');
    expect(mine![8 + CATEGORIES.indexOf('Produce')]).toBe('60%');
    expect(mine![8 + CATEGORIES.indexOf('Dairy')]).toBe('40%');
    expect(mine![8 + CATEGORIES.indexOf('Meat & Seafood')]).toBe('0%');
  });
}

test('a store without a banner exports N/A (when the demo data has one)', async ({ page }) => {
  await login(page);
  const user = await sessionUser(page);
  const { open } = demoMonths();
  for (const b of user.branches) {
    const res = await page.request.get(`/bff/donation/export?branchId=${b.branchId}&year=${open.year}`);
    expect(res.status()).toBe(200);
    const rows: string[][] = parse((await res.text()).replace(/^\uFEFF/, ''));
    const storesRes = await page.request.get(`/bff/branch/${b.branchId}/stores`);
    type Store = { name: string; banner: unknown; retailer: { name: string } | null };
    const noBanner = ((await storesRes.json()) as Store[]).filter((s) => !s.banner).map((s) => `${s.retailer?.name ?? ''}|${s.name}`);
    let seen = 0;
    for (const r of rows.slice(1)) {
      if (noBanner.includes(`${r[0]}|${r[3]}`)) {
        expect(r[1]).toBe('N/A');
        seen++;
      }
    }
    if (noBanner.length && rows.length > 50) expect(seen).toBeGreaterThan(0);
    for (const r of rows.slice(1)) expect(r[1]).not.toBe('');
  }
});

test('export failure shows the error banner', async ({ page }) => {
  await login(page, { lang: 'fr' });
  await page.goto('/');
  await page.getByRole('button', { name: MESSAGES.fr.Header.export }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.fr.Export.title });
  await expect(dialog).toBeVisible();
  // A real refusal: the session's API token is revoked meanwhile (as a sign-out elsewhere does), so the API answers
  // 401. The file goes to the browser's download manager, out of page.route()'s reach; the page learns the answer's
  // status from the BFF's cookie.
  const out = await page.request.post('/bff/user/logout', { headers: { origin: new URL(page.url()).origin } });
  expect(out.ok()).toBeTruthy();
  await dialog.getByRole('button', { name: MESSAGES.fr.Export.confirm }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.fr.Export.failure })).toBeVisible();
});

test('the month screen exports its year too', async ({ page }) => {
  await login(page);
  const { open } = demoMonths();
  await page.goto(`/donations/${open.year}/${open.month}`);
  await page.getByRole('button', { name: MESSAGES.en.Header.export }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.en.Export.title });
  await expect(dialog.getByRole('heading', { name: MESSAGES.en.Export.title })).toBeVisible();
  await expect(dialog).toContainText(String(open.year));
  await dialog.getByRole('button', { name: MESSAGES.en.Export.cancel }).click();
  await expect(dialog).toHaveCount(0);
});
