// What the demo partner `retail` (Sobeys Inc.) reads of its stores' pickups and of its own manifests: the pickups
// figure on /partner is its API's answer for the same period, and a month's reconciled share on /partner/manifests
// (chosen with the month field) lists the API's rows, store by store, with the share, matched, differs and one-sided
// counts, in both languages. (The answers themselves are tested against the database's rows in
// tests/api/pickup-reliability.test.ts and tests/api/reconciliation.test.ts.)
import { login } from './support/auth';
import { LANGS, MESSAGES, fill } from './support/donations';
import { expect, test } from './support/test';

type PartnerPickups = { from: string; to: string; scheduled: number; collected: number; noFood: number };
type ReconcileRow = { store: string; matched: number; differs: number; manifestOnly: number; donationOnly: number; share: number | null };

for (const lang of LANGS) {
  const tag = lang === 'fr' ? 'fr-CA' : 'en-CA';
  const whole = (n: number) => new Intl.NumberFormat(tag).format(n);

  test(`the partner's pickups figure and reconciled share are their API's answers (${lang})`, async ({ page }) => {
    await login(page, { username: 'retail', lang });
    await expect(page).toHaveURL(/\/partner$/);
    const figures = (await (await page.request.get('/bff/partner/figures')).json()) as { from: string; to: string };
    const res = await page.request.get(`/bff/partner/pickups?from=${figures.from}&to=${figures.to}`);
    expect(res.status()).toBe(200);
    const pickups = (await res.json()) as PartnerPickups;
    // The demo schedules every store of the demo food banks, Sobeys' among them: something to compare.
    expect(pickups.scheduled).toBeGreaterThan(0);
    expect(pickups.collected).toBeGreaterThan(0);
    await expect(page.getByTestId('partner-pickups')).toHaveText(
      fill(MESSAGES[lang].Reliability.partnerValue, { collected: whole(pickups.collected), noFood: whole(pickups.noFood) }),
    );

    // The demo manifest covers the food banks' latest submitted months: the newest month of the year offered with
    // manifest lines, chosen on the screen.
    let chosen: { month: string; rows: ReconcileRow[] } | undefined;
    const now = new Date();
    for (let back = 1; back <= 12 && !chosen; back++) {
      const d = new Date(now.getFullYear(), now.getMonth() - back, 1);
      const answer = await page.request.get(`/bff/partner/reconciliation?year=${d.getFullYear()}&month=${d.getMonth() + 1}`);
      expect(answer.status()).toBe(200);
      const { rows } = (await answer.json()) as { rows: ReconcileRow[] };
      if (rows.length) chosen = { month: `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`, rows };
    }
    expect(chosen).toBeDefined();
    const { month, rows } = chosen!;
    expect(rows.some((r) => r.differs + r.manifestOnly + r.donationOnly > 0)).toBe(true);
    await page.goto('/partner/manifests');
    const t = MESSAGES[lang].Partner.manifests;
    await page.getByLabel(t.month, { exact: true }).selectOption(month);
    await page.getByRole('button', { name: t.show }).click();
    await expect(page).toHaveURL(new RegExp(`/partner/manifests\\?month=${month}$`));
    const table = page.getByTestId('partner-reconciled');
    await expect(table.locator('tbody tr')).toHaveCount(rows.length);
    const pct = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
    for (const [i, r] of rows.entries()) {
      const row = table.locator('tbody tr').nth(i);
      await expect(row.locator('th')).toHaveText(r.store);
      await expect(row.locator('td')).toHaveText([
        r.share === null ? '—' : pct.format(r.share),
        String(r.matched),
        String(r.differs),
        String(r.manifestOnly + r.donationOnly),
      ]);
    }
  });
}
