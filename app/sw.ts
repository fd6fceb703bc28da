/// <reference lib="webworker" />
// The service worker (Serwist), bundled by esbuild in app/serwist/[path]/route.ts. The build's static files are
// precached; the screens a volunteer needs offline (Monthly Reports, a month, Add donation) and the /bff data they
// read are kept from the last visit (network first). Those two caches hold a user's data: the app deletes them at
// sign-out and on the sign-in page (web/offline/caches.ts), so another user never sees them. Anything else (every
// POST/PUT/DELETE, the sign-in pages) is not answered here and goes to the network as if there were no worker.
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type SerwistGlobalConfig,
} from 'serwist';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

// Keep in step with web/offline/caches.ts.
const PAGES = 'rfp-pages';
const DATA = 'rfp-data';
// One empty entry per page this installed worker has stored in PAGES. The page's warm-up (OfflineSupport) fetches only
// the screens missing here, so it runs once per installed version instead of on every visit; a new worker empties it
// on activation, since pages stored by the last version name that build's scripts.
const STORED = 'rfp-pages-stored';
// The screens that open offline (docs/product.md, Common elements); any other page (sign-in, …) needs the network.
// Downloads under /bff/ (…/export of donations, oversight and the partner report, …/pdf of a month): never cached.
const DOWNLOAD = /\/(?:export|pdf)$/;
const OFFLINE_PAGES = [/^\/$/, /^\/donations\/\d{4}\/\d{1,2}$/, /^\/donations\/add$/, /^\/donations\/edit\/[^/]+\/[^/]+$/];

const pages = new NetworkFirst({
  cacheName: PAGES,
  // A weak signal on the loading dock: after 8 s the last copy is shown rather than a blank page.
  networkTimeoutSeconds: 8,
  // Next's answers vary on its router headers; a cached page is the same document for a plain navigation.
  matchOptions: { ignoreVary: true },
  plugins: [
    new ExpirationPlugin({ maxEntries: 48, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    {
      // Only a real page is kept (a redirect to /login is not), and an add form opened offline from another month
      // falls back to any add form kept: its stores and categories are the same.
      cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null),
      cacheDidUpdate: async ({ request }) => {
        await (await caches.open(STORED)).put(request.url, new Response(''));
      },
      handlerDidError: async ({ request }) => {
        const url = new URL(request.url);
        if (url.pathname !== '/donations/add') return undefined;
        const cache = await caches.open(PAGES);
        return (await cache.match(request, { ignoreSearch: true, ignoreVary: true })) ?? undefined;
      },
    },
  ],
});

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      // Page loads of the offline screens, and the app's own warm-up fetches of them (header x-rfp-warm).
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin &&
        request.method === 'GET' &&
        (request.mode === 'navigate' || request.headers.get('x-rfp-warm') === '1') &&
        OFFLINE_PAGES.some((r) => r.test(url.pathname)),
      handler: pages,
    },
    {
      // What those screens read from the browser: the month's donations, whether it is submitted, stores, categories.
      // Not the files a user downloads (whole-year exports, PDFs): large, not needed offline, and each would
      // push the screens' data out of the cache.
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.method === 'GET' && url.pathname.startsWith('/bff/') && !DOWNLOAD.test(url.pathname),
      handler: new NetworkFirst({
        cacheName: DATA,
        networkTimeoutSeconds: 8,
        plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_next/static/'),
      handler: new CacheFirst({ cacheName: 'rfp-static' }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && /\.(?:png|svg|jpg|webp|ico)$/.test(url.pathname),
      handler: new StaleWhileRevalidate({ cacheName: 'rfp-images', plugins: [new ExpirationPlugin({ maxEntries: 32 })] }),
    },
  ],
});

serwist.addEventListeners();
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(STORED)));
