// Axe scans at phone (390 px) and desktop (1280 px) widths, in English and French, of the two screens only a mailed
// invitation reaches: the invitation page (a live link) and the People screen of the branch lead it makes. Runs on the
// app that mails the SMTP peer (sso.appOrigin), like people-places.spec.ts: the link is read from the mail.
import { expectNoSeriousA11yViolationsAtWidths } from './support/axe';
import { loginByApi } from './support/auth';
import { LANGS, msg } from './support/messages';
import { shootWidths } from './support/shots';
import { expect, invitationLinkMailedTo, receivedMail, sso, test } from './support/sso';

const PROGRAM = { username: 'program', password: 'Demo-2026' };
const run = Date.now().toString(36);

for (const lang of LANGS) {
  test(`a live invitation and the People screen of the lead it makes (${lang})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await browser.newContext({ baseURL: sso.appOrigin, extraHTTPHeaders: { origin: sso.appOrigin } });
    await loginByApi(admin.request, PROGRAM);
    const branches = (await (await admin.request.get('/bff/program/branches')).json()) as { id: string; deactivatedAt: string | null }[];
    const email = `a11y-lead-${lang}-${run}@people.example.org`;
    const seen = (await receivedMail()).length;
    const invite = await admin.request.post('/bff/program/users/invite', {
      data: { email, branchId: branches.find((b) => !b.deactivatedAt)!.id, locale: lang, lead: true, reason: 'axe scan' },
    });
    expect(invite.status(), await invite.text()).toBe(200);
    await admin.close();
    const link = await invitationLinkMailedTo(email, seen);

    const context = await browser.newContext({ baseURL: sso.appOrigin });
    await context.addCookies([{ name: 'fbc-locale', value: lang, url: sso.appOrigin }]);
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: msg(lang, 'Invitation.title') })).toBeVisible();
    await expectNoSeriousA11yViolationsAtWidths(page, `invitation ${lang}`);
    await shootWidths(page, 'invitation', lang);

    await page.getByLabel(new RegExp(`^${msg(lang, 'ChangePasswordPage.newPassword')}`)).fill('Lead-2026');
    await page.getByLabel(new RegExp(`^${msg(lang, 'ChangePasswordPage.confirmPassword')}`)).fill('Lead-2026');
    await page.getByRole('button', { name: msg(lang, 'Invitation.submit') }).click();
    await expect(page).not.toHaveURL(/\/invitation\//, { timeout: 20_000 });
    await page.goto('/branch/people');
    await expect(page.getByRole('listitem').filter({ hasText: email })).toBeVisible();
    await expectNoSeriousA11yViolationsAtWidths(page, `branch people ${lang}`);
    await shootWidths(page, 'branch-people', lang);
    await context.close();
  });
}
