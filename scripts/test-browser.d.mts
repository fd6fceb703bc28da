/** Debian's headless shell of Chromium, which the tests use when it is installed (see test-browser.mjs). */
export const HEADLESS_SHELL: string;
/** Debian's full Chromium, the tests' browser when the headless shell is missing. */
export const FULL_CHROMIUM: string;
/** The browser the tests drive: CHROMIUM_PATH, else the headless shell when installed, else the full Chromium. */
export function testBrowserPath(env?: NodeJS.ProcessEnv): string;
