import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { MESSAGES, chooseBranch, addDonationByApi, bffJson, demoMonths, isoDay, sessionUser, stores } from './support/donations';
import { login } from './support/auth';
import { CATS, form, pickStore, storeLabel } from './support/donation-form';
import { apiWrites } from './support/count-requests';

// Add and Edit donation beyond the usual entry: keyboard only, the branch chosen in the header, an edit opened without an
// origin, a server's validation code under its field, a donation of another program.

test('keyboard only: add a donation with Tab, arrows, typing and Enter', async ({ page }) => {
  await login(page);
  const user = await sessionUser(page);
  const { open } = demoMonths();
  await page.goto(`/?year=${open.year}`);
  const f = form(page, 'en');
  // From the page to the Add Donation button by keyboard.
  await page.keyboard.press('Tab');
  for (
    let i = 0;
    i < 30 &&
    !(await page.getByRole('link', { name: MESSAGES.en.MonthlyReportsPage.addDonation }).evaluate((e) => e === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/donations\/add/);
  await expect(f.date).toBeVisible();
  await f.date.focus(); // the first field (a page load starts focus at the document)
  const tabTo = async (target: ReturnType<Page['getByLabel']>) => {
    for (let i = 0; i < 10 && !(await target.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
  };
  await tabTo(f.store);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(f.store).not.toHaveValue('');
  await tabTo(f.weight);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('15');
  await tabTo(f.slider(CATS.en.meat));
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  await expect(f.box(CATS.en.meat)).toBeFocused();
  await expect(f.box(CATS.en.meat)).toHaveValue('10');
  await tabTo(f.box(CATS.en.produce));
  await page.keyboard.type('90');
  await expect(f.total).toHaveText('Total: 100.00%');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/\\?year=${open.year}`));
  await expect(page.getByRole('status').filter({ hasText: / 15 lbs of new donation added by / })).toBeVisible();
  expect(user.branchId).toBeTruthy();
});

test('the add form reloads the stores of the branch chosen in the header', async ({ page }) => {
  await login(page);
  const user = await sessionUser(page);
  expect(user.branches.length, 'the demo data gives the demo user two branches').toBeGreaterThanOrEqual(2);
  const other = user.branches.find((b) => b.branchId !== user.branchId)!;
  await page.goto('/donations/add');
  const f = form(page, 'en');
  const [first] = await stores(page, user.branchId);
  await pickStore(page, 'en', first!);
  const reload = page.waitForRequest((r) => r.url().includes(`/bff/branch/${other.branchId}/stores`));
  await page.locator('input[name="weight"]').waitFor(); // hydrated form
  await chooseBranch(page, other.branchId);
  await reload;
  await expect(f.store).toHaveValue('');
  const otherStores = await stores(page, other.branchId);
  await f.store.click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(otherStores.length);
  await page.keyboard.press('Escape');
  await chooseBranch(page, user.branchId);
});

test('edit without an origin returns to the month of the donation', async ({ page }) => {
  await login(page);
  const user = await sessionUser(page);
  const { open } = demoMonths();
  const created = await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1), weight: 55 });
  await page.goto(`/donations/edit/${created.id}/${created.campaignId}`);
  await expect(page.getByRole('link', { name: MESSAGES.en.DonationForm.cancel })).toHaveAttribute(
    'href',
    `/donations/${open.year}/${open.month}`,
  );
});

test('a 400 validation code from the server shows under its field (fr)', async ({ page }) => {
  await login(page, { lang: 'fr' });
  const user = await sessionUser(page);
  const [store] = await stores(page, user.branchId);
  await page.goto('/donations/add');
  const f = form(page, 'fr');
  await pickStore(page, 'fr', store!);
  await f.weight.fill('12');
  await f.box(CATS.fr.produce).fill('100');
  let answer = { code: 'VALIDATION_STORE', message: 'Please select a store', field: 'storeId' };
  await page.route('**/bff/branch/*/donations', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(answer) }),
  );
  await f.submit.click();
  await expect(page.getByText(f.err.VALIDATION_STORE)).toBeVisible();
  await expect(f.store).toHaveAttribute('aria-invalid', 'true');
  await expect(f.store).toHaveValue(storeLabel(store!));
  answer = { code: 'VALIDATION_WEIGHT', message: 'Please enter a valid weight', field: 'weight' };
  await f.submit.click();
  await expect(page.getByText(f.err.VALIDATION_WEIGHT)).toBeVisible();
  await expect(f.weight).toBeFocused();
  await expect(f.weight).toHaveValue('12');
});

test('a donation of another program edits through its own calls and shows its program', async ({ page }) => {
  await login(page);
  const user = await sessionUser(page);
  const { open, previous } = demoMonths();
  let found: { id: string; campaignId: string; campaignName: string; date: string } | undefined;
  let month = open;
  for (const ym of [open, previous]) {
    const res = await page.request.get(`/bff/branch/${user.branchId}/campaigndonations/${ym.year}/${ym.month}`);
    const list = (await res.json()) as { id: string; campaignId: string; campaignName: string; date: string }[];
    if (list.length) {
      found = list[0];
      month = ym;
      break;
    }
  }
  if (!found) {
    // An earlier spec may have deleted the demo's: make one in the open month, through the program's own call.
    const [campaign] = await bffJson<{ id: string; name: string }[]>(page, 'GET', `/branch/${user.branchId}/campaigns`);
    expect(campaign, 'the demo data has a program besides the RFP').toBeTruthy();
    const made = await addDonationByApi(page, { branchId: user.branchId, date: isoDay(open, 1), campaignId: campaign!.id });
    found = { ...made, campaignName: campaign!.name };
    month = open;
  }
  await page.goto(`/donations/${month.year}/${month.month}`);
  await page.locator(`a[href^="/donations/edit/${found!.id}/${found!.campaignId}"]`).click();
  const f = form(page, 'en');
  await expect(f.program.locator('option:checked')).toHaveText(found!.campaignName);
  // One save, one API write: the update stores the gas figure itself (no update-campaign-ghg call after it).
  const writes = apiWrites(page);
  await f.save.click();
  await expect(page).toHaveURL(new RegExp(`/donations/${month.year}/${month.month}$`));
  expect(writes).toEqual([`PUT /bff/donation/campaigndonation/${found!.id}`]);
  await expect(page.getByRole('status').filter({ hasText: /^Updated donation on \d{2}\/\d{2}\/\d{4}\.$/ })).toBeVisible();
});
