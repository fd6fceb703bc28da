// Which Chromium the browser tests drive. Debian builds Chromium's headless shell (package chromium-headless-shell)
// beside the full browser: the same Blink and V8 without the browser's own interface processes. Over the same specs
// it used about 40 % less CPU than the full browser in headless mode (118 against 191 CPU seconds), and the browser
// is about three quarters of a browser test run's CPU. The full browser still runs them when the shell is missing;
// CHROMIUM_PATH names another one.
import fs from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** The browser executable for Playwright: CHROMIUM_PATH, else Debian's headless shell, else Debian's Chromium. */
export function testChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
