'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useAppSession } from '@/components/layout/use-app-session';
import { PENDING_HINT } from '@/web/offline/entries';
import { invalidateBrowserQueries } from '@/web/query/browser-client';
import { donationKeys } from '@/web/query/donation-keys';

/** How often waiting entries are tried again while a signed-in page is open, besides on each 'online' event. */
const RETRY_MS = 30_000;

/** Resolves once the service worker controls this page: at once, or when it claims it (clientsClaim in app/sw.ts). */
function controlled(): Promise<void> {
  const sw = navigator.serviceWorker;
  if (sw.controller) return Promise.resolve();
  return new Promise((resolve) => sw.addEventListener('controllerchange', () => resolve(), { once: true }));
}

/** Resolves at the browser's next idle moment (at most `timeout` ms later). Safari has no requestIdleCallback. */
function idle(timeout: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, Math.min(timeout, 1000));
  });
}

/**
 * Resolves after the page's own load and an idle moment. The worker's install downloads the build's files (its
 * precache) and the warm-up fetches three screens: started during the load, they competed with the page's own
 * scripts and data for the network and the main thread, and the first visit painted later.
 */
function afterLoad(): Promise<void> {
  return new Promise((resolve) => {
    const next = () => void idle(3000).then(resolve);
    if (document.readyState === 'complete') next();
    else window.addEventListener('load', next, { once: true });
  });
}

/**
 * Stores the screens a volunteer needs offline, through the worker, unless the installed worker already stored
 * them (app/sw.ts lists those in rfp-pages-stored and empties the list when a new version activates). Each one is
 * a full server render: fetched on every visit, they cost the server three pages more than the page shown. One at a
 * time, each at an idle moment, and only while the browser says it is online.
 */
async function warmPages(urls: string[], live: () => boolean): Promise<void> {
  for (const url of urls) {
    await idle(2000);
    if (!live() || !navigator.onLine) return;
    // The add form is one page whatever its query (the worker falls back to any kept add form offline). Looked up
    // with cacheName, which does not create a missing cache: sign-out may have just deleted them.
    const look = (cacheName: string) => caches.match(url, { cacheName, ignoreSearch: true, ignoreVary: true });
    if ((await look('rfp-pages-stored')) && (await look('rfp-pages'))) continue;
    await fetch(url, { headers: { 'x-rfp-warm': '1' }, credentials: 'same-origin' }).catch(() => undefined);
  }
}

/**
 * Signed-in pages: registers the service worker (after the page's load) (production builds only: `next dev` recompiles
 * on every change), warms the cache with the screens a volunteer needs offline once per installed worker, and sends
 * the outbox on load, whenever the network returns, and every 30 seconds while something waits. The outbox code is imported only when something is waiting.
 */
export function OfflineSupport({ warm }: { warm: string[] }) {
  const { user } = useAppSession();
  const router = useRouter();
  const userId = user?.id ?? '';
  const warmList = warm.join('\n');

  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    const sw = navigator.serviceWorker;
    const claimedNow = !sw.controller;
    let live = true;
    void afterLoad()
      .then(() => (live ? sw.register('/serwist/sw.js', { scope: '/', updateViaCache: 'none' }) : Promise.reject(new Error('left'))))
      .then(() => sw.ready)
      .then(() => controlled())
      .then(async () => {
        // Only a page the worker controls sends its fetches through it. On the first visit after install the page
        // was loaded before the worker took it (clientsClaim): read its data again, through the worker this time,
        // so that this one visit is enough for the screen to open without a network.
        if (!navigator.onLine) return;
        if (claimedNow) await invalidateBrowserQueries();
        await warmPages(warmList.split('\n').filter(Boolean), () => live);
      })
      .catch((err) => live && console.warn('service worker registration failed', err));
    return () => {
      live = false;
    };
  }, [warmList]);

  useEffect(() => {
    if (!userId) return;
    // `retry`: the timer's try, made whatever navigator.onLine says (it can be wrong, and the 'online' event can be
    // missed); without a network the fetch fails at once and the entries keep waiting.
    const sync = (retry = false) => {
      let pending = false;
      try {
        pending = !!localStorage.getItem(PENDING_HINT);
      } catch {
        pending = true;
      }
      if (!pending || (!retry && !navigator.onLine)) return;
      void import('@/web/offline/outbox')
        .then((m) => m.syncOutbox(userId))
        .then(async (r) => {
          if (!r.sent) return;
          // Reports and totals are rendered on the server: render them again with the new rows.
          await invalidateBrowserQueries(donationKeys.all);
          router.refresh();
        })
        .catch((err) => console.warn('outbox sync failed', err));
    };
    const onOnline = () => sync();
    sync();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => sync(true), RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [userId, router]);

  return null;
}
