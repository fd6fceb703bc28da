// How a program sets pickup schedules up (docs/product.md, Pickups), in both languages: an administrator adds a slot
// on a store's screen and deletes it; imports a schedule file that is refused with its problems by line, then applied,
// then applied again (nothing changes); a branch lead proposes a slot from the pickups screen and the program approves
// it, which the lead then reads; the reliability screen's total is the API's count of the same period. Every slot the
// test makes is deleted again.
import type { APIRequestContext } from '@playwright/test';
import { PROGRAM, signedInRequest } from './support/a11y-data';
import { expect, login, test, type Credentials } from './support/auth';
import { LANGS, MESSAGES, fill, monthsAgo, pad } from './support/donations';

const LEAD: Credentials = { username: 'lead', password: 'Lead-User-2026' };
const TORONTO = 'Toronto Community Food Bank';
type Store = { id: string; name: string; number: string | null; branches: { branchName: string }[] };
type Slot = { id: string; weekdays: number[]; windowStart: string };

async function torontoStore(program: APIRequestContext, index: number): Promise<Store> {
  const stores = (await (await program.get('/bff/program/stores?q=')).json()) as Store[];
  const served = stores.filter((s) => s.number && s.branches.some((b) => b.branchName === TORONTO));
  expect(served.length).toBeGreaterThan(index);
  return served[index]!;
}

async function slotsOf(program: APIRequestContext, storeId: string): Promise<Slot[]> {
  return ((await (await program.get(`/bff/program/stores/${storeId}/schedule`)).json()) as { slots: Slot[] }).slots;
}

/** Deletes the store's slots that start at `windowStart` (the test's own: no demo slot starts then). */
async function removeSlots(program: APIRequestContext, storeId: string, windowStart: string) {
  for (const s of (await slotsOf(program, storeId)).filter((x) => x.windowStart === windowStart))
    expect((await program.delete(`/bff/program/pickup-slots/${s.id}`)).status()).toBe(200);
}

for (const [i, lang] of LANGS.entries()) {
  const t = MESSAGES[lang];

  test(`the program adds a slot on a store's screen and deletes it (${lang})`, async ({ page, baseURL }) => {
    const program = await signedInRequest(baseURL!, PROGRAM);
    const store = await torontoStore(program, i);
    const start = lang === 'en' ? '05:10' : '05:20';
    try {
      await login(page, { ...PROGRAM, lang, to: `/program/stores/${store.id}` });
      const s = t.StoreSchedule;
      const form = page.getByRole('form', { name: s.addSlot });
      await form.getByRole('checkbox', { name: s.day2 }).check();
      await form.getByRole('checkbox', { name: s.day4 }).check();
      await form.getByLabel(s.windowStart, { exact: true }).fill(start);
      await form.getByLabel(s.windowEnd, { exact: true }).fill('06:00');
      await form.getByLabel(s.branch, { exact: true }).selectOption({ label: TORONTO });
      await form.getByLabel(s.startsOn, { exact: true }).fill('2026-01-05');
      await form.getByRole('button', { name: s.save }).click();
      await expect(page.getByRole('status')).toContainText(s.saved);
      const added = (await slotsOf(program, store.id)).find((x) => x.windowStart === start);
      expect(added?.weekdays).toEqual([2, 4]);
      const line = page
        .getByRole('listitem')
        .filter({ hasText: fill(s.collector, { branch: TORONTO }) })
        .filter({ hasText: start });
      await expect(line).toHaveCount(1);
      await line.getByRole('button', { name: s.delete }).click();
      await expect(line).toHaveCount(0);
      expect((await slotsOf(program, store.id)).some((x) => x.windowStart === start)).toBe(false);
    } finally {
      await removeSlots(program, store.id, start);
      await program.dispose();
    }
  });

  test(`a schedule file refused by line, applied, then applied again with nothing changed (${lang})`, async ({ page, baseURL }) => {
    const program = await signedInRequest(baseURL!, PROGRAM);
    const store = await torontoStore(program, i);
    const start = lang === 'en' ? '05:30' : '05:40';
    const header = 'Store number,Weekdays,Window start,Window end,Every weeks,Collecting branch,Backup branch,Start date,End date';
    const good = `${store.number},Mon Fri,${start},06:30,1,${TORONTO},,2026-01-05,`;
    const file = (name: string, ...lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from([header, ...lines].join('\n')) });
    const m = t.ProgramImport;
    try {
      await login(page, { ...PROGRAM, lang, to: '/program/stores/schedule-import' });
      const input = page.getByLabel(m.file, { exact: true });
      await input.setInputFiles(file('bad.csv', good, `${store.number},Funday,${start},06:30,1,${TORONTO},,2026-01-05,`));
      await page.getByRole('button', { name: m.preview }).click();
      const problems = page.getByRole('table', { name: m.problems });
      await expect(problems.getByRole('row')).toHaveCount(2);
      await expect(problems).toContainText(fill(t.ScheduleImport.problem_SCHEDULE_BAD_WEEKDAY, { value: 'Funday' }));
      expect((await slotsOf(program, store.id)).some((x) => x.windowStart === start)).toBe(false);

      await input.setInputFiles(file('good.csv', good));
      await page.getByRole('button', { name: m.preview }).click();
      await expect(page.getByText(fill(m.ready, { created: 1, updated: 0 }))).toBeVisible();
      await page.getByRole('button', { name: m.confirm }).click();
      await expect(page.getByText(fill(m.written, { created: 1, updated: 0 }))).toBeVisible();
      expect((await slotsOf(program, store.id)).filter((x) => x.windowStart === start)).toHaveLength(1);

      await input.setInputFiles(file('good-again.csv', good));
      await page.getByRole('button', { name: m.preview }).click();
      await expect(page.getByText(fill(m.ready, { created: 0, updated: 0 }))).toBeVisible();
      expect((await slotsOf(program, store.id)).filter((x) => x.windowStart === start)).toHaveLength(1);
    } finally {
      await removeSlots(program, store.id, start);
      await program.dispose();
    }
  });

  test(`a lead proposes a slot, the program approves it, the lead reads the outcome (${lang})`, async ({ browser, page, baseURL }) => {
    test.skip(!process.env.E2E_EXTRA_USERS, 'the lead is made by e2e/support/prepare-data-dir.sh');
    const program = await signedInRequest(baseURL!, PROGRAM);
    const store = await torontoStore(program, i);
    const start = lang === 'en' ? '04:10' : '04:20';
    const note = `A new Saturday pickup (${lang} ${Date.now().toString(36)})`;
    const p = t.ScheduleProposals;
    const s = t.StoreSchedule;
    try {
      await login(page, { ...LEAD, lang, to: '/pickups' });
      const form = page.getByRole('region', { name: p.title });
      await form.getByLabel(p.store, { exact: true }).selectOption(store.id);
      await form.getByRole('checkbox', { name: s.day6 }).check();
      await form.getByLabel(s.windowStart, { exact: true }).fill(start);
      await form.getByLabel(s.windowEnd, { exact: true }).fill('05:00');
      await form.getByLabel(s.startsOn, { exact: true }).fill('2026-01-03');
      await form.getByLabel(p.note, { exact: true }).fill(note);
      await form.getByRole('button', { name: p.send }).click();
      await expect(page.getByRole('status')).toContainText(p.sent);

      const programPage = await browser.newPage();
      await login(programPage, { ...PROGRAM, lang, to: '/program/requests' });
      const item = programPage.getByRole('listitem').filter({ hasText: note });
      await item.getByRole('button', { name: p.approve }).click();
      await expect(programPage.getByRole('status')).toContainText(p.approved);
      await programPage.close();
      expect((await slotsOf(program, store.id)).filter((x) => x.windowStart === start)).toHaveLength(1);

      await page.reload();
      await expect(page.getByRole('listitem').filter({ hasText: note })).toContainText(p.status_approved);
    } finally {
      await removeSlots(program, store.id, start);
      await program.dispose();
    }
  });

  test(`the reliability screen's total is the API's count of the same month (${lang})`, async ({ page, baseURL }) => {
    const program = await signedInRequest(baseURL!, PROGRAM);
    // Last month: the demo data's past month of pickups (donation-api/demo/demo-pickups.ts).
    const { year, month } = monthsAgo(1);
    const res = await program.get(`/bff/program/reliability?year=${year}&month=${month}&groupBy=branch`);
    expect(res.status(), await res.text()).toBe(200);
    const answer = (await res.json()) as { total: { counts: { scheduled: number } } };
    await program.dispose();
    expect(answer.total.counts.scheduled).toBeGreaterThan(0);
    await login(page, { ...PROGRAM, lang, to: `/program/reliability?period=${year}-${pad(month)}&group=branch` });
    const total = page.getByTestId('reliability-table').getByRole('row').last();
    await expect(total).toContainText(t.Reliability.total);
    // The province column is empty on the total's row; the scheduled count comes next.
    const whole = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA').format(answer.total.counts.scheduled);
    await expect(total.getByRole('cell').nth(1)).toHaveText(whole);
  });
}
