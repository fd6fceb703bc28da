import { expect, type Page } from '@playwright/test';
import { LANGS, MESSAGES, bffJson, demoMonths, fill, mmddyyyy, rowsOfWeight, sessionUser, stores } from './support/donations';
import { login } from './support/auth';
import { test, type SeenRequest } from './support/network-switch';
import { fillDonation, form } from './support/donation-form';

// Offline, the installable app's service worker: its manifest, the screens it keeps after one visit, the outbox of donations
// added without a network (sent once when it returns, or refused and fixed), and sign-out deleting what it kept. Offline is
// Chromium's offline mode plus a real cut of the browser's way to the app (e2e/support/network-switch.ts), on a phone-sized screen.

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

/** The service worker controls the page, and the month page, its data and its add form are in its cache. */
async function prepareOffline(page: Page, month: string, addHref: string) {
  await page.goto(month);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  // Loaded again under the worker: the page and its /bff reads are kept from now on.
  await page.reload();
  await expect(page.getByTestId('month-picker')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(addHref);
  await expect(form(page, 'en').store).toBeVisible();
  await page.goto(month);
  await expect(page.getByTestId('month-picker')).toBeVisible();
}

test('installable: the manifest names the app in both languages, with icons and a yellow theme', async ({ page }) => {
  await login(page);
  for (const lang of LANGS) {
    const res = await page.request.get(`/manifest.webmanifest?lang=${lang}`);
    expect(res.ok()).toBeTruthy();
    const manifest = await res.json();
    expect(manifest.name).toBe(MESSAGES[lang].App.title);
    expect(manifest.short_name).toBe(MESSAGES[lang].App.shortName);
    expect(manifest.theme_color).toBe('#f5c400');
    expect(manifest.start_url).toBe('/');
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok(), icon.src).toBeTruthy();
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  }
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', /\/manifest\.webmanifest\?lang=en/);
});

test('a donation added offline waits on the device across a reload, then is sent once when the network returns', async ({
  page,
  network,
}) => {
  // A whole volunteer's session (warm-up, offline entry, two reloads, a lost answer, a retry): 44-56 s on a loaded
  // machine, so it gets three times the usual limit.
  test.slow();
  const en = MESSAGES.en;
  await login(page);
  const user = await sessionUser(page);
  const [store] = await stores(page, user.branchId);
  const { open } = demoMonths();
  const month = `/donations/${open.year}/${open.month}`;
  const addHref = `/donations/add?year=${open.year}&month=${open.month}&from=${encodeURIComponent(month)}`;
  await prepareOffline(page, month, addHref);
  // Rows of this weight already there (an earlier run on the same database): exactly one more is expected.
  const before = await rowsOfWeight(page, user.branchId, open, 437);

  // Every create the browser sends, with its Idempotency-Key, as the network (the proxy) sees it.
  const isCreate = (r: SeenRequest) => r.method === 'POST' && /\/bff\/branch\/[^/]+\/donations$/.test(r.path);
  const keys = () =>
    network
      .seen()
      .filter(isCreate)
      .map((r) => r.headers['idempotency-key']);

  await network.offline();
  // The reports and the add form open without a network.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(month);
  await page.getByRole('link', { name: en.MonthPage.addDonation }).click();
  await expect(form(page, 'en').store).toBeVisible();
  await fillDonation(page, 'en', { store: store!, weight: '437' });
  await form(page, 'en').submit.click();

  await expect(page).toHaveURL(new RegExp(`${month}$`));
  const list = page.getByTestId('waiting-list');
  await expect(list.getByRole('heading', { name: fill(en.Offline.waitingTitle, { count: 1 }) })).toBeVisible();
  await expect(list.getByTestId('waiting-status')).toHaveText(en.Offline.statusWaiting);
  await expect(list).toContainText(en.Offline.offlineNote);
  // Sending by hand is offered even offline (navigator.onLine can be wrong); without a network it keeps the entry.
  await list.getByRole('button', { name: en.Offline.sendNow }).click();
  await expect(list.getByTestId('waiting-status')).toHaveText(en.Offline.statusWaiting);

  // Still waiting after a reload without a network, here and on Monthly Reports.
  await page.reload();
  await expect(page.getByTestId('waiting-list').getByTestId('waiting-row')).toHaveCount(1);
  await page.goto('/');
  await expect(page.getByTestId('waiting-list').getByRole('heading', { name: fill(en.Offline.waitingTitle, { count: 1 }) })).toBeVisible();
  await page.goto(month);
  expect(keys()).toEqual([]);

  // The network returns, but the first answer is lost (a gateway timeout) after the server committed the create.
  const answerLost = network.loseAnswer(isCreate);
  await network.online();
  // Sent on the 'online' event, or at the latest by the 30-second retry (Chromium's offline mode sometimes leaves
  // the event out; and both can come, one right after the other); bounded, so that a sync that never starts fails
  // here by name.
  await expect
    .poll(() => keys().length, { message: 'the outbox is sent when the network returns', timeout: 45_000 })
    .toBeGreaterThanOrEqual(1);
  await answerLost;

  // The lost answer leaves the entry waiting; the retry carries the same key, the first answer comes back and no
  // second row is made. The retry is Send now, unless the 30-second retry or a second trigger comes first (then the
  // entry is gone before the click). An entry dropped on the lost answer would never be sent again: one key only.
  const sendNow = page.getByTestId('waiting-list').getByRole('button', { name: en.Offline.sendNow });
  // Done when the retry has gone out and the list is empty: the list alone can be empty for a moment while the page
  // reads the outbox again after the network returns, which passed this step before any retry had been sent.
  await expect(async () => {
    if (await sendNow.isVisible()) await sendNow.click({ timeout: 2_000 });
    expect(keys().length).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('waiting-list')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  const sent = keys();
  expect(sent.length).toBeGreaterThanOrEqual(2);
  expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Set(sent)).toEqual(new Set([sent[0]]));
  expect(await rowsOfWeight(page, user.branchId, open, 437)).toBe(before + 1);
  await expect(page.getByTestId('donation-row').filter({ hasText: '437' })).toHaveCount(before + 1);
});

test('after one online visit the month page and the add form open without a network; downloads are not kept', async ({ page, network }) => {
  const en = MESSAGES.en;
  const { open, previous } = demoMonths();
  const month = `/donations/${open.year}/${open.month}`;
  // The one visit: the sign-in lands on the month page, where the worker installs and takes the page over.
  await login(page, { to: month });
  await expect(page).toHaveURL(new RegExp(`${month}$`));
  const user = await sessionUser(page);
  const b = encodeURIComponent(user.branchId);
  const rows = page.getByTestId('donation-row');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  const kept = (cache: string) =>
    page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), cache);
  await expect.poll(() => kept('rfp-pages')).toEqual(expect.arrayContaining(['/', month, '/donations/add']));
  await expect.poll(() => kept('rfp-data')).toContain(`/bff/branch/${b}/donations/${open.year}/${open.month}`);

  // A whole-year export and a month's PDF go through the worker but are not kept; a read after them is.
  for (const url of [
    `/bff/donation/export?branchId=${b}&year=${open.year}`,
    `/bff/branch/${b}/month-summary/${open.year}/${open.month}/pdf?lang=en`,
  ])
    expect(await page.evaluate(async (u) => (await fetch(u)).status, url), url).toBe(200);
  const later = `/bff/branch/${b}/donations/${previous.year}/${previous.month}`;
  expect(await page.evaluate(async (u) => (await fetch(u)).status, later)).toBe(200);
  await expect.poll(() => kept('rfp-data')).toContain(later);
  expect((await kept('rfp-data')).filter((p) => /\/(?:export|pdf)$/.test(p))).toEqual([]);

  await network.offline();
  await page.goto(month);
  await expect(rows).toHaveCount(count);
  await page.getByRole('link', { name: en.MonthPage.addDonation }).click();
  await expect(page).toHaveURL(/\/donations\/add/);
  await expect(form(page, 'en').store).toBeEnabled();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.Header.titles.monthlyReports);
  await network.online();
});

test('a refusal on sync is shown on its entry, which can be fixed in the form', async ({ page, context, network, browser, baseURL }) => {
  const en = MESSAGES.en;
  await login(page);
  const user = await sessionUser(page);
  const [store] = await stores(page, user.branchId);
  const { open, previous } = demoMonths();
  const month = `/donations/${previous.year}/${previous.month}`;
  const addHref = `/donations/add?year=${previous.year}&month=${previous.month}&from=${encodeURIComponent(month)}`;
  await prepareOffline(page, month, addHref);

  await network.offline();
  await page.goto(addHref);
  await fillDonation(page, 'en', { store: store!, weight: '512', date: mmddyyyy(previous.year, previous.month, 5) });
  await form(page, 'en').submit.click();
  await expect(page.getByTestId('waiting-list').getByTestId('waiting-row')).toHaveCount(1);

  // Meanwhile, someone submits that month from another device (one with a network: not this browser's context).
  // Node's fetch: Playwright's request contexts would take the browser's way, which is cut.
  const cookie = (await context.cookies(baseURL)).map((c) => `${c.name}=${c.value}`).join('; ');
  const submitted = await fetch(`${baseURL}/bff/branch/submit`, {
    method: 'POST',
    headers: { cookie, origin: new URL(baseURL!).origin, 'content-type': 'application/json' },
    body: JSON.stringify({ branchId: user.branchId, year: previous.year, month: previous.month, comments: null }),
  });
  expect(submitted.ok, await submitted.text()).toBeTruthy();
  await network.online();
  const row = page.getByTestId('waiting-list').getByTestId('waiting-row');
  await expect(row.getByTestId('waiting-status')).toHaveText(fill(en.Offline.statusRefused, { reason: en.Errors.MONTH_ALREADY_SUBMITTED }));
  expect(await rowsOfWeight(page, user.branchId, previous, 512)).toBe(0);

  // Fix: the form opens with what was typed and the reason; moved to the open month, it is saved.
  await row.getByRole('link', { name: new RegExp(`^${en.Offline.fix}`) }).click();
  await expect(page.getByTestId('draft-notice')).toContainText(en.Errors.MONTH_ALREADY_SUBMITTED);
  const f = form(page, 'en');
  await expect(f.weight).toHaveValue('512');
  await f.date.fill(mmddyyyy(open.year, open.month, 1));
  await f.submit.click();
  await expect(page).toHaveURL(new RegExp(`${month}$`));
  await expect(page.getByTestId('waiting-list')).toHaveCount(0);
  expect(await rowsOfWeight(page, user.branchId, open, 512)).toBe(1);

  // Leave the month as the demo data has it, pending (later specs read last month as overdue): the program
  // administrator reopens it.
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await login(adminPage, { username: 'program' });
  await bffJson(adminPage, 'POST', `/program/branches/${user.branchId}/${previous.year}/${previous.month}/reopen`, {
    reason: 'e2e: undo the submit made by the offline refusal test',
  });
  await admin.close();
});

test('sign-out deletes the cached pages and data: offline, nothing of the last user opens', async ({ page, network }) => {
  const en = MESSAGES.en;
  await login(page);
  const { open } = demoMonths();
  const month = `/donations/${open.year}/${open.month}`;
  await prepareOffline(page, month, `/donations/add?year=${open.year}&month=${open.month}&from=${encodeURIComponent(month)}`);
  const cached = () => page.evaluate(async () => [await caches.has('rfp-pages'), await caches.has('rfp-data')]);
  expect(await cached()).toEqual([true, true]);

  await page.getByRole('button', { name: en.Header.menu }).click();
  await page.getByRole('dialog').getByRole('button', { name: en.Header.logOut }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(cached).toEqual([false, false]);

  await network.offline();
  await expect(page.goto(month)).rejects.toThrow();
  await network.online();
});
