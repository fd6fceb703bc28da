// End to end: a program administrator onboards a new food bank in the browser (branch created, stores imported,
// a lead invited); the invitation is read from the real SMTP peer; the lead sets a password, invites a colleague, and
// both log donations. Runs on the second app of playwright.config.ts, the one that sends mail to the SMTP peer.
import type { BrowserContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { shot } from './support/shots';
import { loginByApi } from './support/auth';
import { expect, invitationLinkMailedTo as invitationLink, receivedMail, sso, test } from './support/sso';

const PROGRAM = { username: 'program', password: 'Demo-2026' };
const run = Date.now().toString(36);
const BANK = `Onboarded Food Bank ${run}`;

async function acceptInvitation(context: BrowserContext, link: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await shot(page, 'screenshots/invitation-390.png');
  // No longer than the API takes (SIGN_IN_TEXT_MAX.password): a longer password is a FIELD_TOO_LONG.
  for (const label of [/^New Password/, /^Confirm New Password/]) await expect(page.getByLabel(label)).toHaveAttribute('maxlength', '200');
  await page.getByLabel(/^New Password/).fill(password);
  await page.getByLabel(/^Confirm New Password/).fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page).not.toHaveURL(/\/invitation\//, { timeout: 20_000 });
  return page;
}

/** Logs a donation through the signed-in browser session (the BFF), on the session's branch and one of its stores. */
async function logDonation(page: Page) {
  const res = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/session')).json()) as { user: { branchId: string } };
    const branchId = session.user.branchId;
    const stores = (await (await fetch(`/bff/branch/${branchId}/stores`)).json()) as { id: string }[];
    const today = new Date();
    const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-01`;
    const r = await fetch(`/bff/branch/${branchId}/donations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        date,
        storeId: stores[0]?.id,
        source: 0,
        weight: 12,
        weightUnit: 1,
        categories: [{ categoryId: 1, fraction: 1 }],
      }),
    });
    return r.status;
  });
  expect(res).toBe(201);
}

test('a new food bank is onboarded in the browser, from branch to donations', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await browser.newContext({ baseURL: sso.appOrigin });
  await loginByApi(admin.request, PROGRAM);
  const page = await admin.newPage();

  // The branch, every field, under the organisation details' rules; then its page shows it back.
  await page.goto('/program/branches');
  await page.getByRole('link', { name: 'New branch' }).click();
  const form = page.getByRole('form', { name: 'New branch' });
  await form.getByLabel(/^Name/).fill(BANK);
  await form.getByLabel(/^Email/).fill('bank@onboard.example.org');
  await form.getByLabel(/^Phone Number/).fill('506-555-0100');
  await form.getByLabel(/^Address Line 1/).fill('1 Main St');
  await form.getByLabel(/^Address Line 2/).fill('Suite 4');
  await form.getByLabel(/^City/).fill('Moncton');
  await form.getByLabel(/^Province/).selectOption('NB');
  await form.getByLabel(/^Website/).fill('https://onboard.example.org');
  await form.getByLabel(/^Operating Hours/).fill('Mon-Fri 9-5');
  await form.getByLabel(/^Contact Name/).fill('Chris Lead');
  await form.getByLabel(/^Number of Staff/).fill('4');
  await form.getByLabel(/^Postal Code/).fill('E1C 1A1');
  await form.getByLabel(/^Reason/).fill('new food bank');
  await form.getByRole('button', { name: 'Create branch' }).click();
  await expect(page.getByText(`${BANK} was created.`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel(/^Address Line 2/)).toHaveValue('Suite 4');
  await expect(page.getByLabel(/^Number of Staff/)).toHaveValue('4');

  // Stores from CSV: a bad row refuses the whole file; the fixed file is previewed, then confirmed.
  const bad = `retailer,banner,store name,number,branch\nCo-op,,Main St,${run}1,${BANK}\n,Co-op,King St,${run}2,${BANK}\n`;
  await page.goto('/program/stores');
  const storesImport = page.getByRole('region', { name: 'Import from a CSV file' });
  await storesImport.getByLabel('CSV file').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await storesImport.getByRole('button', { name: 'Preview' }).click();
  await expect(storesImport.getByText('A retailer is required.')).toBeVisible();
  await expect(storesImport.getByRole('button', { name: 'Confirm import' })).toBeDisabled();
  const good = `retailer,banner,store name,number,branch\nCo-op,,Main St,${run}1,${BANK}\n`;
  await storesImport.getByLabel('CSV file').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await storesImport.getByRole('button', { name: 'Preview' }).click();
  await expect(storesImport.getByText('Ready: 1 to create, 0 to change. Nothing is written until you confirm.')).toBeVisible();
  await storesImport.getByRole('button', { name: 'Confirm import' }).click();
  await expect(storesImport.getByText('Imported: 1 created, 0 changed.')).toBeVisible();

  // The lead, invited by e-mail.
  const leadEmail = `lead-${run}@onboard.example.org`;
  const seen = (await receivedMail()).length;
  await page.goto('/program/users');
  const invite = page.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel(/^E-mail/).fill(leadEmail);
  await invite.getByRole('combobox', { name: /^Branch/ }).selectOption({ label: BANK });
  await invite.getByRole('checkbox', { name: /^Branch lead/ }).check();
  // An administrator's invitation says why (kept in the audit log).
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Please say why you make this change.').first()).toBeVisible();
  await invite.getByLabel(/^Reason/).fill('lead of the new food bank');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(`Invitation sent to ${leadEmail}.`)).toBeVisible();
  const leadLink = await invitationLink(leadEmail, seen);
  // Screenshots to look at (phone and desktop) when SHOTS=1; not compared.
  await shot(page, 'screenshots/users-1280.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'screenshots/users-390.png', { fullPage: true });

  const leadContext = await browser.newContext({ baseURL: sso.appOrigin });
  const leadPage = await acceptInvitation(leadContext, leadLink, 'Lead-2026');
  // The same link a second time is refused.
  const again = await (await browser.newContext({ baseURL: sso.appOrigin })).newPage();
  await again.goto(leadLink);
  await expect(again.getByText('This link has expired or was already used.')).toBeVisible();

  // The lead invites a colleague to their own branch, from People in the drawer.
  const colleagueEmail = `colleague-${run}@onboard.example.org`;
  const seen2 = (await receivedMail()).length;
  await leadPage.getByRole('button', { name: 'Menu' }).click();
  await leadPage.getByRole('link', { name: 'People' }).click();
  await expect(leadPage).toHaveURL(/\/branch\/people$/);
  const leadInvite = leadPage.getByRole('form', { name: 'Invite someone' });
  await leadInvite.getByLabel(/^E-mail/).fill(colleagueEmail);
  await leadInvite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(leadInvite.getByText(`Invitation sent to ${colleagueEmail}.`)).toBeVisible();
  const colleagueLink = await invitationLink(colleagueEmail, seen2);
  const colleaguePage = await acceptInvitation(await browser.newContext({ baseURL: sso.appOrigin }), colleagueLink, 'Coll-2026');

  await logDonation(leadPage);
  await logDonation(colleaguePage);

  // The colleague is no lead: the people screen is the same not-found page as an unknown path.
  await colleaguePage.goto('/branch/people');
  await expect(colleaguePage.getByRole('heading', { name: 'This page could not be found.' })).toBeVisible();
});

test('the invitation page greets a French invitee in French and refuses a used link in French', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext({ baseURL: sso.appOrigin });
  await loginByApi(admin.request, PROGRAM);
  const page = await admin.newPage();
  await page.goto('/program/users');
  const email = `fr-${run}@onboard.example.org`;
  const seen = (await receivedMail()).length;
  const status = await page.evaluate(async (to) => {
    const branches = (await (await fetch('/bff/program/branches')).json()) as { id: string; deactivatedAt: string | null }[];
    const branchId = branches.find((b) => !b.deactivatedAt)!.id;
    const body = { email: to, branchId, locale: 'fr', reason: 'bénévole' };
    const r = await fetch('/bff/program/users/invite', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return r.status;
  }, email);
  expect(status).toBe(200);
  const link = await invitationLink(email, seen);
  const context = await browser.newContext({ baseURL: sso.appOrigin });
  await context.addCookies([{ name: 'fbc-locale', value: 'fr', url: sso.appOrigin }]);
  const fr = await context.newPage();
  await fr.goto(link);
  await expect(fr.getByRole('heading', { name: 'Bienvenue' })).toBeVisible();
  await expectNoSeriousA11yViolations(fr, 'invitation (fr)');
  await fr.getByLabel(/^Nouveau mot de passe/).fill('Bene-2026');
  await fr.getByLabel(/^Confirmer/).fill('Bene-2026');
  await fr.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  await expect(fr).not.toHaveURL(/\/invitation\//, { timeout: 20_000 });
  const again = await (await browser.newContext({ baseURL: sso.appOrigin })).newPage();
  await again.context().addCookies([{ name: 'fbc-locale', value: 'fr', url: sso.appOrigin }]);
  await again.goto(link);
  await expect(again.getByText('Ce lien est expiré ou a déjà servi.')).toBeVisible();
});
