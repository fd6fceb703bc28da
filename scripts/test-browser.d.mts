/** Debian's Chromium headless shell (see test-browser.mjs). */
export const HEADLESS_SHELL: string;
/** Debian's full Chromium. */
export const FULL_CHROMIUM: string;
/** The browser executable for Playwright: CHROMIUM_PATH, else the headless shell, else the full Chromium. */
export function testChromium(): string;
