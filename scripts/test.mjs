#!/usr/bin/env node
// npm test: every suite. Jest (API, domain; on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set; each file's
// tests in a random order, JEST_SEED=N replays one) runs while the production build is made and the browser tests'
// data folder is seeded; then Playwright in Debian's Chromium, as two shards side by side (each with its own app
// server on a copy of that folder, E2E_PORT 3100 and 3101; the specs split by their recorded times,
// scripts/e2e-shards.mjs), while the release folder is packaged and then smoke-tested. Prints each step's time, then
// one line "N passed, N failed".
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { splitSpecs } from './e2e-shards.mjs';
import { testBrowserPath } from './test-browser.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const reports = path.join(root, 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const started = Date.now();
const timings = [];

/** Runs node (or `command`) with args, each output line prefixed with the step's name (steps run side by side). */
function step(name, args, env = {}, command = process.execPath) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: from }).on('line', (line) => to.write(`[${name}] ${line}\n`));
    }
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - t0) / 1000);
      timings.push({ name, seconds, start: Math.round((t0 - started) / 1000) });
      console.log(`test: ${name} finished in ${seconds} s (exit ${code})`);
      resolve(code);
    });
  });
}

let passed = 0;
let failed = 0;
const problems = [];

function jestCounts(file) {
  if (!fs.existsSync(file)) {
    problems.push('jest wrote no report');
    failed += 1;
    return;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) failed += r.numFailedTestSuites; // a suite that failed to load
  if (r.numTotalTests === 0) problems.push('jest ran no test');
}

/** Adds a Playwright JSON report's counts. Errors outside any test (a web server that did not start, a spec that
 * does not load) are at the top level of the report, not in its stats. */
function playwrightCounts(name, file) {
  if (!fs.existsSync(file)) {
    problems.push(`${name} wrote no report`);
    failed += 1;
    return;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += (s.unexpected ?? 0) + (s.flaky ?? 0); // retries are off: a flaky test is a failure to fix
  const errors = r.errors ?? [];
  for (const e of errors.slice(0, 3)) problems.push(`${name}: ${(e.message ?? String(e)).split('\n')[0]}`);
  if (errors.length > 0 && !s.unexpected) failed += 1;
  if (!s.expected && !s.unexpected) problems.push(`${name} ran no test`);
}

/** Writes each spec's time in this run to e2e/durations.json, which splitSpecs reads. */
function recordDurations() {
  const seconds = {};
  const walk = (suite, file) => {
    const f = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results) seconds[path.basename(f)] = (seconds[path.basename(f)] ?? 0) + r.duration / 1000;
    for (const child of suite.suites ?? []) walk(child, f);
  };
  for (const name of ['playwright-1', 'playwright-2']) {
    const file = path.join(reports, `${name}.json`);
    if (fs.existsSync(file)) for (const suite of JSON.parse(fs.readFileSync(file, 'utf8')).suites ?? []) walk(suite);
  }
  const target = path.join(root, 'e2e', 'durations.json');
  const about = JSON.parse(fs.readFileSync(target, 'utf8')).about;
  const sorted = Object.entries(seconds).sort((a, b) => b[1] - a[1]);
  fs.writeFileSync(
    target,
    `${JSON.stringify({ about, seconds: Object.fromEntries(sorted.map(([f, s]) => [f, Math.round(s)])) }, null, 2)}\n`,
  );
}

const playwright = (name, args, env) => {
  const report = path.join(reports, `${name}.json`);
  return step(name, [bin('@playwright/test', 'cli.js'), 'test', ...args], { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report }).then(() =>
    playwrightCounts(name, report),
  );
};

// Jest runs the tests of each file in a random order, a new one each run, so a test that leans on another's writes
// fails (docs/development.md, "Tests in any order"). The seed is printed (and repeated at the end on a failure) so
// that order can be replayed: JEST_SEED=N npm test, or npm run test:api -- --randomize --seed=N <file>.
const jestSeed = process.env.JEST_SEED ? Number(process.env.JEST_SEED) : randomInt(2 ** 31 - 1);
if (!Number.isSafeInteger(jestSeed)) throw new Error(`JEST_SEED must be a whole number, not ${process.env.JEST_SEED}`);
const jestReport = path.join(reports, 'jest.json');
console.log(`test: jest seed ${jestSeed}`);
const jest = step('jest', [
  '--experimental-vm-modules',
  '--no-warnings',
  bin('jest', 'bin/jest.js'),
  '--randomize',
  `--seed=${jestSeed}`,
  '--showSeed',
  '--json',
  `--outputFile=${jestReport}`,
]).then(() => {
  const before = failed;
  jestCounts(jestReport);
  if (failed > before)
    problems.push(
      `jest failed with seed ${jestSeed}: replay with JEST_SEED=${jestSeed}, or npm run test:api -- --randomize --seed=${jestSeed} <file>`,
    );
});

// The browser tests' data folder (the demo data and the users the browser cannot create), seeded once here, while
// jest runs, instead of once per shard at its start: each shard's app server opens a copy (playwright.config.ts).
const preparedDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-e2e-prepared-'));
const prepared = step('prepare e2e data', ['e2e/support/prepare-data-dir.sh', preparedDataDir], {}, 'sh');

const chromium = testBrowserPath();
console.log(`test: browser ${chromium}`);
if (!fs.existsSync(chromium)) {
  problems.push(
    `Chromium not found at ${chromium}: install it with "apt-get install -y chromium chromium-headless-shell" (or set CHROMIUM_PATH)`,
  );
  failed += 1;
  await jest;
} else if ((await step('build', [bin('next', 'dist/bin/next'), 'build'])) !== 0) {
  problems.push('next build failed');
  failed += 1;
  await jest;
} else {
  // Browser tests after jest: both at once would starve the app servers of the machine's two cores.
  await jest;
  const shardEnv = (await prepared) === 0 ? { E2E_PREPARED_DATA_DIR: preparedDataDir } : {}; // else each shard seeds its own
  const [first, second] = splitSpecs('e2e');
  // The release folder's smoke test starts as soon as the folder is packaged, beside the shards: it waits on its
  // server's starts more than it computes, and at the end, alone, it added its whole length to the run.
  const release = step('package', ['scripts/package.mjs']).then((code) => {
    if (code === 0) return playwright('release-smoke-test', ['--config', 'playwright.release.config.ts']);
    problems.push('npm run package failed');
    failed += 1;
  });
  await Promise.all([
    playwright('playwright-1', first, { ...shardEnv, E2E_PORT: '3100' }),
    playwright('playwright-2', second, { ...shardEnv, E2E_PORT: '3101' }),
    release,
  ]);
  if (process.env.E2E_RECORD_DURATIONS === '1') recordDurations();
}
await prepared;
fs.rmSync(preparedDataDir, { recursive: true, force: true });

console.log('test: steps (start and length, seconds)');
for (const t of timings) console.log(`test:   ${t.name.padEnd(20)} +${String(t.start).padStart(5)}  ${String(t.seconds).padStart(5)}`);
console.log(`test:   ${'total'.padEnd(20)}         ${String(Math.round((Date.now() - started) / 1000)).padStart(5)}`);
for (const p of problems) console.log(`test: ${p}`);
if (problems.some((p) => p.includes('ran no test')) && failed === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
