import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { INVITE_TEXT_MAX, SEARCH_TEXT_MAX, SIGN_IN_TEXT_MAX, STORE_TEXT_MAX, WORKFLOW_TEXT_MAX } from '../lib/domain/text-limits';
import { zonedMomentFormatter } from '../lib/domain/zoned-time';
import { LANGS, MESSAGES, bffJson, fill, monthsAgo, pattern, sessionUser } from './support/donations';
import { login, setLanguage, type Lang } from './support/auth';

// The forms' text limits (beside hardening-forms.spec.ts, which is at the size limit of a file): every text field
// takes no more than the API does (maxlength, from lib/domain/text-limits.ts), the API refuses one character more
// with 400 FIELD_TOO_LONG naming the field, and the form shows that refusal under the field in the user's language.
// A refusal is provoked by lengthening the text on its way (page.route), so nothing is written.

const UNKNOWN = '3f2b9c1e-8a4d-4c2b-9e7f-0123456789ab';
const APP_TIME_ZONE = process.env.APP_TIME_ZONE || 'America/Toronto';

const number = (lang: Lang, n: number) => n.toLocaleString(lang === 'fr' ? 'fr-CA' : 'en-CA');
/** Limits.tooLong as the screen writes it, any kind of space matching any other (fr-CA groups digits with a no-break space). */
const tooLong = (lang: Lang, field: string, max: number) =>
  new RegExp(
    fill(MESSAGES[lang].Limits.tooLong, { field, max: number(lang, max) })
      .split(/\s+/)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
  );

/** The API through the page's session: status, code and field, whatever the answer. */
async function bff(page: Page, method: 'POST' | 'PUT', p: string, data: unknown) {
  const res = await page.request.fetch(`/bff${p}`, { method, data, headers: { origin: new URL(page.url()).origin } });
  const json = (await res.json().catch(() => ({}))) as { code?: string; field?: string };
  return { status: res.status(), code: json.code, field: json.field };
}
const refusal = (field: string) => ({ status: 400, code: 'FIELD_TOO_LONG', field });

/** One text of the requests to `url` made `length` characters long on the way, as a client other than the form could send it. */
async function lengthen(page: Page, url: RegExp, field: string, length: number) {
  await page.unroute(url);
  await page.route(url, (r) =>
    r.request().method() === 'GET'
      ? r.continue()
      : r.continue({ postData: JSON.stringify({ ...r.request().postDataJSON(), [field]: 'x'.repeat(length) }) }),
  );
}

for (const lang of LANGS) {
  test(`program stores: each text takes the API's limit, a longer one is refused under its field (${lang})`, async ({ page }) => {
    const t = MESSAGES[lang].ProgramStores;
    await login(page, { lang, username: 'program', to: '/program/stores' });
    const form = page.getByRole('form', { name: t.newStore });
    for (const key of ['retailer', 'banner', 'name', 'number'] as const)
      await expect(form.getByLabel(t[key], { exact: true })).toHaveAttribute('maxlength', String(STORE_TEXT_MAX[key]));
    const reason = page.getByLabel(t.reason, { exact: true });
    await expect(reason).toHaveAttribute('maxlength', String(INVITE_TEXT_MAX.reason));
    await expect(page.getByLabel(t.search, { exact: true })).toHaveAttribute('maxlength', String(SEARCH_TEXT_MAX));
    expect(await bff(page, 'POST', '/program/stores', { retailer: 'Limits', name: 'x'.repeat(STORE_TEXT_MAX.name + 1) })).toEqual(
      refusal('name'),
    );
    expect(await bff(page, 'PUT', `/program/stores/${UNKNOWN}/branches`, { branchIds: [], reason: 'x'.repeat(501) })).toEqual(
      refusal('reason'),
    );

    const create = /\/bff\/program\/stores$/;
    const name = form.getByLabel(t.name, { exact: true });
    await form.getByLabel(t.retailer, { exact: true }).fill(`Limits Grocer ${lang}`);
    await name.fill(`Limits ${lang}`);
    await lengthen(page, create, 'name', STORE_TEXT_MAX.name + 1);
    await form.getByRole('button', { name: t.createStore }).click();
    await expect(name).toHaveAccessibleDescription(tooLong(lang, t.name, STORE_TEXT_MAX.name));
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    // The reason is the screen's: its refusal goes under the screen's reason field.
    await lengthen(page, create, 'reason', INVITE_TEXT_MAX.reason + 1);
    await form.getByRole('button', { name: t.createStore }).click();
    await expect(reason).toHaveAccessibleDescription(tooLong(lang, t.reason, INVITE_TEXT_MAX.reason));
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  });
}

test('program branches and a new branch: the reason takes the API limit (en)', async ({ page }) => {
  const t = MESSAGES.en.ProgramBranches;
  await login(page, { lang: 'en', username: 'program', to: '/program/branches' });
  await expect(page.getByLabel(t.reason, { exact: true })).toHaveAttribute('maxlength', String(INVITE_TEXT_MAX.reason));
  expect(await bff(page, 'PUT', `/program/branches/${UNKNOWN}/active`, { active: true, reason: 'x'.repeat(501) })).toEqual(
    refusal('reason'),
  );
  await page.goto('/program/branches/new');
  await expect(page.getByLabel(t.reason, { exact: true })).toHaveAttribute('maxlength', String(INVITE_TEXT_MAX.reason));
  expect(await bff(page, 'POST', '/program/branches', { reason: 'x'.repeat(501) })).toEqual(refusal('reason'));
});

for (const lang of LANGS) {
  test(`reopening dialogs: the reason takes 1,000 characters, a longer one is refused in the dialog (${lang})`, async ({ browser }) => {
    const limit = WORKFLOW_TEXT_MAX.reason;
    const l = MESSAGES[lang].Limits;
    // A submitted month of the demo data that no other spec asks to reopen; every call here is refused, so it stays so.
    const ym = monthsAgo(10);
    const branchContext = await browser.newContext();
    const page = await branchContext.newPage();
    await login(page, { lang, to: `/donations/${ym.year}/${ym.month}` });
    const tm = MESSAGES[lang].MonthReopen;
    const { branchId } = await sessionUser(page);
    expect(await bff(page, 'POST', `/branch/${branchId}/${ym.year}/${ym.month}/reopen-request`, { reason: 'x'.repeat(limit + 1) })).toEqual(
      refusal('reason'),
    );
    await page.getByRole('button', { name: tm.requestButton }).click();
    const ask = page.getByRole('dialog', { name: tm.dialogTitle });
    const box = ask.getByLabel(tm.reason);
    await expect(box).toHaveAttribute('maxlength', String(limit));
    await box.fill('A late invoice');
    await lengthen(page, /\/reopen-request$/, 'reason', limit + 1);
    await ask.getByRole('button', { name: tm.send }).click();
    await expect(box).toHaveAccessibleDescription(tooLong(lang, l.reason, limit));
    await expect(box).toHaveValue('A late invoice');
    await branchContext.close();

    const programContext = await browser.newContext();
    const program = await programContext.newPage();
    await login(program, { lang, username: 'program' });
    const toronto = (await bffJson<{ id: string; name: string }[]>(program, 'GET', '/program/branches')).find(
      (b) => b.name === 'Toronto Community Food Bank',
    )!;
    expect(
      await bff(program, 'POST', `/program/branches/${toronto.id}/${ym.year}/${ym.month}/reopen`, { reason: 'x'.repeat(limit + 1) }),
    ).toEqual(refusal('reason'));
    const th = MESSAGES[lang].ProgramMonthHistory;
    await program.goto(`/program/branches/${toronto.id}?year=${ym.year}&month=${ym.month}`);
    await program.getByTestId('program-month-history').getByRole('button', { name: th.reopenButton }).click();
    const reopen = program.getByRole('dialog');
    const reason = reopen.getByLabel(th.reopenReason);
    await expect(reason).toHaveAttribute('maxlength', String(limit));
    await reason.fill('Corrected invoice');
    await lengthen(program, /\/reopen$/, 'reason', limit + 1);
    await reopen.getByRole('button', { name: th.reopenConfirm, exact: true }).click();
    await expect(reason).toHaveAccessibleDescription(tooLong(lang, l.reason, limit));
    await programContext.close();
  });
}

test('declining a request: the answer takes 1,000 characters, a longer one is refused in the dialog (fr)', async ({ browser }) => {
  const limit = WORKFLOW_TEXT_MAX.answer;
  const ym = monthsAgo(11);
  const reason = `Limits ${Date.now()}`;
  const branchContext = await browser.newContext();
  const branch = await branchContext.newPage();
  await login(branch, { lang: 'fr' });
  const { branchId } = await sessionUser(branch);
  await bffJson(branch, 'POST', `/branch/${branchId}/${ym.year}/${ym.month}/reopen-request`, { reason });
  await branchContext.close();

  const tp = MESSAGES.fr.ProgramRequests;
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, { lang: 'fr', username: 'program', to: '/program/requests' });
  const row = page.getByTestId('reopen-request').filter({ hasText: reason });
  await row.getByRole('button', { name: pattern(tp.declineLabel) }).click();
  const dialog = page.getByRole('dialog');
  const answer = dialog.getByLabel(tp.answerRequired);
  await expect(answer).toHaveAttribute('maxlength', String(limit));
  await answer.fill('Le mois est complet.');
  await lengthen(page, /\/decline$/, 'answer', limit + 1);
  await dialog.getByRole('button', { name: tp.decline, exact: true }).click();
  await expect(answer).toHaveAccessibleDescription(tooLong('fr', MESSAGES.fr.Limits.answer, limit));
  // The request is answered for real, so the open list is as it was.
  await page.unroute(/\/decline$/);
  await dialog.getByRole('button', { name: tp.decline, exact: true }).click();
  await expect(row).toHaveCount(0);
  await context.close();
});

test.describe("/program/users in a browser whose time zone is not the app's", () => {
  // UTC+14: the browser's clock never reads as the app's.
  test.use({ timezoneId: 'Pacific/Kiritimati' });
  for (const lang of LANGS) {
    test(`last sign-in in the app's zone, named; the reason takes 500 characters and a longer one is refused under it (${lang})`, async ({
      page,
    }) => {
      const t = MESSAGES[lang].ProgramUsers;
      await login(page, { lang, username: 'program', to: '/program/users' });
      await expect(page.getByLabel(t.search, { exact: true })).toHaveAttribute('maxlength', String(SEARCH_TEXT_MAX));
      const { users } = await bffJson<{ users: { id: string; username: string; lastSignIn: string | null }[] }>(
        page,
        'GET',
        '/program/users?q=program%40foodbanks',
      );
      const me = users.find((u) => u.username === 'program')!;
      expect(me.lastSignIn).toBeTruthy();
      await page.getByLabel(t.search, { exact: true }).fill('program@foodbanks');
      const row = page.getByRole('listitem').filter({ has: page.getByText('program', { exact: true }) });
      const last = row.locator('div', { has: page.getByText(`${t.lastSignIn}:`) }).locator('dd');
      const plain = (s: string) => s.replace(/\s+/g, ' ').trim();
      await expect.poll(async () => plain(await last.innerText())).toBe(plain(zonedMomentFormatter(lang, APP_TIME_ZONE)(me.lastSignIn!)));
      await expect(last).toHaveText(lang === 'fr' ? /\sHE$/ : /\sET$/);

      expect(await bff(page, 'PUT', `/program/users/${me.id}/status`, { disabled: false, reason: 'x'.repeat(501) })).toEqual(
        refusal('reason'),
      );
      await page.getByLabel(t.search, { exact: true }).fill('demo@foodbank');
      const demo = page.getByRole('listitem').filter({ has: page.getByText('demo', { exact: true }) });
      await demo.getByRole('button', { expanded: false }).click();
      const reason = demo.getByLabel(t.reason, { exact: true });
      await expect(reason).toHaveAttribute('maxlength', String(INVITE_TEXT_MAX.reason));
      await reason.fill('Limits check');
      await lengthen(page, /\/bff\/program\/users\/[^/]+\/role$/, 'reason', INVITE_TEXT_MAX.reason + 1);
      await demo.getByRole('button', { name: t.saveRole }).click();
      await expect(reason).toHaveAccessibleDescription(tooLong(lang, t.reason, INVITE_TEXT_MAX.reason));
    });
  }
});

for (const lang of LANGS) {
  test(`change password: three fields of 200 characters, a longer one refused under its field (${lang})`, async ({ page }) => {
    const t = MESSAGES[lang].ChangePasswordPage;
    const max = SIGN_IN_TEXT_MAX.password;
    await login(page, { lang, to: '/change-password' });
    for (const label of [t.oldPassword, t.newPassword, t.confirmPassword])
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('maxlength', String(max));
    expect(
      await bff(page, 'POST', '/user/current-user/change-password', { oldPassword: 'x'.repeat(max + 1), newPassword: 'Other-Pass1' }),
    ).toEqual(refusal('oldPassword'));
    // A wrong old password as well: should the route ever miss, nothing changes on the shared account.
    await page.getByLabel(t.oldPassword, { exact: true }).fill('Not-the-password-1');
    await page.getByLabel(t.newPassword, { exact: true }).fill('Other-Pass1');
    await page.getByLabel(t.confirmPassword, { exact: true }).fill('Other-Pass1');
    await lengthen(page, /\/bff\/user\/current-user\/change-password$/, 'newPassword', max + 1);
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByLabel(t.newPassword, { exact: true })).toHaveAccessibleDescription(tooLong(lang, t.newPassword, max));
  });

  test(`sign-in: name and password of 200 characters, a longer password refused under it (${lang})`, async ({ page, baseURL }) => {
    const t = MESSAGES[lang].LoginPage;
    const max = SIGN_IN_TEXT_MAX.password;
    // An address of its own, so the per-address sign-in limit of other tests is not touched.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': lang === 'fr' ? '198.51.100.62' : '198.51.100.61' });
    await setLanguage(page.context(), baseURL!, lang);
    await page.goto('/login');
    const username = page.getByLabel(t.username, { exact: true });
    const password = page.getByLabel(t.password, { exact: true });
    await expect(username).toHaveAttribute('maxlength', String(SIGN_IN_TEXT_MAX.username));
    await expect(password).toHaveAttribute('maxlength', String(max));
    const direct = await page.request.post('/api/user/login', { data: { username: 'demo', password: 'x'.repeat(max + 1) } });
    expect([direct.status(), await direct.json()]).toMatchObject([400, { code: 'FIELD_TOO_LONG', field: 'password' }]);

    await username.fill('demo');
    await password.fill('Not-the-password-1');
    await page.route(/\/api\/auth\/callback\/credentials/, (r) => {
      const form = new URLSearchParams(r.request().postData() ?? '');
      form.set('password', 'x'.repeat(max + 1));
      return r.continue({ postData: form.toString() });
    });
    await page.getByRole('button', { name: t.login }).click();
    await expect(password).toHaveAccessibleDescription(tooLong(lang, t.password, max));
    await expect(page).toHaveURL(/\/login/);
  });
}
