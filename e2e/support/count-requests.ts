// Counting the requests a page sends, for the specs that check one action sends one request (or none).
import type { Page } from '@playwright/test';

/** Counts the requests of one method to a BFF path (a pattern over the URL). */
export function countRequests(page: Page, method: string, url: RegExp) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && url.test(r.url())) seen.push(r.url());
  });
  return seen;
}

/** Every write (any method but GET and HEAD) the page sends to the API through /bff, as "METHOD /bff/path". */
export function apiWrites(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['GET', 'HEAD'].includes(r.method()) && url.pathname.startsWith('/bff/')) seen.push(`${r.method()} ${url.pathname}`);
  });
  return seen;
}
