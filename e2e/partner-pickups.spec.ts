// What the demo partner `retail` (Sobeys Inc.) reads of its stores' pickups: the figure on /partner is its API's
// answer for the same period, collected and no food, in both languages. (The answer itself is tested against the
// database's rows in tests/api/pickup-reliability.test.ts.)
import { login } from './support/auth';
import { LANGS, MESSAGES, fill } from './support/donations';
import { expect, test } from './support/test';

type PartnerPickups = { from: string; to: string; scheduled: number; collected: number; noFood: number };

for (const lang of LANGS) {
  const tag = lang === 'fr' ? 'fr-CA' : 'en-CA';
  const whole = (n: number) => new Intl.NumberFormat(tag).format(n);

  test(`the partner's pickups figure is its API's answer (${lang})`, async ({ page }) => {
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
  });
}
