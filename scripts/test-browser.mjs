// The browser the tests drive. Debian's chromium-headless-shell is the same Chromium build without the desktop
// browser around it (no window system, no profile services): Playwright's own default for headless runs, and about
// 40 % less CPU per test on two cores (docs/decisions/0013-headless-shell-for-tests.md). Without it, the full
// Chromium. CHROMIUM_PATH names another one.
import fs from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

export function testBrowserPath(env = process.env) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
