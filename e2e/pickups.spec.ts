// The branch's pickups screen on a phone (docs/product.md, Pickups), in both languages: the program sets a schedule
// for one of the demo branch's stores (every day from three days ago), and the branch marks one late pickup "no food
// available", another missed for the weather, and records today's from the add form opened by its one tap. The slot
// and the donation are removed again after. The demo data schedules the branch's other stores (demo-pickups.ts):
// only this store's cards are counted.
import { todayCalendarDate, formatCalendarDate } from '../lib/domain/dates';
import { addDays } from '../lib/domain/pickups';
import { expect, login, test } from './support/auth';
import { PROGRAM, signedInRequest } from './support/a11y-data';
import { CATS, form } from './support/donation-form';
import { APP_TIME_ZONE, LANGS, MESSAGES, fill, type StoreRow } from './support/donations';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const lang of LANGS) {
  test(`a branch answers its pickups from its phone: no food, missed, a donation recorded (${lang})`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const t = MESSAGES[lang].Pickups;
    await login(page, { lang, to: '/' });
    const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { branchId: string } };
    const branchId = session.user.branchId;
    const stores = (await (await page.request.get(`/bff/branch/${branchId}/stores`)).json()) as StoreRow[];
    const store = stores[lang === 'en' ? 0 : 1];
    const ours = { hasText: store!.displayName ?? store!.name };
    const today = formatCalendarDate(todayCalendarDate(new Date(), APP_TIME_ZONE));
    const program = await signedInRequest(baseURL!, PROGRAM);
    const slot = await program.post(`/bff/program/stores/${store!.id}/pickup-slots`, {
      data: { branchId, weekdays: [1, 2, 3, 4, 5, 6, 7], windowStart: '08:00', windowEnd: '10:00', startsOn: addDays(today, -3) },
    });
    expect(slot.status(), await slot.text()).toBe(200);
    const { id: slotId } = (await slot.json()) as { id: string };
    let donationId: string | undefined;
    try {
      await page.goto('/pickups');
      await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      const late = page
        .getByRole('region', { name: new RegExp(`^${t.late}`) })
        .getByTestId('pickup')
        .filter(ours);
      await expect(late).toHaveCount(3);
      await expect(late.first()).toContainText(t.state.unrecorded);

      // No food available, in one tap: the card leaves the late ones.
      await late.first().getByRole('button', { name: t.noFood }).click();
      await expect(page.getByRole('status')).toContainText(store!.name);
      await expect(late).toHaveCount(2);
      const done = page
        .getByRole('region', { name: new RegExp(`^${t.done}`) })
        .getByTestId('pickup')
        .filter(ours);
      await expect(done.first()).toContainText(t.state.no_food);

      // Missed, with its reason chosen in the dialog.
      await late.first().getByRole('button', { name: t.missed, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.missedTitle });
      await dialog.getByLabel(t.reasonLabel).selectOption({ label: t.reasons.weather });
      await dialog.getByRole('button', { name: t.save }).click();
      await expect(dialog).toBeHidden();
      await expect(late).toHaveCount(1);
      await expect(done.filter({ hasText: fill(t.state.missed, { reason: t.reasons.weather }) })).toHaveCount(1);

      // Record donation: the add form opens with the store and the date of today's pickup.
      const todays = page
        .getByRole('region', { name: new RegExp(`^${t.today}`) })
        .getByTestId('pickup')
        .filter(ours);
      await todays.getByRole('link', { name: t.recordDonation }).click();
      await expect(page).toHaveURL(/\/donations\/add\?/);
      const f = form(page, lang);
      await expect(f.store).toHaveValue(new RegExp(store!.name));
      await f.weight.fill('37');
      await f.box(CATS[lang].produce).fill('100');
      const created = page.waitForResponse((r) => r.url().endsWith(`/bff/branch/${branchId}/donations`) && r.request().method() === 'POST');
      await f.submit.click();
      const res = await created;
      expect(res.status()).toBe(201);
      donationId = ((await res.json()) as { id: string }).id;
      await expect(page).toHaveURL(/\/pickups$/);
      await expect(done).toHaveCount(3);
      await expect(done.getByText(fill(t.state.recorded.replace(/\{count, plural, one \{([^}]*)\}.*$/, '$1')))).toBeVisible();
    } finally {
      if (donationId)
        expect((await page.request.delete(`/bff/donation/${donationId}`, { headers: { origin: new URL(baseURL!).origin } })).status()).toBe(
          204,
        );
      expect((await program.delete(`/bff/program/pickup-slots/${slotId}`)).status()).toBe(200);
      await program.dispose();
    }
  });
}
