// The embedded chat view (/login?from=workplace) with a stand-in for the chat tool's SDK and signed requests made
// with the test app secrets; the e-mail code read from the SMTP peer; failures with the three steps.
import { randomUUID } from 'node:crypto';
import { expectNoSeriousA11yViolations } from './support/axe';
import { msg } from './support/messages';
import { shootWidths } from './support/shots';
import { codeMailedTo, expect, receivedMail, signedRequestFor, sso, standInSdk, test } from './support/sso';

const DEMO_EMAIL = 'demo@foodbank.example.org';
const DEMO2_EMAIL = 'demo2@foodbank.example.org';

test('unlinked chat identity: e-mail code links it; embedded layout; next time straight in (en)', async ({ page, browser }) => {
  const psid = `psid-${randomUUID()}`;
  const tid = `thread-${randomUUID()}`;
  await standInSdk(page, { tid, psid, signed_request: signedRequestFor({ psid, tid }) });
  const response = await page.goto('/login?from=workplace');
  // Only the chat tool (and the app itself) may frame the app.
  // (The whole page policy comes from proxy.ts; its framing part is this.)
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self' https://chat.e2e.invalid");
  await expect(page.getByRole('heading', { name: msg('en', 'LoginPage.linkTitle') })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { __askedAppIds: string[] }).__askedAppIds)).toEqual([sso.workplace.rfp.appId]);
  // Embedded mode: no branded page, no password form.
  await expect(page.getByLabel('Password')).toHaveCount(0);

  const seen = (await receivedMail()).length;
  await page.getByLabel(msg('en', 'LoginPage.linkUsername')).fill('demo');
  await page.getByRole('button', { name: msg('en', 'LoginPage.sendCode') }).click();
  await expect(page.getByText(msg('en', 'LoginPage.codeSent'))).toBeVisible();
  const code = await codeMailedTo(DEMO_EMAIL, seen);

  // A wrong code first: refused with its message, the form stays.
  await page.getByLabel(msg('en', 'LoginPage.codeLabel')).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: msg('en', 'LoginPage.verifyCode') }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(msg('en', 'Errors.CHALLENGE_INVALID_CODE'));
  await page.getByLabel(msg('en', 'LoginPage.codeLabel')).fill(code);
  await page.getByRole('button', { name: msg('en', 'LoginPage.verifyCode') }).click();
  await expect(page).toHaveURL(/localhost:\d+\/(\?year=\d{4})?$/, { timeout: 20_000 });
  // Workplace users: no header, so no Log Out; and no Change Password either.
  await expect(page.getByRole('link', { name: msg('en', 'MonthlyReportsPage.addDonation') })).toBeVisible();
  await expect(page.getByRole('button', { name: msg('en', 'Header.menu') })).toHaveCount(0);
  await page.goto('/change-password');
  await expect(page).toHaveURL(/localhost:\d+\/(\?year=\d{4})?$/);

  // Another browser, same chat identity: linked now, so signed in at once.
  const other = await browser.newContext({ baseURL: sso.appOrigin });
  const page2 = await other.newPage();
  await standInSdk(page2, { tid, psid, signed_request: signedRequestFor({ psid, tid }) });
  await page2.goto('/login?from=workplace');
  await expect(page2).toHaveURL(/localhost:\d+\/(\?year=\d{4})?$/, { timeout: 20_000 });
  await other.close();
});

test('info variant (callbackUrl /feedback), in French: its own app id and secret, code flow, back to /feedback', async ({
  page,
  context,
}) => {
  const psid = `psid-${randomUUID()}`;
  const tid = `thread-${randomUUID()}`;
  await context.addCookies([{ name: 'fbc-locale', value: 'fr', url: sso.appOrigin }]);
  await standInSdk(page, { tid, psid, signed_request: signedRequestFor({ psid, tid, botSource: 'info' }) });
  // As the chat tool opens it: a protected page, which sends the visitor to the embedded login.
  await page.goto('/feedback?from=workplace');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Ffeedback.*from=workplace/);
  await expect(page.getByRole('heading', { name: msg('fr', 'LoginPage.linkTitle') })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { __askedAppIds: string[] }).__askedAppIds)).toEqual([sso.workplace.info.appId]);
  await expect(page.getByText(msg('fr', 'Errors.EMBEDDED_NOT_LINKED'))).toBeVisible();

  const seen = (await receivedMail()).length;
  await page.getByLabel(msg('fr', 'LoginPage.linkUsername')).fill('demo2');
  await page.getByRole('button', { name: msg('fr', 'LoginPage.sendCode') }).click();
  await expect(page.getByText(msg('fr', 'LoginPage.codeSent'))).toBeVisible();
  const code = await codeMailedTo(DEMO2_EMAIL, seen);
  await page.getByLabel(msg('fr', 'LoginPage.codeLabel')).fill(code);
  await page.getByRole('button', { name: msg('fr', 'LoginPage.verifyCode') }).click();
  await expect(page).toHaveURL(/localhost:\d+\/feedback(\?from=workplace)?$/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: msg('fr', 'Header.menu') })).toHaveCount(0);
});

for (const lang of ['en', 'fr'] as const) {
  test(`a signed request that does not verify: authenticate again, and the three steps (${lang})`, async ({ page, context }) => {
    await context.addCookies([{ name: 'fbc-locale', value: lang, url: sso.appOrigin }]);
    const psid = `psid-${randomUUID()}`;
    const tid = `thread-${randomUUID()}`;
    await standInSdk(page, { tid, psid, signed_request: signedRequestFor({ psid, tid, secret: 'not-the-app-secret' }) });
    await page.goto('/login?from=workplace');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(msg(lang, 'Errors.SSO_AUTHENTICATE_AGAIN'), { timeout: 15_000 });
    const steps = page.getByRole('listitem');
    await expect(steps).toHaveText([msg(lang, 'LoginPage.step1'), msg(lang, 'LoginPage.step2'), msg(lang, 'LoginPage.step3')]);
    if (lang === 'en') {
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        'You have to authenticate again. Please follow the instruction below.',
      );
      await expect(steps.nth(1)).toContainText('Retail Food Program');
    }
    await shootWidths(page, 'embedded-steps', lang);
  });
}

test('no chat context within 5 seconds: the blank-page setting shows its message and link', async ({ page }) => {
  await standInSdk(page, 'silent');
  await page.goto('/login?from=workplace');
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page.getByText(sso.emptyPage.message)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('link', { name: msg('en', 'LoginPage.emptyPageLink') })).toHaveAttribute('href', sso.emptyPage.url);
});

test('accessibility: the login buttons and the embedded steps have no serious axe violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: msg('en', 'LoginPage.employeeLink') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login with single sign-on');
  const psid = `psid-${randomUUID()}`;
  const tid = `thread-${randomUUID()}`;
  await standInSdk(page, { tid, psid, signed_request: signedRequestFor({ psid, tid, secret: 'wrong' }) });
  await page.goto('/login?from=workplace');
  await expect(page.getByRole('listitem')).toHaveCount(3, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'embedded login, three steps');
  // The unlinked flow's form: labelled field, keyboard submit.
  const psid2 = `psid-${randomUUID()}`;
  await page.unrouteAll();
  await standInSdk(page, { tid, psid: psid2, signed_request: signedRequestFor({ psid: psid2, tid }) });
  await page.goto('/login?from=workplace');
  await expect(page.getByLabel(msg('en', 'LoginPage.linkUsername'))).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'embedded login, e-mail code');
});
