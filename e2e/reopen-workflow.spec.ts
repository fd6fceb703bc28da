import { type Browser } from '@playwright/test';
import { expect, test } from './support/test';
import { frenchDe } from '../lib/domain/french-de';
import { LANGS, MESSAGES, fill, monthsAgo, pattern } from './support/donations';
import { login, type Lang } from './support/auth';
import { shootWidths } from './support/shots';

// The reopening workflow across two people: branch staff `demo` asks to reopen a submitted month, the
// program administrator `program` approves it on /program/requests, and `demo` submits the month again; the
// month keeps both submissions. The long-standing mailbox sentence stays in the submitted note.

const SUPPORT_EMAIL = process.env.SUPPORT_EMAIL ?? 'retailfoodprogram@foodbanks.example.org';

async function signedIn(browser: Browser, lang: Lang, username: string, to: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, { lang, username });
  await page.goto(to);
  return { page, close: () => context.close() };
}

for (const lang of LANGS) {
  const t = MESSAGES[lang].MonthReopen;
  const tm = MESSAGES[lang].MonthPage;
  const tp = MESSAGES[lang].ProgramRequests;

  test(`request, approve and submit again (${lang})`, async ({ browser }) => {
    // Two people, two sign-ins and screenshots at two widths on a shared machine.
    test.setTimeout(180_000);
    // A month the demo data has submitted, different per language so the two runs do not meet.
    const ym = monthsAgo(lang === 'en' ? 4 : 5);
    const monthName = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { month: 'long', year: 'numeric' }).format(
      new Date(ym.year, ym.month - 1, 1),
    );
    const reason = `Late invoice ${lang} ${Date.now()}`;

    const branch = await signedIn(browser, lang, 'demo', `/donations/${ym.year}/${ym.month}`);
    const page = branch.page;
    await expect(page.getByTestId('submitted-note')).toContainText(fill(tm.submittedNote, { email: SUPPORT_EMAIL }));
    await page.getByRole('button', { name: t.requestButton }).click();
    const dialog = page.getByRole('dialog', { name: t.dialogTitle });
    // A reason is required; what was typed stays after a refusal.
    await dialog.getByRole('button', { name: t.send }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES[lang].Errors.REOPEN_REASON_REQUIRED);
    await dialog.getByLabel(t.reason).fill(reason);
    await dialog.getByRole('button', { name: t.send }).click();
    await expect(page.getByRole('status').filter({ hasText: t.requested })).toBeVisible();
    await expect(page.getByTestId('reopen-state')).toContainText(reason);
    await expect(page.getByRole('button', { name: t.requestButton })).toHaveCount(0);
    await expect(page.getByRole('button', { name: tm.submitReport })).toBeDisabled();
    await shootWidths(page, 'month-reopen-requested', lang);

    const program = await signedIn(browser, lang, 'program', '/program');
    const row = program.page.getByTestId('reopen-request').filter({ hasText: reason });
    await expect(row).toContainText(monthName);
    await shootWidths(program.page, 'program-requests', lang);
    await row.getByRole('button', { name: pattern(tp.approveLabel) }).click();
    const confirm = program.page.getByRole('dialog');
    await confirm.getByLabel(tp.answerOptional).fill('OK');
    await confirm.getByRole('button', { name: tp.approve, exact: true }).click();
    await expect(program.page.getByRole('status').filter({ hasText: pattern(tp.approved) })).toBeVisible();
    await expect(row).toHaveCount(0);
    await program.close();

    // The branch sees the month open again, says why, and submits it a second time.
    await page.reload();
    await expect(page.getByTestId('reopen-state')).toContainText(t.stateApproved.split('{date}')[0]!);
    await expect(page.getByTestId('submitted-note')).toHaveCount(0);
    await page.getByRole('button', { name: tm.submitReport }).click();
    const submit = page.getByRole('dialog', { name: tm.submitTitle });
    await submit.getByLabel(tm.comments).fill('Second invoice added');
    await submit.getByRole('button', { name: tm.submit, exact: true }).click();
    await expect(page.getByTestId('submitted-note')).toBeVisible();
    const history = page.getByTestId('submission-history');
    await history.locator('summary').click();
    await expect(history.locator('summary')).toHaveText(lang === 'fr' ? '2 soumissions de ce mois' : '2 submissions of this month');
    await expect(history).toContainText('Second invoice added');
    await shootWidths(page, 'month-resubmitted', lang);
    await branch.close();
  });
}

// A program administrator reopens a submitted month directly from the drill-down, and the
// food bank sees it open again with the reason in its own history; a declined request shows the program's
// answer to the food bank.
for (const lang of LANGS) {
  const th = MESSAGES[lang].ProgramMonthHistory;
  const tb = MESSAGES[lang].BranchHistory;
  const t = MESSAGES[lang].MonthReopen;
  const tm = MESSAGES[lang].MonthPage;
  const tp = MESSAGES[lang].ProgramRequests;
  const monthValue = (ym: { year: number; month: number }) => `${ym.year}-${String(ym.month).padStart(2, '0')}`;
  const monthName = (l: string, ym: { year: number; month: number }) =>
    new Intl.DateTimeFormat(l === 'fr' ? 'fr-CA' : 'en-CA', { month: 'long', year: 'numeric' }).format(new Date(ym.year, ym.month - 1, 1));

  test(`a program administrator reopens a month directly (${lang})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const ym = monthsAgo(lang === 'en' ? 6 : 7);
    const reason = `Direct reopen ${lang} ${Date.now()}`;
    const program = await signedIn(browser, lang, 'program', `/program?month=${monthValue(ym)}`);
    await program.page.getByRole('link', { name: 'Toronto Community Food Bank', exact: true }).first().click();
    const panel = program.page.getByTestId('program-month-history');
    await expect(panel).toContainText(fill(th.title, { month: monthName(lang, ym), de: frenchDe(monthName(lang, ym)) }));
    await panel.getByRole('button', { name: th.reopenButton }).click();
    const dialog = program.page.getByRole('dialog');
    await dialog.getByRole('button', { name: th.reopenConfirm, exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES[lang].Errors.REOPEN_REASON_REQUIRED);
    await dialog.getByLabel(th.reopenReason).fill(reason);
    await dialog.getByRole('button', { name: th.reopenConfirm, exact: true }).click();
    await expect(program.page.getByRole('status').filter({ hasText: pattern(th.reopenDone) })).toBeVisible();
    await expect(panel.getByTestId('program-reopen')).toContainText(reason);
    await expect(panel.getByRole('button', { name: th.reopenButton })).toHaveCount(0);
    await program.close();

    const branch = await signedIn(browser, lang, 'demo', `/donations/${ym.year}/${ym.month}`);
    await expect(branch.page.getByTestId('submitted-note')).toHaveCount(0);
    await expect(branch.page.getByRole('button', { name: tm.submitReport })).toBeEnabled();
    const history = branch.page.getByTestId('branch-history');
    await history.getByText(tb.title).click();
    await expect(history.getByTestId('audit-entries')).toContainText(reason);
    await expect(history.getByTestId('audit-entries')).toContainText(MESSAGES[lang].ProgramAudit.field_reopenReason);
    await branch.close();
  });

  test(`a declined request shows the program's answer to the food bank (${lang})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const ym = monthsAgo(lang === 'en' ? 8 : 9);
    const reason = `Please reopen ${lang} ${Date.now()}`;
    const answer = `Already corrected by the program ${lang}`;
    const branch = await signedIn(browser, lang, 'demo', `/donations/${ym.year}/${ym.month}`);
    await branch.page.getByRole('button', { name: t.requestButton }).click();
    const ask = branch.page.getByRole('dialog', { name: t.dialogTitle });
    await ask.getByLabel(t.reason).fill(reason);
    await ask.getByRole('button', { name: t.send }).click();
    await expect(branch.page.getByTestId('reopen-state')).toContainText(reason);

    const program = await signedIn(browser, lang, 'program', '/program/requests');
    const row = program.page.getByTestId('reopen-request').filter({ hasText: reason });
    await row.getByRole('button', { name: pattern(tp.declineLabel) }).click();
    const confirm = program.page.getByRole('dialog');
    // Declining needs an answer.
    await confirm.getByRole('button', { name: tp.decline, exact: true }).click();
    await expect(confirm.getByRole('alert')).toHaveText(MESSAGES[lang].Errors.REOPEN_ANSWER_REQUIRED);
    await confirm.getByLabel(tp.answerRequired).fill(answer);
    await confirm.getByRole('button', { name: tp.decline, exact: true }).click();
    await expect(program.page.getByRole('status').filter({ hasText: pattern(tp.declined) })).toBeVisible();
    await expect(row).toHaveCount(0);
    await program.close();

    await branch.page.reload();
    await expect(branch.page.getByTestId('reopen-state')).toContainText(answer);
    await expect(branch.page.getByTestId('submitted-note')).toBeVisible();
    await expect(branch.page.getByRole('button', { name: t.requestButton })).toBeVisible();
    await branch.close();
  });
}
