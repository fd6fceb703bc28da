// Playwright's `test` for every spec of this suite: the one place that adds what every test needs.
import { test as base, expect, type BrowserContext } from '@playwright/test';

/**
 * A context a test opens itself (`browser.newContext()`: a second user, a language, a fresh device) is closed when
 * the test ends, whether or not the test closed it. The browser lives for the whole worker, so a context left open
 * keeps its pages running (their timers, their session checks, their memory) through every later test of the run;
 * one CI run had 23 such pages open by the time a test timed out.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set<BrowserContext>(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});
export { expect };
