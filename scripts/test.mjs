#!/usr/bin/env node
// npm test: every suite. Jest (API, domain; on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set),
// then a production build and Playwright in Debian's Chromium, then the release folder (npm run package) with a
// browser smoke test. Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const reports = path.join(root, 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const run = (args, env = {}) => spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status;

let passed = 0;
let failed = 0;
const problems = [];

// 1. Jest
const jestReport = path.join(reports, 'jest.json');
run(['--experimental-vm-modules', '--no-warnings', bin('jest', 'bin/jest.js'), '--json', `--outputFile=${jestReport}`]);
if (fs.existsSync(jestReport)) {
  const r = JSON.parse(fs.readFileSync(jestReport, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) {
    failed += r.numFailedTestSuites; // a suite that failed to run counts as a failure
  }
  if (r.numTotalTests === 0) problems.push('jest ran no test');
} else {
  problems.push('jest wrote no report');
  failed += 1;
}

// 2. Production build, then Playwright against it
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  problems.push(`Chromium not found at ${chromium}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`);
  failed += 1;
} else if (run([bin('next', 'dist/bin/next'), 'build']) !== 0) {
  problems.push('next build failed');
  failed += 1;
} else {
  playwright('playwright', []);
  // 3. The release folder (npm run package, from the build above) started with node server.js: a browser smoke test.
  if (run(['scripts/package.mjs']) !== 0) {
    problems.push('npm run package failed');
    failed += 1;
  } else playwright('release smoke test', ['--config', 'playwright.release.config.ts']);
}

/** Runs Playwright and adds its counts. Errors outside any test (a web server that did not start, a spec that
 * does not load) are at the top level of the JSON report, not in its stats. */
function playwright(name, args) {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  run([bin('@playwright/test', 'cli.js'), 'test', ...args], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  if (!fs.existsSync(report)) {
    problems.push(`${name} wrote no report`);
    failed += 1;
    return;
  }
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  const s = r.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  const errors = r.errors ?? [];
  for (const e of errors.slice(0, 3)) problems.push(`${name}: ${(e.message ?? String(e)).split('\n')[0]}`);
  if (errors.length > 0 && !s.unexpected) failed += 1;
  if (!s.expected && !s.unexpected) problems.push(`${name} ran no test`);
}

for (const p of problems) console.log(`test: ${p}`);
if (problems.some((p) => p.includes('ran no test')) && failed === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
