// Retail partners seen from the program and the food banks, in English and in French: the program administrator
// invites a partner scoped to one banner (the invitation reaches the SMTP peer; the user list names the scope); a
// query the demo partner makes through the API reaches /program/queries and the branch's month page, is answered
// there, and a second answer is refused. Runs on the app that mails the SMTP peer (sso.appOrigin).
import { request as newRequest, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { loginByApi, type Lang } from './support/auth';
import { LANGS, msg } from './support/messages';
import { shootWidths } from './support/shots';
import { expect, invitationLinkMailedTo, receivedMail, sso, test } from './support/sso';

const PROGRAM = { username: 'program', password: 'Demo-2026' };
const RETAIL = { username: 'retail', password: 'Demo-2026' };
const DEMO = { username: 'demo', password: 'Demo-2026' };
/** demo's first branch, the one a fresh session of demo opens on. */
const TORONTO = 'Toronto Community Food Bank';
const run = Date.now().toString(36);

type Line = { id: string; date: string; storeName: string; branchName: string; queryStatus: string | null };
type Query = { id: string; branchId: string; date: string; storeName: string };

async function signedInPage(browser: Browser, lang: Lang, creds: { username: string; password: string }, to: string) {
  const context = await browser.newContext({ baseURL: sso.appOrigin });
  await context.addCookies([{ name: 'fbc-locale', value: lang, url: sso.appOrigin }]);
  await loginByApi(context.request, creds);
  const page = await context.newPage();
  await page.goto(to);
  return page;
}

const ym = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/**
 * The demo partner's query on a line of Toronto that has none yet, through the partner's own calls: its lines of a
 * submitted month (every month but the current one and the one before), then POST /bff/partner/queries.
 */
async function partnerQuery(reason: string): Promise<Query> {
  const partner: APIRequestContext = await newRequest.newContext({ baseURL: sso.appOrigin });
  await loginByApi(partner, RETAIL);
  try {
    for (let back = 2; back < 14; back++) {
      const now = new Date();
      const month = ym(new Date(now.getFullYear(), now.getMonth() - back, 1));
      const res = await partner.get(`/bff/partner/lines?month=${month}`);
      expect(res.status(), `lines of ${month}`).toBe(200);
      const line = ((await res.json()) as { lines: Line[] }).lines.find((l) => l.branchName === TORONTO && !l.queryStatus);
      if (!line) continue;
      const made = await partner.post('/bff/partner/queries', {
        headers: { origin: sso.appOrigin },
        data: { donationId: line.id, kind: 'weight', reason },
      });
      expect(made.status(), await made.text()).toBe(201);
      return (await made.json()) as Query;
    }
    throw new Error('no line of Toronto without a query in the last year');
  } finally {
    await partner.dispose();
  }
}

/** The question's card on a page (program list or month panel), found by the partner's reason. */
const card = (page: Page | Locator, reason: string) => page.getByTestId('partner-query').filter({ hasText: reason });

for (const lang of LANGS) {
  const m = (key: string) => msg(lang, key);

  test(`the administrator invites a retail partner to one banner (${lang})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await signedInPage(browser, lang, PROGRAM, '/program/users');
    const invite = admin.getByRole('region', { name: m('PeopleInvite.title') });
    await invite.getByRole('radio', { name: m('ProgramUsers.retailPartner') }).check();
    const form = admin.getByRole('form', { name: m('ProgramUsers.partnerFormLabel') });

    // Nothing typed: each missing field says so, and the first one takes the focus.
    await form.getByRole('button', { name: m('PeopleInvite.submit') }).click();
    await expect(form.getByText(m('Errors.USER_EMAIL_VALIDATE'))).toBeVisible();
    await expect(form.getByText(m('ProgramUsers.partnerRetailerRequired'))).toBeVisible();
    await expect(form.getByText(m('Errors.REASON_REQUIRED'))).toBeVisible();
    await expect(form.getByRole('textbox', { name: m('PeopleInvite.email') })).toBeFocused();
    await expect(form.getByRole('textbox', { name: m('PeopleInvite.reason') })).toHaveAttribute('maxlength', '500');

    const email = `partner-${lang}-${run}@retail.example.org`;
    await form.getByRole('textbox', { name: m('PeopleInvite.email') }).fill(email);
    await form.getByRole('combobox', { name: m('PeopleInvite.language') }).selectOption(lang);
    await form.getByRole('combobox', { name: m('ProgramUsers.partnerRetailer') }).selectOption({ label: 'Sobeys Inc.' });
    // Some stores: the retailer's stores, ticked from the program's store list.
    await form.getByRole('radio', { name: m('ProgramUsers.partnerScopeStores') }).check();
    await form.getByRole('checkbox', { name: /Liberty Village/ }).check();
    await expect(form.getByText({ en: '1 store ticked', fr: '1 magasin coché' }[lang])).toBeVisible();
    // One banner is what this partner gets.
    await form.getByRole('radio', { name: m('ProgramUsers.partnerScopeBanner') }).check();
    await form.getByRole('combobox', { name: m('ProgramUsers.partnerBanner') }).selectOption({ label: 'IGA' });
    await form.getByRole('textbox', { name: m('PeopleInvite.reason') }).fill('IGA sustainability team');
    await shootWidths(admin, 'partner-invite', lang);
    await expectNoSeriousA11yViolations(admin, `partner invitation (${lang})`);

    const seen = (await receivedMail()).length;
    await form.getByRole('button', { name: m('PeopleInvite.submit') }).click();
    await expect(form.getByText(m('PeopleInvite.sent').replace('{username}', email))).toBeVisible();
    await invitationLinkMailedTo(email, seen);

    await admin.getByRole('searchbox', { name: m('ProgramUsers.search') }).fill(email);
    const row = admin.getByRole('listitem').filter({ hasText: email });
    const scope = m('ProgramUsers.listBanner').replace('{retailer}', 'Sobeys Inc.').replace('{banner}', 'IGA');
    await expect(row).toContainText(`${m('ProgramUsers.partner')}: ${scope}`);
  });

  test(`a partner's query is answered on the branch's month, once (${lang})`, async ({ browser }) => {
    test.setTimeout(150_000);
    const reason = `Our scale says 12 lbs less (${lang} ${run})`;
    const query = await partnerQuery(reason);
    const [year, month] = query.date.split('-').map(Number);

    // The program: /program counts the open questions and leads to them; the line links to the food bank's month.
    const admin = await signedInPage(browser, lang, PROGRAM, '/program');
    const notice = admin.getByRole('region', { name: new RegExp(`^${m('PartnerQueries.title')}`) });
    await expect(notice).toBeVisible();
    await shootWidths(admin, 'program-notice', lang);
    await notice.getByRole('link', { name: m('PartnerQueries.noticeLink') }).click();
    await expect(admin).toHaveURL(/\/program\/queries$/);
    await expect(admin.getByRole('heading', { level: 1, name: m('PartnerQueries.pageTitle') })).toBeVisible();
    const onProgram = card(admin, reason);
    await expect(onProgram).toContainText(TORONTO);
    await expect(onProgram).toContainText('Sobeys Inc.');
    await expect(onProgram).toContainText(m('PartnerQueries.kinds.weight'));
    await expect(onProgram.getByRole('link', { name: new RegExp(TORONTO) })).toHaveAttribute(
      'href',
      `/program/branches/${query.branchId}?year=${year}&month=${month}`,
    );
    await shootWidths(admin, 'program-queries', lang);

    // The food bank: its month page shows the question; the answer is required, then sent.
    const branch = await signedInPage(browser, lang, DEMO, `/donations/${year}/${month}`);
    const panel = branch.getByRole('region', { name: m('PartnerQueries.title') });
    const onMonth = card(panel, reason);
    await expect(onMonth).toContainText(m('PartnerQueries.statusOpen'));
    await onMonth.getByRole('button', { name: m('PartnerQueries.send') }).click();
    await expect(onMonth.getByText(m('PartnerQueries.answerRequired'))).toBeVisible();
    const box = onMonth.getByRole('textbox', { name: m('PartnerQueries.answerLabel') });
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute('maxlength', '1000');
    const answer = `We weighed it again: the entry is right (${lang} ${run}).`;
    await box.fill(answer);
    await shootWidths(branch, 'month-partner-queries', lang);
    await onMonth.getByRole('button', { name: m('PartnerQueries.send') }).click();
    await expect(branch.getByRole('status').filter({ hasText: m('PartnerQueries.sent') })).toBeVisible();
    await expect(onMonth).toContainText(answer);
    await expect(onMonth).toContainText(m('PartnerQueries.statusAnswered'));
    await expect(panel.getByRole('heading', { level: 2 })).toBeFocused();

    // The program's page was opened before the answer: its answer is refused, and the list is read again.
    await onProgram.getByRole('textbox', { name: m('PartnerQueries.answerLabel') }).fill('A second answer');
    await onProgram.getByRole('button', { name: m('PartnerQueries.send') }).click();
    await expect(admin.getByRole('alert').filter({ hasText: m('PartnerQueries.alreadyAnswered') })).toBeVisible();
    await expect(onProgram).toHaveCount(0);
    const again = await admin.request.post(`/bff/partner-queries/${query.id}/answer`, {
      headers: { origin: sso.appOrigin },
      data: { answer: 'Once more' },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('QUERY_ANSWERED');

    await admin.getByRole('link', { name: m('PartnerQueries.tabAnswered') }).click();
    await expect(card(admin, reason)).toContainText(answer);
  });

  test(`/program/queries passes an axe scan (${lang})`, async ({ browser }) => {
    // An open question, so the scan sees the answer form too.
    await partnerQuery(`Axe scan (${lang} ${run})`);
    const admin = await signedInPage(browser, lang, PROGRAM, '/program/queries');
    await expect(card(admin, `Axe scan (${lang} ${run})`)).toBeVisible();
    await expectNoSeriousA11yViolations(admin, `/program/queries (${lang})`);
    await admin.goto('/program/queries?status=answered');
    await expect(admin.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(admin, `/program/queries?status=answered (${lang})`);
  });
}
