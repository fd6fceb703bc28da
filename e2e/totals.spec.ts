import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from './support/test';
import type { MonthSummary, YearSummary } from '../lib/domain/summary';
import { LANGS, MESSAGES, bffJson, demoMonths, fill, isoDay, sessionUser, settle, stores } from './support/donations';
import { login } from './support/auth';
import { shootWidths } from './support/shots';

// Totals and pictures: the month's totals under its list, the year's chart and totals on Monthly
// Reports, impact with its factor, the printable report and its PDF, the XLSX and French CSV exports.

for (const lang of LANGS) {
  const t = MESSAGES[lang].Totals;
  const fmt = (n: number) => new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 2 }).format(n);

  test.describe(`totals and reports (${lang})`, () => {
    test('month page: total, count, front/back, category mix, impact with its factor; printable report and PDF', async ({ page }) => {
      await login(page, { lang });
      const user = await sessionUser(page);
      const { open } = demoMonths();
      const [store] = await stores(page, user.branchId);
      // 10 kg front of store, all dairy: the list and the report show the amount entered beside the pounds.
      await bffJson(page, 'POST', `/branch/${user.branchId}/donations`, {
        branchId: user.branchId,
        date: isoDay(open, 1),
        storeId: store!.id,
        source: 1,
        weight: 10,
        weightUnit: 0,
        categories: [{ categoryId: 2, fraction: 1 }],
      });
      const api = await bffJson<MonthSummary>(page, 'GET', `/branch/${user.branchId}/month-summary/${open.year}/${open.month}`);
      await page.goto(`/donations/${open.year}/${open.month}`);
      const box = page.getByTestId('month-summary');
      await expect(box.getByTestId('total-pounds')).toHaveText(fill(t.pounds, { weight: fmt(api.totals.totalPounds) }));
      await expect(box.getByTestId('donation-count')).toHaveText(String(api.totals.count));
      await expect(box.getByTestId('front-pounds')).toContainText(fmt(api.totals.frontStorePounds));
      await expect(box.getByTestId('back-pounds')).toContainText(fmt(api.totals.backStorePounds));
      const dairy = api.totals.categories.find((c) => c.categoryId === 2)!;
      await expect(box.getByTestId('category-mix')).toContainText(lang === 'fr' ? dairy.nameFr : dairy.name);
      await expect(box.getByTestId('meals')).toContainText(
        new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA').format(api.totals.meals),
      );
      await expect(box.getByTestId('impact')).toContainText(fill(t.factorsNote, { lbs: fmt(1.2) }));
      await shootWidths(page, 'month-totals', lang);

      await page.getByRole('link', { name: t.printableReport }).click();
      await expect(page).toHaveURL(new RegExp(`/donations/${open.year}/${open.month}/report$`));
      const report = page.getByTestId('month-report');
      await expect(report).toContainText(t.program);
      await expect(report.getByTestId('report-list')).toContainText(fill(t.enteredKg, { amount: '10' }));
      await expect(report.getByTestId('report-submission')).toHaveText(t.notSubmitted);
      await shootWidths(page, 'month-report', lang);
      // Printed: the buttons and the app header are gone.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('button', { name: t.print })).toBeHidden();
      await expect(page.getByRole('banner')).toBeHidden();
      await page.emulateMedia({ media: 'screen' });

      const href = await page.getByRole('link', { name: t.downloadPdf }).getAttribute('href');
      const pdf = await page.request.get(href!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    });

    test('monthly reports: year totals, server-rendered chart beside the previous year, its table, impact', async ({ page }) => {
      await login(page, { lang });
      const user = await sessionUser(page);
      const { open } = demoMonths();
      const api = await bffJson<YearSummary>(page, 'GET', `/branch/${user.branchId}/year-summary/${open.year}`);
      await page.goto(`/?year=${open.year}`);
      await settle(page);
      const chart = page.getByTestId('pounds-chart');
      await expect(chart).toHaveAttribute('role', 'img');
      await expect(chart).toHaveAttribute('aria-label', fill(t.chartLabel, { year: open.year, previous: open.year - 1 }));
      expect(await chart.locator('rect').count()).toBe(12 * 2 * 2);
      // The table equivalent: twelve months and the year's totals of both years.
      await page.getByText(t.showTable).click();
      const table = page.getByTestId('pounds-table');
      await expect(table.locator('tbody tr')).toHaveCount(12);
      await expect(table.locator('tfoot')).toContainText(fmt(api.totals.totalPounds));
      await expect(table.locator('tfoot')).toContainText(fmt(api.previousYear.totals.totalPounds));
      const year = page.getByTestId('year-summary');
      await expect(year.getByTestId('total-pounds')).toHaveText(fill(t.pounds, { weight: fmt(api.totals.totalPounds) }));
      await expect(year.getByTestId('impact')).toContainText(t.mealsLabel);
      await shootWidths(page, 'reports-totals', lang);
    });

    test('export dialog: XLSX and the French CSV when chosen, the English CSV by default', async ({ page }) => {
      await login(page, { lang });
      const { open } = demoMonths();
      await page.goto(`/?year=${open.year}`);
      const te = MESSAGES[lang].Export;
      const run = async (label: string) => {
        await page.getByRole('button', { name: MESSAGES[lang].Header.export }).click();
        const dialog = page.getByRole('dialog', { name: te.title });
        await dialog.getByLabel(label).check();
        const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: te.confirm }).click()]);
        return download;
      };
      const xlsx = await run(te.formatXlsx);
      expect(xlsx.suggestedFilename()).toMatch(/-branch-donations-export-\d{4}\.xlsx$/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile((await xlsx.path())!);
      const ws = wb.worksheets[0];
      expect(ws!.getRow(1).getCell(1).value).toBe(lang === 'fr' ? 'Détaillant' : 'Retailer');
      expect(ws!.getRow(2).getCell(6).value).toBeInstanceOf(Date);
      expect(typeof ws!.getRow(2).getCell(8).value).toBe('number');

      const csvFr = await run(te.formatCsvFr);
      const text = fs.readFileSync((await csvFr.path())!, 'utf8');
      expect(text.slice(1).split('\r\n')[0]).toMatch(/^Détaillant;Bannière;/);
    });
  });
}
