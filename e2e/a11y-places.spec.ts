// Axe scans of the program's people and places screens at phone (390 px) and desktop (1280 px) widths: no serious or
// critical violation, in English and French, signed in as the demo program administrator. A food bank's pages are
// those of the demo user's food bank, the donation one the test added itself.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtWidths } from './support/axe';
import { PROGRAM, demoDonation, demoStoreRequest } from './support/a11y-data';
import { expect, test } from './support/auth';
import { LANGS, MESSAGES, fill, pattern } from './support/donations';
import { shootWidths } from './support/shots';

const run = Date.now().toString(36);

const SCREENS = [
  ['users', '/program/users'],
  ['branches', '/program/branches'],
  ['new branch', '/program/branches/new'],
] as const;

/** The screen's own heading is in: the page has its data. */
const mainHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** The demo user's food bank (the program's first one named Toronto…), through the program's own list. */
async function toronto(page: Page): Promise<string> {
  const res = await page.request.get('/bff/program/branches');
  expect(res.status()).toBe(200);
  const branches = (await res.json()) as { id: string; name: string }[];
  return branches.find((b) => b.name === 'Toronto Community Food Bank')!.id;
}

for (const lang of LANGS) {
  test.describe(`program people and places (${lang})`, () => {
    test.use({ lang, signedInAs: PROGRAM });

    for (const [name, path] of SCREENS) {
      test(`${name} (${lang})`, async ({ page }) => {
        await page.goto(path);
        await expect(mainHeading(page)).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoSeriousA11yViolationsAtWidths(page, `${path} ${lang}`);
        await shootWidths(page, `program-${name.replace(' ', '-')}`, lang);
      });
    }

    test(`stores, with a request of the test's own (${lang})`, async ({ page, baseURL }) => {
      const t = MESSAGES[lang].ProgramStores;
      const name = `Axe Store ${lang} ${run}`;
      const requestId = await demoStoreRequest(baseURL!, name);
      try {
        await page.goto('/program/stores');
        await expect(page.getByRole('region', { name: t.requests }).getByText(name)).toBeVisible();
        // One store's row: every row is the same markup, and the whole list (every store, each with a choice of
        // every branch) takes a scan longer than a test may run on a busy machine.
        await page.getByRole('searchbox', { name: t.search }).fill('Liberty Village');
        await expect(page.getByRole('list', { name: pattern(t.servedBy) })).toHaveCount(1);
        await expect(page.getByRole('list', { name: fill(t.servedBy, { store: 'Liberty Village' }) })).toBeVisible();
        await expectNoSeriousA11yViolationsAtWidths(page, `/program/stores ${lang}`);
        await shootWidths(page, 'program-stores', lang);
      } finally {
        const origin = new URL(page.url()).origin;
        const refused = await page.request.post(`/bff/program/store-requests/${requestId}/decision`, {
          headers: { origin },
          data: { approve: false, reason: 'axe scan done' },
        });
        expect(refused.status()).toBe(200);
      }
    });

    test(`a branch's deactivation question (${lang})`, async ({ page }) => {
      const t = MESSAGES[lang].ProgramBranches;
      await page.goto('/program/branches');
      await page.getByRole('button', { name: t.deactivate, exact: true }).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: t.deactivate, exact: true })).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `deactivation question ${lang}`);
      await shootWidths(page, 'program-branch-deactivate', lang);
      // Left unanswered: nothing changes.
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    });

    test(`a food bank's reports (${lang})`, async ({ page }) => {
      await page.goto(`/program/branches/${await toronto(page)}`);
      await expect(page.getByTestId(/^branch-month-/)).toHaveCount(12);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolationsAtWidths(page, `program branch ${lang}`);
      await shootWidths(page, 'program-branch', lang);
    });

    test(`a food bank's edit screen (${lang})`, async ({ page }) => {
      await page.goto(`/program/branches/${await toronto(page)}/edit`);
      await expect(mainHeading(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolationsAtWidths(page, `program branch edit ${lang}`);
      await shootWidths(page, 'program-branch-edit', lang);
    });

    test(`a food bank's donation, with its history (${lang})`, async ({ page, baseURL }) => {
      const donation = await demoDonation(baseURL!);
      try {
        await page.goto(`/program/branches/${donation.branchId}/donations/${donation.id}?year=${donation.year}&month=${donation.month}`);
        await expect(page.getByTestId('categories-total')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoSeriousA11yViolationsAtWidths(page, `program donation ${lang}`);
        await shootWidths(page, 'program-donation', lang);
      } finally {
        await donation.remove();
      }
    });
  });
}
