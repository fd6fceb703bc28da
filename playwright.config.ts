import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { e2eSsoSetup } from './e2e/support/sso-env';
import { SSO_SPECS } from './scripts/e2e-shards.mjs';
import { testBrowserPath } from './scripts/test-browser.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// A fresh embedded database for every run: the demo data plus users the browser cannot create (no branch,
// workplace), made once here in the main process; workers inherit E2E_DATA_DIR and skip this.
if (!process.env.E2E_DATA_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-e2e-'));
  // npm test seeds one folder for both shards while jest runs (scripts/test.mjs): a copy of it is the same start.
  if (process.env.E2E_PREPARED_DATA_DIR) fs.cpSync(process.env.E2E_PREPARED_DATA_DIR, dir, { recursive: true });
  else execFileSync('sh', ['e2e/support/prepare-data-dir.sh', dir], { stdio: 'inherit' });
  process.env.E2E_DATA_DIR = dir;
  // A copy for e2e/fuzz-surfaces.spec.ts, which starts a server of its own to read its log: made now, before the
  // main server opens (and locks) the folder.
  process.env.E2E_FUZZ_DATA_DIR = `${dir}-fuzz`;
  fs.cpSync(dir, process.env.E2E_FUZZ_DATA_DIR, { recursive: true });
  process.env.E2E_EXTRA_USERS = '1';
}
const dataDir = process.env.E2E_DATA_DIR;
// Single sign-on and embedded-mode specs: a second app on its own fresh database, configured with the local
// identity providers and SMTP peer that scripts/e2e-issuers.ts runs (see e2e/support/sso-env.ts).
// Started only when the run includes those specs (all specs, or one of them named), so other runs stay lean.
const sso = e2eSsoSetup(port);
const named = process.argv.filter((a) => /\.spec\.ts$|^e2e\//.test(a));
const withSso = process.env.E2E_SSO !== '0' && (named.length === 0 || named.some((a) => SSO_SPECS.test(a)));
if (withSso) process.env.E2E_SSO_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-e2e-sso-'));

export default defineConfig({
  testDir: './e2e',
  // The release folder's smoke test has its own configuration (playwright.release.config.ts).
  testIgnore: ['release/**'],
  // Per port, so that runs side by side (E2E_PORT) never delete each other's traces.
  outputDir: port === 3100 ? './test-results' : `./test-results-${port}`,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? `reports/playwright-${port}.json` }]],
  use: {
    baseURL,
    // A click or a fill waits at most this long for its element, so a stuck step fails there, with its name,
    // instead of as the test's timeout with no step to look at.
    actionTimeout: 30_000,
    // A failed test keeps its trace: each action's DOM snapshot, the network, the console (and the failure's
    // screenshot below). Not its film strip: recording it in every test that passes cost 13 % of a run's CPU (two
    // specs, two rounds each, 246 s against 214 s on a 2-core machine), in Chromium's GPU process.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The app's service worker answers page loads and /bff reads, which page.route() would then not see; only
    // the offline specs (e2e/offline-service-worker.spec.ts, e2e/offline-drafts.spec.ts), which test the worker, allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: testBrowserPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node scripts/start.mjs',
      url: `${baseURL}/login`,
      timeout: 180_000,
      reuseExistingServer: false,
      // The tests act as one trusted proxy: each sets the x-forwarded-for it wants the limits to see. The hourly
      // reminder job is off: firing at the top of an hour during a run, it would send the reminders a test sends by
      // hand (the schedule itself is tested in jest, on an injected clock).
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        NEXTAUTH_URL: baseURL,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        TRUSTED_PROXY_HOPS: '1',
        REMINDERS_CRON: 'off',
      },
    },
    ...(withSso
      ? [
          { command: 'node --import tsx scripts/e2e-issuers.ts', url: `${sso.controlUrl}/`, timeout: 30_000, reuseExistingServer: false },
          {
            command: 'node scripts/start.mjs',
            url: `${sso.appOrigin}/login`,
            timeout: 180_000,
            reuseExistingServer: false,
            env: { ...sso.env, DATA_DIR: process.env.E2E_SSO_DATA_DIR!, TRUSTED_PROXY_HOPS: '1' },
          },
        ]
      : []),
  ],
});
