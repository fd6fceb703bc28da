import { test, expect, login } from './support/auth';
import { RFP_CAMPAIGN_ID } from '../lib/domain/enums';
import type { StoreUsage } from '../lib/domain/summary';
import { LANGS, MESSAGES, bffJson, demoMonths, fill, sessionUser } from './support/donations';

// A typing slip (99,999 lb) on the add form: Save asks "Save anyway?" with the store's usual weight
// (lib/domain/unusual-weight.ts); Check the weight (focused first, Escape too) goes back to the weight, Save anyway saves.
for (const lang of LANGS) {
  test(`Save on an unusual weight asks "Save anyway?" with the usual weight (${lang})`, async ({ page }) => {
    const tf = MESSAGES[lang].FasterEntry;
    const td = MESSAGES[lang].DonationForm;
    const num = (n: number) => new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 2 }).format(n);
    await login(page, { lang });
    const user = await sessionUser(page);
    const usage = await bffJson<StoreUsage[]>(page, 'GET', `/branch/${user.branchId}/store-usage`);
    const top = usage.filter((u) => u.campaignId === RFP_CAMPAIGN_ID)[0];
    expect(top?.medianPounds).toBeGreaterThan(0);
    const { open } = demoMonths();
    const month = `/donations/${open.year}/${open.month}`;
    await page.goto(`/donations/add?year=${open.year}&month=${open.month}&from=${encodeURIComponent(month)}`);
    await page.getByTestId('repeat-donation').getByRole('button').first().click();
    const weight = page.getByLabel(td.weight, { exact: true });
    await page.getByLabel(td.unit, { exact: true }).selectOption('1');
    await weight.fill('99999');
    await page.getByRole('button', { name: td.addDonation }).click();

    const dialog = page.getByRole('dialog', { name: tf.confirmTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(fill(tf.confirmUsual, { usual: num(Math.round(top!.medianPounds!)), weight: num(99_999) }));
    await expect(dialog.getByRole('button', { name: tf.confirmCheck })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(weight).toBeFocused();
    await expect(page).toHaveURL(/\/donations\/add/);

    await page.getByRole('button', { name: td.addDonation }).click();
    await dialog.getByRole('button', { name: tf.confirmSave }).click();
    await expect(page).toHaveURL(new RegExp(`${month}$`));
  });
}
