// Axe scans of the pickup and store-record screens (docs/product.md, Pickups; Manifests) at phone (390 px) and
// desktop (1280 px) widths: no serious or critical violation, in English and French, each as the user who works there:
// the branch lead (their pickups with "Propose a change"), the demo volunteer (a month's store records), the program
// administrator (a store's schedule, the schedule import, reliability, store records, outgoing mail) and the demo
// partner (its manifests). SHOTS=1 also takes the screenshots of each.
import { expectNoSeriousA11yViolationsAtWidths } from './support/axe';
import { PROGRAM, RETAIL, signedInRequest } from './support/a11y-data';
import { DEMO, expect, test, type Credentials } from './support/auth';
import { LANGS, MESSAGES, monthsAgo } from './support/donations';
import { shootWidths } from './support/shots';

/** The Toronto lead that e2e/support/prepare-data-dir.sh makes. */
const LEAD: Credentials = { username: 'lead', password: 'Lead-User-2026' };

for (const lang of LANGS) {
  const t = MESSAGES[lang];

  test.describe(`the branch lead's pickups (${lang})`, () => {
    test.use({ lang, signedInAs: LEAD });
    test(`pickups with the proposal form (${lang})`, async ({ page }) => {
      test.skip(!process.env.E2E_EXTRA_USERS, 'the lead is made by e2e/support/prepare-data-dir.sh');
      await page.goto('/pickups');
      await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: t.Pickups.title })).toBeVisible();
      await expect(page.getByRole('heading', { name: t.ScheduleProposals.title })).toBeVisible();
      await expect(page.getByTestId('pickup').first()).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `/pickups ${lang}`);
      await shootWidths(page, 'pickups-lead', lang);
    });
  });

  test.describe(`a month's store records (${lang})`, () => {
    test.use({ lang, signedInAs: DEMO });
    test(`store records of the demo manifest's month (${lang})`, async ({ page }) => {
      // The demo manifest covers the months three and two before this one (donation-api/demo/demo-manifests.ts).
      const { year, month } = monthsAgo(2);
      await page.goto(`/donations/${year}/${month}/store-records`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolationsAtWidths(page, `store records ${lang}`);
      await shootWidths(page, 'store-records', lang);
    });
  });

  test.describe(`the program's pickup screens (${lang})`, () => {
    test.use({ lang, signedInAs: PROGRAM });

    test(`a store's schedule (${lang})`, async ({ page, baseURL }) => {
      const program = await signedInRequest(baseURL!, PROGRAM);
      const stores = (await (await program.get('/bff/program/stores?q=Sobeys')).json()) as { id: string }[];
      await program.dispose();
      expect(stores.length).toBeGreaterThan(0);
      await page.goto(`/program/stores/${stores[0]!.id}`);
      await expect(page.getByRole('heading', { name: t.StoreSchedule.slots })).toBeVisible();
      await expectNoSeriousA11yViolationsAtWidths(page, `/program/stores/[storeId] ${lang}`);
      await shootWidths(page, 'store-schedule', lang);
    });

    for (const [name, path, ready] of [
      ['schedule import', '/program/stores/schedule-import', t.ScheduleImport.title],
      ['reliability', '/program/reliability', t.Reliability.pageTitle],
      ['store records', '/program/reconciliation', null],
      ['outgoing mail', '/program/mail', null],
      ['requests with proposals', '/program/requests', t.ScheduleProposals.programTitle],
    ] as const) {
      test(`${name} (${lang})`, async ({ page }) => {
        await page.goto(path);
        if (ready) await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
        else await expect(page.getByRole('heading').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoSeriousA11yViolationsAtWidths(page, `${path} ${lang}`);
        await shootWidths(page, `program-${path.split('/').pop()}`, lang);
      });
    }
  });

  test.describe(`the partner's manifests (${lang})`, () => {
    test.use({ lang, signedInAs: RETAIL });
    test(`manifests (${lang})`, async ({ page }) => {
      await page.goto('/partner/manifests');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolationsAtWidths(page, `/partner/manifests ${lang}`);
      await shootWidths(page, 'partner-manifests', lang);
    });
  });
}
