import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testBrowserPath } from './scripts/test-browser.mjs';

// Smoke test of the release folder (npm run package): `node server.js` in that folder, as an operator starts it,
// on a fresh embedded database, in production mode with its own secret. npm test runs it beside the browser shards.
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { name: string; version: string };
const releaseDir = path.resolve(process.env.RELEASE_DIR ?? path.join('release', `${pkg.name}-${pkg.version}`));
const port = Number(process.env.E2E_PORT ?? 3100) + 7;
const baseURL = `http://127.0.0.1:${port}`;
process.env.E2E_RELEASE_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-release-'));
// For e2e/release/env-file.spec.ts, which starts the folder a second time with only a .env.production.local.
process.env.E2E_RELEASE_DIR = releaseDir;

export default defineConfig({
  testDir: './e2e/release',
  // Not inside ./test-results: it runs beside the first shard, whose folder that is.
  outputDir: './test-results-release',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'reports/playwright-release.json' }]],
  use: {
    baseURL,
    launchOptions: {
      executablePath: testBrowserPath(),
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node server.js',
    cwd: releaseDir,
    url: `${baseURL}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DATA_DIR: process.env.E2E_RELEASE_DATA_DIR,
      NEXTAUTH_URL: baseURL,
      NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
      DATABASE_URL: '',
      // Production creates no demo users unless asked; the smoke test signs in as one.
      SEED_DEMO: 'true',
      // ...and says it is a demo: a production server refuses to start while an account has the published password.
      DEMO_IN_PRODUCTION: 'yes-this-is-a-demo',
      LOG_LEVEL: 'warn',
    },
  },
});
