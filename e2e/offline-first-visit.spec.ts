import { expect } from '@playwright/test';
import { loginByApi } from './support/auth';
import { demoMonths } from './support/donations';
import { test, type SeenRequest } from './support/network-switch';

// The first visit of a new device: the page renders once, alone, and only once the browser is idle after its load does
// the service worker install and the app fetch the screens offline entry needs (components/offline/offline-support.tsx).
// Each of those is a whole server render: fetched during the load they competed with the page's own scripts and data.
// The browser goes through the proxy of e2e/support/network-switch.ts, which notes when each request reached it.

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

/** A server render of a page: a navigation, or the app's warm-up fetch of one (header x-rfp-warm); not Next's RSC reads. */
const isPageRender = (r: SeenRequest) =>
  r.method === 'GET' &&
  !r.headers['rsc'] &&
  (r.headers['sec-fetch-dest'] === 'document' || r.headers['x-rfp-warm'] === '1') &&
  !/^\/(?:_next|bff|api|serwist)\//.test(r.path);

test('a first visit renders only its page until the browser is idle after the load, then the offline screens, once each', async ({
  page,
  network,
}) => {
  const { open } = demoMonths();
  const month = `/donations/${open.year}/${open.month}`;
  // Signed in over HTTP: the visit below is the device's first page load.
  await loginByApi(page.context().request);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const loaded = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return performance.timeOrigin + nav.loadEventEnd;
  });
  expect(loaded, 'the page has loaded').toBeGreaterThan(0);

  // Until the load event: the page itself, no warm-up, and not even the service worker's script.
  const duringLoad = network.seen().filter((r) => r.at <= loaded);
  expect(duringLoad.filter(isPageRender).map((r) => r.path)).toEqual(['/']);
  expect(duringLoad.filter((r) => r.headers['x-rfp-warm'] === '1')).toEqual([]);
  expect(duringLoad.filter((r) => r.path.startsWith('/serwist/'))).toEqual([]);

  // Then, at idle moments, the screens offline entry needs, each once: Monthly Reports (loaded before the worker took
  // the page, so not yet kept), the current month and its add form.
  const warmed = () =>
    network
      .seen()
      .filter((r) => r.headers['x-rfp-warm'] === '1')
      .map((r) => r.path)
      .sort();
  await expect.poll(warmed, { timeout: 30_000 }).toEqual(['/', '/donations/add', month].sort());
  expect(network.seen().filter((r) => r.headers['x-rfp-warm'] === '1' && r.at <= loaded)).toEqual([]);
  const kept = () => page.evaluate(async () => (await (await caches.open('rfp-pages')).keys()).map((r) => new URL(r.url).pathname).sort());
  await expect.poll(kept).toEqual(['/', '/donations/add', month].sort());
  // The visit's server cost: the page and the three it keeps, no more.
  expect(network.seen().filter(isPageRender)).toHaveLength(4);
});
