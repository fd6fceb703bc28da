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
