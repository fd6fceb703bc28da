#!/usr/bin/env node
// npm test: every suite. Jest (API, domain; on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set),
// then a production build and Playwright in Debian's Chromium. Ends with one line "N passed, N failed".
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
  const pwReport = path.join(reports, 'playwright.json');
  run([bin('@playwright/test', 'cli.js'), 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport });
  if (fs.existsSync(pwReport)) {
    const s = JSON.parse(fs.readFileSync(pwReport, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    if (!s.expected && !s.unexpected) problems.push('playwright ran no test');
    if (s.unexpected === 0 && (s.errors?.length ?? 0) > 0) failed += 1;
  } else {
    problems.push('playwright wrote no report');
    failed += 1;
  }
}

for (const p of problems) console.log(`test: ${p}`);
if (problems.some((p) => p.includes('ran no test')) && failed === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
