// The user administration actions in the browser (deactivate in English: the user's session is refused
// at once; link and make lead in French), a store request approved into the donation form, and axe scans of the people
// and places screens. Runs on the app that mails the SMTP peer (sso.appOrigin).
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { loginByApi } from './support/auth';
import { expect, invitationLinkMailedTo, receivedMail, sso, test } from './support/sso';

const PROGRAM = { username: 'program', password: 'Demo-2026' };
const run = Date.now().toString(36);

async function adminPage(browser: Browser, lang: 'en' | 'fr' = 'en') {
  const context = await browser.newContext({ baseURL: sso.appOrigin });
  await context.addCookies([{ name: 'fbc-locale', value: lang, url: sso.appOrigin }]);
  await loginByApi(context.request, PROGRAM);
  const page = await context.newPage();
  await page.goto('/program/users');
  return page;
}

/** Invites through the screens' own call (the BFF) and accepts the mailed link: a signed-in page of the new user. */
async function invitedUser(browser: Browser, admin: Page, email: string) {
  const seen = (await receivedMail()).length;
  const branchId = await admin.evaluate(async (to) => {
    const branches = (await (await fetch('/bff/program/branches')).json()) as { id: string; deactivatedAt: string | null }[];
    const id = branches.find((b) => !b.deactivatedAt)!.id;
    const body = { email: to, branchId: id, reason: 'e2e' };
    const r = await fetch('/bff/program/users/invite', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`invite: ${r.status}`);
    return id;
  }, email);
  const link = await invitationLinkMailedTo(email, seen);
  const page = await (await browser.newContext({ baseURL: sso.appOrigin })).newPage();
  await page.goto(link);
  await page.getByLabel(/^New Password/).fill('Member-2026');
  await page.getByLabel(/^Confirm New Password/).fill('Member-2026');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page).not.toHaveURL(/\/invitation\//, { timeout: 20_000 });
  return { page, branchId };
}

async function openUser(admin: Page, search: RegExp, email: string) {
  await admin.getByLabel(search).fill(email);
  const row = admin.getByRole('listitem').filter({ hasText: email });
  await row.getByRole('button', { name: new RegExp(email) }).click();
  return row;
}

test('deactivating a user refuses their open session at once', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await adminPage(browser);
  const email = `off-${run}@people.example.org`;
  const { page: user } = await invitedUser(browser, admin, email);
  await expect(user).not.toHaveURL(/\/login/);

  const row = await openUser(admin, /^Search by name/, email);
  await row.getByLabel(/^Reason for the change/).fill('left the food bank');
  // Deactivating asks first: Escape leaves the user as they were and gives the focus back; Deactivate in the dialog acts.
  const deactivate = row.getByRole('button', { name: 'Deactivate' });
  await deactivate.click();
  const confirm = admin.getByRole('dialog', { name: /^Deactivate .+\?$/ });
  await expect(confirm).toContainText('They can no longer sign in; their entries stay.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await admin.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(deactivate).toBeFocused();
  await expect(row.getByText('Deactivated')).toHaveCount(0);
  await deactivate.click();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(admin.getByText('Saved.')).toBeVisible();
  await expect(row.getByText('Deactivated')).toBeVisible();

  await user.reload();
  await expect(user).toHaveURL(/\/login/, { timeout: 15_000 });
});

test('en français : lier une banque alimentaire et nommer un responsable, qui voit Personnes', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await adminPage(browser, 'fr');
  const email = `lien-${run}@people.example.org`;
  const { page: user, branchId } = await invitedUser(browser, admin, email);
  const other = await admin.evaluate(async (own) => {
    const branches = (await (await fetch('/bff/program/branches')).json()) as { id: string; name: string; deactivatedAt: string | null }[];
    return branches.find((b) => !b.deactivatedAt && b.id !== own)!;
  }, branchId);

  const row = await openUser(admin, /^Rechercher/, email);
  await row.getByLabel(/^Raison du changement/).fill('dessert aussi cette banque');
  await row.getByLabel('Ajouter une banque alimentaire').selectOption(other.id);
  await row.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(admin.getByText('Enregistré.')).toBeVisible();
  await expect(row.getByText(other.name).first()).toBeVisible();
  await row.getByLabel(/^Raison du changement/).fill('responsable');
  await row.getByRole('button', { name: 'Nommer responsable' }).first().click();
  await expect(row.getByText('(responsable)')).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'program users (fr)');

  // The new lead finds People in the drawer (English session: the lead chose no language).
  await user.goto('/');
  await user.getByRole('button', { name: 'Menu' }).click();
  await user.getByRole('link', { name: 'People' }).click();
  await expect(user.getByRole('heading', { name: /^People of/ })).toBeVisible();
  await expectNoSeriousA11yViolations(user, 'branch people');
});

test('a store request is approved and the store appears in the donation form', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await adminPage(browser);
  const { page: user } = await invitedUser(browser, admin, `ask-${run}@people.example.org`);
  const store = `Asked Store ${run}`;
  await user.goto('/donations/add');
  await user.getByRole('button', { name: 'My store is not in the list' }).click();
  const ask = user.getByRole('group', { name: 'Ask for a store' });
  await ask.getByLabel(/^Retailer/).fill('Co-op');
  await ask.getByLabel(/^Store name/).fill(store);
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(ask.getByText(/your request was sent/)).toBeVisible();
  await expect(ask.getByText(/waiting for an administrator/)).toBeVisible();

  await admin.goto('/program/stores');
  await expectNoSeriousA11yViolations(admin, 'program stores');
  const request = admin
    .locator('div')
    .filter({ hasText: store })
    .filter({ has: admin.getByRole('button', { name: 'Approve' }) })
    .last();
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('The store was added.')).toBeVisible();

  await user.reload();
  await user.getByRole('combobox', { name: /^Store/ }).fill(store);
  await expect(user.getByRole('option', { name: new RegExp(store) })).toBeVisible();
  await user.getByRole('button', { name: 'My store is not in the list' }).click();
  await expect(user.getByText(/approved: the store is in the list/)).toBeVisible();
});

// One screen per test: five axe scans in one test came close to the time limit on two busy cores.
for (const path of ['/program/users', '/program/branches', '/program/branches/new', '/program/stores']) {
  test(`${path} passes an axe scan`, async ({ browser }) => {
    // The store list (each store with its schedule link) is the longest of these pages to scan.
    test.slow(path === '/program/stores');
    const admin = await adminPage(browser);
    await admin.goto(path);
    await expect(admin.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(admin, path);
  });
}

test('the branch edit screen passes an axe scan', async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto('/program/branches');
  await admin
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await expect(admin.getByRole('heading', { name: /^Branch: / })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'branch edit');
});
