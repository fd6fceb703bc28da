import { expect, test } from './support/test';
import { login } from './support/auth';
import { bffJson, MESSAGES } from './support/donations';
import { shootWidths } from './support/shots';

// A national program has hundreds of food banks: the month view shows them 50 to a page and the year view 25, the page
// in the address, while the counts, the search and the export cover all of them. The test makes its own 51 food
// banks (created this month, so only this month's views list them) and deactivates them at the end, which takes them
// out of every view again (a branch created and deactivated in the same month owes nothing).

const PAGE_SIZE = 50;
const YEAR_PAGE_SIZE = 25;
const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit' }).format(new Date());

test('the month view comes in pages of 50 and the year view in pages of 25, with the page in the address (en, fr)', async ({ browser }) => {
  test.setTimeout(180_000);
  const prefix = `Paging ${Date.now().toString(36)}`;
  const admin = await browser.newContext();
  const page = await admin.newPage();
  await login(page, { lang: 'en', username: 'program' });
  const ids: string[] = [];
  try {
    for (let i = 1; i <= PAGE_SIZE + 1; i++) {
      const name = `${prefix} ${String(i).padStart(2, '0')}`;
      const body = {
        name,
        email: 'paging@example.org',
        phoneNumber: '506-555-0100',
        address1: '1 Main St',
        city: 'Moncton',
        province: 'NB',
        postalCode: 'E1C 1A1',
        reason: 'paging test',
      };
      ids.push((await bffJson<{ id: string }>(page, 'POST', '/program/branches', body)).id);
    }
    const en = MESSAGES.en;
    const month = thisMonth();
    await page.goto(`/program?month=${month}&q=${encodeURIComponent(prefix)}`);
    const rows = page.getByTestId('oversight-row');
    await expect(rows).toHaveCount(PAGE_SIZE);
    await expect(page.getByText('Food banks 1–50 of 51')).toBeVisible();
    // The counts are of every food bank found, not of the page.
    await expect(page.getByTestId('count-all')).toContainText('51');
    const pager = page.getByRole('navigation', { name: en.ProgramPager.label });
    await expect(pager).toContainText('Page 1 of 2');
    await expect(pager.getByRole('link', { name: en.ProgramPager.previous })).toHaveCount(0);
    await pager.getByRole('link', { name: en.ProgramPager.next }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${prefix} 51`);
    await expect(page.getByText('Food banks 51–51 of 51')).toBeVisible();
    await expect(pager).toContainText('Page 2 of 2');
    await shootWidths(page, 'program-page-2', 'en');
    // A new sort starts again at the first page: by name, descending, the last food bank comes first.
    await page.getByTitle(en.ProgramOversight.sortBy.replace('{column}', en.ProgramOversight.foodBank)).click();
    await expect(page).toHaveURL(/order=desc/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(rows).toHaveCount(PAGE_SIZE);
    await expect(rows.first()).toContainText(`${prefix} 51`);
    // A page past the end shows the last one.
    await page.goto(`/program?month=${month}&q=${encodeURIComponent(prefix)}&page=9`);
    await expect(rows).toHaveCount(1);

    // In French, the year view: every food bank that owes a month of the year, these 51 among them.
    const frContext = await browser.newContext();
    const fr = await frContext.newPage();
    await login(fr, { lang: 'fr', username: 'program' });
    await fr.goto(`/program/year?year=${month.slice(0, 4)}`);
    const frPager = fr.getByRole('navigation', { name: MESSAGES.fr.ProgramPager.label });
    await expect(frPager).toContainText(/Page 1 de \d+/);
    await expect(fr.getByTestId('year-row')).toHaveCount(YEAR_PAGE_SIZE);
    await frPager.getByRole('link', { name: MESSAGES.fr.ProgramPager.next }).click();
    await expect(fr).toHaveURL(/[?&]page=2(&|$)/);
    await expect(frPager).toContainText(/Page 2 de \d+/);
    await expect(frPager.getByRole('link', { name: MESSAGES.fr.ProgramPager.previous })).toBeVisible();
    await shootWidths(fr, 'program-year-page-2', 'fr');
    await frContext.close();
  } finally {
    for (const id of ids) await bffJson(page, 'PUT', `/program/branches/${id}/active`, { active: false, reason: 'paging test done' });
    await admin.close();
  }
});
