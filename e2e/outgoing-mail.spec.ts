import { expect, test } from './support/test';
import { LANGS, MESSAGES, fill } from './support/donations';
import { login } from './support/auth';

// Outgoing mail (/program/mail), as the administrator `program`, on the app without a mail server: an invitation
// says its e-mail waits, and the screen lists it with its recipient, status and date, reached by keyboard from the
// program's tabs, and readable on a phone.
const run = Date.now().toString(36);

for (const lang of LANGS) {
  const tm = MESSAGES[lang].ProgramMail;
  const tn = MESSAGES[lang].ProgramNav;

  test(`an invitation made without a mail server waits on Outgoing mail (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, { lang, username: 'program', to: '/program' });
    const email = `waiting-${lang}-${run}@mail.example.org`;
    const answer = await page.evaluate(async (to) => {
      const branches = (await (await fetch('/bff/program/branches')).json()) as { id: string; deactivatedAt: string | null }[];
      const branchId = branches.find((b) => !b.deactivatedAt)!.id;
      const r = await fetch('/bff/program/users/invite', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: to, branchId, reason: 'e2e' }),
      });
      return (await r.json()) as { linkSent: boolean; mail: string };
    }, email);
    expect(answer).toMatchObject({ linkSent: true, mail: 'queued' });

    // The tab is reached with the keyboard.
    const tab = page.getByRole('navigation', { name: tn.label }).getByRole('link', { name: tn.mail });
    await tab.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/program\/mail$/);
    await expect(page.getByRole('heading', { level: 1, name: tm.pageTitle })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: tm.noTransport })).toBeVisible();
    const row = page.getByTestId('mail-row').filter({ hasText: email });
    await expect(row).toContainText(fill(tm.to, { to: email }));
    await expect(row).toContainText(tm.status_outbox);
    // Queued today, in the program's zone and the reader's language (en-CA / fr-CA).
    const today = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
      month: 'short',
      day: 'numeric',
      timeZone: 'America/Toronto',
    }).format(new Date());
    await expect(row).toContainText(today);
    // A waiting mail is tried by itself: no button to send it again.
    await expect(row.getByRole('button')).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 740 });
    await expect(row).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
