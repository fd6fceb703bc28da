import fs from 'node:fs';
import zlib from 'node:zlib';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { PartnerFigures, PartnerLine, Statement } from '../lib/domain/partner';
import { login } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { LANGS, MESSAGES, fill, pattern, settle } from './support/donations';
import { shootWidths } from './support/shots';

// The retail partner's own screens, as the demo partner `retail` (every store of Sobeys Inc., in Ontario, Quebec and
// Nova Scotia): their figures against the API, the filters in the address, the CSV export, a statement and its PDF,
// a query on a donation line, where the rest of the app sends them, and an axe scan of each screen.

/** A number as a screen of that language writes it: '1,234.5 lbs' or '1 234,5 lb' → 1234.5. */
function num(text: string, lang: 'en' | 'fr'): number {
  const digits = text.replace(/[^\d,.-]/g, '');
  return Number(lang === 'fr' ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, ''));
}

/** The text a PDF's pages show: pdfkit writes it in deflated content streams as hex strings (<…> Tj, [<…> …] TJ). */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const source = pdf.toString('latin1');
  for (const m of source.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = source.indexOf('endstream', start);
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const run of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const hex = run[1] ? [...run[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => h[1]).join('') : run[2];
      out.push(Buffer.from(hex!, 'hex').toString('latin1'));
    }
  }
  return out.join('\n');
}

/** A message with its {placeholders} matching anything, found inside a longer text. */
const unanchored = (message: string) => new RegExp(pattern(message).source.slice(1, -1));

async function figures(page: Page, query = ''): Promise<PartnerFigures> {
  const res = await page.request.get(`/bff/partner/figures${query}`);
  expect(res.status()).toBe(200);
  return res.json();
}

for (const lang of LANGS) {
  const t = MESSAGES[lang].Partner;
  const tl = MESSAGES[lang].PartnerLines;
  const ts = MESSAGES[lang].PartnerStatementForm;
  const th = MESSAGES[lang].Header;
  const fmt = (n: number) => new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 2 }).format(n);

  test(`figures match the API, filters live in the address, CSV export (${lang})`, async ({ page }) => {
    // Two downloads, an axe scan and the store picker's searches.
    test.slow();
    // Signing in opens '/', which is Monthly Reports for everyone else: a partner lands on their figures.
    await login(page, { username: 'retail', lang });
    await expect(page).toHaveURL(/\/partner$/);
    const all = await figures(page);
    await expect(page.getByTestId('partner-title')).toHaveText(fill(t.figures.title, { retailer: all.retailer.name }));
    await expect(page.getByTestId('partner-pounds')).toHaveText(fill(t.figures.poundsValue, { weight: fmt(all.totals.pounds) }));
    await expect(page.getByTestId('partner-meals')).toContainText(
      new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA').format(all.totals.meals),
    );
    await expect(page.getByTestId('meals-source').getByRole('link', { name: t.figures.mealsLink })).toHaveAttribute(
      'href',
      /feedingamerica\.org/,
    );
    expect(all.totals.pounds).toBeGreaterThan(0);

    // The month table: one row per month of the period, its total the answer's total and the sum of its rows.
    const table = page.getByTestId('by-month-table');
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(all.byMonth.length);
    const cells = await rows.locator('td:nth-child(2)').allInnerTexts();
    const sum = cells.reduce((s, c) => s + num(c, lang), 0);
    const total = num(await table.locator('tfoot td').first().innerText(), lang);
    expect(Math.abs(sum - total)).toBeLessThanOrEqual(0.01 * cells.length);
    expect(total).toBeCloseTo(all.totals.pounds, 1);
    await expect(page.getByTestId('by-store-table').locator('tbody tr')).toHaveCount(all.byStore.length);
    // Food categories in the user's language.
    const category = all.byCategory.find((c) => c.pounds > 0)!;
    await expect(page.getByTestId('by-category-table')).toContainText(lang === 'fr' ? category.nameFr : category.name);
    await shootWidths(page, 'partner-figures', lang);
    await expectNoSeriousA11yViolations(page, `/partner ${lang}`);

    // Ontario only: the address says so (with the period), and the figures are Ontario's.
    expect(all.options.provinces).toEqual(expect.arrayContaining(['ON', 'QC']));
    await page.getByLabel(t.figures.province).selectOption('ON');
    await page.getByRole('button', { name: t.figures.apply }).click();
    await expect(page).toHaveURL(/[?&]province=ON(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]from=${all.from}&to=${all.to}`));
    // Only the filters chosen: no empty banner or store in the address to share.
    expect(new URL(page.url()).search).not.toMatch(/=(&|$)/);
    const ontario = await figures(page, `?from=${all.from}&to=${all.to}&province=ON`);
    expect(ontario.totals.pounds).toBeLessThan(all.totals.pounds);
    await expect(page.getByTestId('partner-pounds')).toHaveText(fill(t.figures.poundsValue, { weight: fmt(ontario.totals.pounds) }));

    // The CSV of the same view, in the screen's language, with one of Ontario's stores on a row. The download is a
    // button that is busy while the file is made, and ready again after.
    const csvButton = page.getByRole('button', { name: t.figures.exportCsv });
    const [download] = await Promise.all([page.waitForEvent('download'), csvButton.click()]);
    const href = new URL(download.url());
    expect(href.pathname).toBe('/bff/partner/export');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ province: 'ON', format: 'csv', lang, from: all.from, to: all.to });
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(
      lang === 'fr' ? 'Détaillant;Bannière;No de magasin;Nom du magasin;Mois' : 'Retailer,Banner,Store #,Store Name,Month',
    );
    const store = ontario.byStore.find((s) => s.pounds > 0)!;
    expect(csv.split(/\r?\n/).some((row) => row.includes(store.name) && row.includes(all.retailer.name))).toBe(true);
    const quebecStore = all.byStore.find((s) => !ontario.byStore.some((o) => o.storeId === s.storeId));
    if (quebecStore) expect(csv).not.toContain(quebecStore.name);
    await expect(csvButton).toBeEnabled();
    await expect(csvButton).not.toHaveAttribute('aria-busy');
    // The workbook of the same view is an XLSX file (a zip).
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.figures.exportXlsx }).click()]);
    expect(new URL(xlsx.url()).searchParams.get('format')).toBe('xlsx');
    expect(
      fs
        .readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    // One store, found by typing part of its name into the store picker (the page lists none of the chain's stores)
    // and picked with the keyboard: the address names it, the figures are that store's, and the picker still
    // names it on the next view.
    expect(await page.locator('select[name="storeId"]').count()).toBe(0);
    const picker = page.getByRole('combobox', { name: t.figures.store });
    await picker.fill(store.name.split(' ')[0]!);
    const listbox = page.getByRole('listbox', { name: t.figures.store });
    await expect(listbox.getByRole('option', { name: new RegExp(store.name.split(' ')[0]!) }).first()).toBeVisible();
    await picker.fill(store.name);
    const option = listbox.getByRole('option').first();
    await expect(option).toContainText(store.name);
    const chosenLabel = (await option.innerText()).trim();
    await picker.press('ArrowDown');
    await picker.press('Home');
    await picker.press('Enter');
    await expect(picker).toHaveValue(chosenLabel);
    await page.getByRole('button', { name: t.figures.apply }).click();
    await expect(page).toHaveURL(/[?&]storeId=[0-9a-f-]{36}(&|$)/);
    const storeId = new URL(page.url()).searchParams.get('storeId')!;
    const one = await figures(page, `?from=${all.from}&to=${all.to}&province=ON&storeId=${storeId}`);
    await expect(page.getByTestId('partner-pounds')).toHaveText(fill(t.figures.poundsValue, { weight: fmt(one.totals.pounds) }));
    await expect(page.getByRole('combobox', { name: t.figures.store })).toHaveValue(chosenLabel);
  });

  test(`a statement is issued, kept, and its PDF downloaded (${lang})`, async ({ page }) => {
    await login(page, { username: 'retail', lang, to: '/partner/statements' });
    await expect(page).toHaveURL(/\/partner\/statements$/);
    await expect(page.getByTestId('not-a-receipt')).toHaveText(t.statements.notReceipt);
    // Each language its own period of last year, submitted by the demo food banks: a month, or a quarter.
    const year = String(new Date().getFullYear() - 1);
    await page.getByLabel(ts.year).selectOption(year);
    if (lang === 'en') {
      await page.getByLabel(ts.aMonth).check();
      await page.getByLabel(ts.month, { exact: true }).selectOption('6');
    } else {
      await page.getByLabel(ts.aQuarter).check();
      await page.getByLabel(ts.quarter, { exact: true }).selectOption('3');
    }
    await page.getByRole('button', { name: ts.issue }).click();
    await expect(page.getByRole('status').filter({ hasText: unanchored(ts.issued) })).toBeVisible();
    // The newest statement, as the API lists it, is the one just issued, named by the message and first in the list.
    const { statements } = (await (await page.request.get('/bff/partner/statements')).json()) as { statements: Statement[] };
    const { number } = statements[0]!;
    await expect(page.getByRole('status').filter({ hasText: fill(ts.issued, { number }) })).toBeVisible();
    await expect(page.getByTestId('statement').first()).toHaveAttribute('data-number', number);
    const kept = page.locator(`[data-testid="statement"][data-number="${number}"]`);

    // Asked again, nothing changed: the same statement, said so.
    await page.getByRole('button', { name: ts.issue }).click();
    await expect(page.getByRole('status').filter({ hasText: fill(ts.unchanged, { number }) })).toBeVisible();
    await expect(page.locator(`[data-testid="statement"][data-number="${number}"]`)).toHaveCount(1);

    // The PDF is a download button (busy while the file is made); the file is the statement.
    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), kept.getByRole('button').click()]);
    expect(
      fs
        .readFileSync((await pdfDownload.path())!)
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    const pdf = await page.request.get(pdfDownload.url());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const bytes = await pdf.body();
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdfText(bytes)).toContain(number);
    // The download button's colours fade back from busy (transition-colors): mid-fade, white on grey is 3:1.
    await settle(page);
    await shootWidths(page, 'partner-statements', lang);
    await expectNoSeriousA11yViolations(page, `/partner/statements ${lang}`);
  });

  test(`a query is sent on a line and listed under Your queries; an open one is refused (${lang})`, async ({ page }) => {
    await login(page, { username: 'retail', lang, to: '/partner/lines' });
    await expect(page).toHaveURL(/\/partner\/lines$/);
    const month = await page.getByLabel(t.lines.month, { exact: true }).inputValue();
    const { lines } = (await (await page.request.get(`/bff/partner/lines?month=${month}`)).json()) as { lines: PartnerLine[] };
    // Lines nobody has queried yet (the other language's test queries lines of its own).
    const free = lines.filter((l) => l.queryStatus === null);
    expect(free.length).toBeGreaterThanOrEqual(2);
    const [line, other] = free;
    const row = page.locator(`[data-testid="line-row"][data-id="${line!.id}"]`);
    await row.getByRole('button', { name: tl.open }).click();
    // The query form, not the month and store filter above the table.
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: tl.send }) });
    await form.getByRole('button', { name: tl.send }).click();
    await expect(form.getByText(tl.kindRequired)).toBeVisible();
    await expect(form.getByText(tl.reasonRequired)).toBeVisible();
    await form.getByLabel(tl.kindWeight).check();
    const reason = `e2e ${lang} ${Date.now()}: the scale was being repaired that week`;
    await form.getByLabel(tl.reason, { exact: true }).fill(reason);
    await expect(form.getByLabel(tl.reason, { exact: true })).toHaveAttribute('maxlength', '500');
    await form.getByRole('button', { name: tl.send }).click();
    await expect(page.getByRole('status').filter({ hasText: fill(tl.sent, { branch: line!.branchName }) })).toBeVisible();
    await expect(row).toContainText(tl.statusOpen);
    const mine = page.getByTestId('your-queries').getByTestId('query-item').filter({ hasText: reason });
    await expect(mine).toContainText(t.queries.statusOpen);
    await expect(mine).toContainText(tl.kindWeight);

    // Someone else queries the other line while its form is open: the API's 409 QUERY_OPEN, said in words.
    const otherRow = page.locator(`[data-testid="line-row"][data-id="${other!.id}"]`);
    await otherRow.getByRole('button', { name: tl.open }).click();
    await expect(form.getByLabel(tl.kindNoRecord)).toBeFocused();
    await shootWidths(page, 'partner-query-form', lang);
    const origin = new URL(page.url()).origin;
    const first = await page.request.post('/bff/partner/queries', {
      data: { donationId: other!.id, kind: 'other', reason: `e2e ${lang}: asked from another tab` },
      headers: { origin },
    });
    expect(first.status()).toBe(201);
    await form.getByLabel(tl.kindNoRecord).check();
    await form.getByLabel(tl.reason, { exact: true }).fill('asked twice');
    await form.getByRole('button', { name: tl.send }).click();
    await expect(page.getByRole('alert').filter({ hasText: tl.alreadyOpen })).toBeVisible();
    await expect(otherRow).toContainText(tl.statusOpen);
    await shootWidths(page, 'partner-lines', lang);
    await expectNoSeriousA11yViolations(page, `/partner/lines ${lang}`);
  });

  test(`the rest of the app sends a partner to /partner; the menu holds only their screens (${lang})`, async ({ page }) => {
    await login(page, { username: 'retail', lang });
    for (const path of ['/', '/program', '/program/totals', `/donations/${new Date().getFullYear()}/1`, '/branch', '/feedback']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/partner$/);
    }
    await page.getByRole('button', { name: th.menu }).click();
    const drawer = page.getByRole('dialog');
    for (const name of [th.partnerHome, th.titles.partnerLines, th.titles.partnerStatements, th.changePassword, th.logOut]) {
      await expect(drawer.getByText(name, { exact: true })).toBeVisible();
    }
    for (const name of [th.titles.monthlyReports, th.titles.branch, th.titles.feedback, MESSAGES[lang].ProgramNav.drawerLink]) {
      await expect(drawer.getByText(name, { exact: true })).toHaveCount(0);
    }
    await drawer.getByRole('link', { name: th.titles.partnerStatements }).click();
    await expect(page).toHaveURL(/\/partner\/statements$/);
  });
}

test('someone who is not a partner opening /partner is sent home', async ({ page }) => {
  await login(page, { username: 'demo' });
  await page.goto('/partner/statements');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('the focus comes back to a download button when the file is on its way, unless the user went on to another field', async ({
  page,
}) => {
  const t = MESSAGES.en.Partner.figures;
  await login(page, { username: 'retail', lang: 'en' });
  await expect(page).toHaveURL(/\/partner$/);
  const xlsx = page.getByRole('button', { name: t.exportXlsx });
  const ready = async () => {
    await expect(xlsx).toBeEnabled();
    await expect(xlsx).not.toHaveAttribute('aria-busy');
  };
  // Nothing else focused meanwhile: the button has the focus again, for a keyboard user's next step.
  await Promise.all([page.waitForEvent('download'), xlsx.click()]);
  await ready();
  await expect(xlsx).toBeFocused();
  // Going on to the store picker while the file is prepared (in the click's own task, so surely before the answer,
  // which the button learns of a quarter second later at the soonest): the picker keeps the focus and its suggestions.
  const picker = page.getByRole('combobox', { name: t.store });
  const [button, field] = [await xlsx.elementHandle(), await picker.elementHandle()];
  const download = page.waitForEvent('download');
  await page.evaluate(
    ([b, p]) => {
      (b as HTMLButtonElement).click();
      (p as HTMLInputElement).focus();
    },
    [button, field] as const,
  );
  await picker.fill('a');
  await download;
  await ready();
  await expect(picker).toBeFocused();
  await expect(picker).toHaveValue('a');
  await expect(page.getByRole('listbox', { name: t.store }).getByRole('option').first()).toBeVisible();
});
