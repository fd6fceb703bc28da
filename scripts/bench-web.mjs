#!/usr/bin/env node
// npm run bench:web: the JavaScript the browser loads (gzip bytes on the wire) for every screen, and the size of its
// document, next to a bare Next page built the same way, plus Lighthouse mobile performance and accessibility scores
// (the main screens by default, every screen with --lighthouse-all).
//
// Env: BENCH_PORT (3199), BENCH_DIST_DIR (.next-bench; built when it has no BUILD_ID, or always with --build),
// BENCH_USER / BENCH_PASSWORD (demo / Demo-2026), BENCH_PROGRAM_USER (program), BENCH_PARTNER_USER (retail), --only=/a,/b, CHROMIUM_PATH (/usr/bin/chromium), --no-lighthouse,
// --scripts (list each page's script files with their gzip size, to see which chunk grew), --runs=N (Lighthouse runs
// per page, 3 by default: the table gives the median performance score, every run's score, and the median run's figures),
// BENCH_LIGHTHOUSE_FLAGS (more Lighthouse flags, e.g. --throttling-method=devtools: throttling applied to a real load
// instead of Lighthouse's simulation from an unthrottled one).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nextEnv from '@next/env';
import { chromium } from '@playwright/test';
import { hostIndex, medianRun } from './bench-web-lighthouse.mjs';
import { FULL_CHROMIUM } from './test-browser.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// .env* as Next loads them (the app it starts reads them too); its database is a scratch folder, said below.
nextEnv.loadEnvConfig(root, false, { info: () => undefined, error: console.error });
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const port = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 3199);
const barePort = port + 1;
const distDir = process.env.BENCH_DIST_DIR ?? process.env.NEXT_DIST_DIR ?? '.next-bench';
// The full browser, as people load the pages (the tests use its headless shell: scripts/test-browser.mjs).
const chromePath = process.env.CHROMIUM_PATH ?? FULL_CHROMIUM;
const user = process.env.BENCH_USER ?? 'demo';
const password = process.env.BENCH_PASSWORD ?? 'Demo-2026';
const programUser = process.env.BENCH_PROGRAM_USER ?? 'program';
const partnerUser = process.env.BENCH_PARTNER_USER ?? 'retail';
const args = new Set(process.argv.slice(2));
// --only=/,/donations/add measures those pages (and the bare page) alone.
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const log = (...a) => console.error('[bench:web]', ...a);

function build(cwd, env) {
  const r = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`next build failed in ${cwd}`);
}

/** Starts a server in its own process group (so the whole tree stops with it). */
function start(cmd, cmdArgs, cwd, env) {
  const child = spawn(cmd, cmdArgs, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: 'ignore',
    detached: true,
  });
  return () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
}

async function waitFor(url, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(url, { redirect: 'manual' });
      if (r.status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

// The throwaway bare app: one server-rendered page, no CSS, no client component.
function makeBareApp() {
  const dir = path.join(root, '.next-bench-bare');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'app'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bare-next', private: true }, null, 2));
  fs.writeFileSync(path.join(dir, 'next.config.mjs'), 'export default { poweredByHeader: false };\n');
  fs.writeFileSync(
    path.join(dir, 'app', 'layout.jsx'),
    'export default function RootLayout({ children }) {\n  return (<html lang="en"><body>{children}</body></html>);\n}\n',
  );
  fs.writeFileSync(path.join(dir, 'app', 'page.jsx'), 'export default function Page() {\n  return <main><h1>Hello</h1></main>;\n}\n');
  return dir;
}

async function signInAs(browser, base, username, secret) {
  const context = await browser.newContext();
  try {
    return await signIn(context, base, username, secret);
  } finally {
    await context.close();
  }
}

async function signIn(context, base, username, secret) {
  const { csrfToken } = await (await context.request.get(`${base}/api/auth/csrf`)).json();
  const res = await context.request.post(`${base}/api/auth/callback/credentials`, {
    form: { csrfToken, username, password: secret, json: 'true', callbackUrl: '/' },
    maxRedirects: 0,
  });
  const cookie = (await context.cookies()).find((c) => c.name.endsWith('session-token'));
  if (!cookie) throw new Error(`sign-in as ${username} failed (HTTP ${res.status()})`);
  return `${cookie.name}=${cookie.value}`;
}

/** A phone-sized browser context, signed in when given the session cookie. */
async function phoneContext(browser, url, cookieHeader) {
  // The service worker's install precaches the build's static files in the background: a one-time download that is
  // not this page's JavaScript, so it is kept out of the measure.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  if (cookieHeader) {
    const [name, ...v] = cookieHeader.split('=');
    // The site's root as the cookie's url: given the page's own url, the cookie's path would be the page's folder
    // (/donations/2026/), and the page's /bff calls would go without it, get a 401 and end on /login.
    await context.addCookies([{ name, value: v.join('='), url: new URL(url).origin }]);
  }
  return context;
}

/**
 * One page load, cache empty: the sum of the encoded (on-the-wire, gzip) sizes of its script responses, and the
 * encoded size of its document (the HTML with the page's React Server Components data inside).
 */
async function pageWeight(browser, url, cookieHeader) {
  const context = await phoneContext(browser, url, cookieHeader);
  const page = await context.newPage();
  const scripts = [];
  // A page that failed a call or ended elsewhere (a 401 sends it to /login) measures the wrong thing: said below.
  const failed = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  let documentBytes = Promise.resolve(0);
  page.on('requestfinished', async (req) => {
    // The last document is the page's own (a redirect's answer comes first).
    if (req.resourceType() === 'document') documentBytes = req.sizes().then((s) => s.responseBodySize);
    if (req.resourceType() !== 'script') return;
    scripts.push(req.sizes().then((s) => ({ url: req.url(), bytes: s.responseBodySize })));
  });
  // Signed-in pages keep a request open now and then (session keep-alive, offline warm-up): wait for the load, then
  // for quiet up to 10 s.
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  const all = await Promise.all(scripts);
  const finalUrl = page.url();
  await context.close();
  if (finalUrl !== url || failed.length) log(`${url}: ended at ${finalUrl}${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
  return { bytes: all.reduce((a, s) => a + s.bytes, 0), count: all.length, finalUrl, scripts: all, documentBytes: await documentBytes };
}

/** The first donation's edit link on a month's page (the edit form needs a real donation of the signed-in user). */
async function firstEditUrl(browser, monthUrl, cookieHeader) {
  const context = await phoneContext(browser, monthUrl, cookieHeader);
  const page = await context.newPage();
  await page.goto(monthUrl);
  const href = await page
    .locator('a[href*="/donations/edit/"]')
    .first()
    .getAttribute('href', { timeout: 10_000 })
    .catch(() => null);
  await context.close();
  return href ? new URL(href, monthUrl).href : null;
}

const kb = (b) => `${(b / 1024).toFixed(1)} kB`;

async function main() {
  const stops = [];
  const stopAll = () => stops.forEach((s) => s());
  process.on('SIGINT', () => (stopAll(), process.exit(130)));
  try {
    if (args.has('--build') || !fs.existsSync(path.join(root, distDir, 'BUILD_ID'))) {
      log(`building the app into ${distDir}…`);
      build(root, { NEXT_DIST_DIR: distDir });
    }
    log('building the bare Next page…');
    const bareDir = makeBareApp();
    build(bareDir, {});

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-bench-'));
    log(`using a scratch embedded PGlite database in ${dataDir}`);
    const base = `http://localhost:${port}`;
    stops.push(
      start(process.execPath, [path.join(root, 'scripts', 'start.mjs')], root, {
        PORT: String(port),
        DATA_DIR: dataDir,
        NEXT_DIST_DIR: distDir,
        NEXTAUTH_URL: base,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      }),
    );
    const bareBase = `http://localhost:${barePort}`;
    // Turbopack's root is this repository (its lockfile), so the bare app's server also loads the app's
    // instrumentation, which validates the environment and opens a database: give it what it asks for. The bare
    // page's browser JavaScript, the figure measured here, is its own.
    const bareData = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-bench-bare-'));
    const bareEnv = {
      NEXTAUTH_SECRET: 'bench-bare-page-secret-of-32-characters',
      DATA_DIR: bareData,
      SEED_DEMO: 'false',
      DATABASE_URL: '',
    };
    stops.push(start(process.execPath, [nextBin, 'start', '-p', String(barePort)], bareDir, bareEnv));
    await Promise.all([waitFor(`${base}/login`), waitFor(`${bareBase}/`)]);

    const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_ARGS });
    // Branch screens signed in as the demo user; the program's screens as the program administrator.
    const cookie = await signInAs(browser, base, user, password);
    const programCookie = await signInAs(browser, base, programUser, password);
    const partnerCookie = await signInAs(browser, base, partnerUser, password);
    const now = new Date();
    const ym = `${now.getFullYear()}/${now.getMonth() + 1}`;
    const editUrl = await firstEditUrl(browser, `${base}/donations/${ym}`, cookie);
    if (!editUrl) log('no donation to edit in this month: the edit form is not measured');
    const pages = [
      { name: 'bare Next 16 page', url: `${bareBase}/`, cookie: null, lighthouse: true },
      { name: '/login', url: `${base}/login`, cookie: null, lighthouse: true },
      { name: '/forgot-password', url: `${base}/forgot-password`, cookie: null },
      { name: '/', url: `${base}/`, cookie, lighthouse: true },
      { name: '/donations/{year}/{month}', url: `${base}/donations/${ym}`, cookie, lighthouse: true },
      { name: '/donations/{year}/{month}/report', url: `${base}/donations/${ym}/report`, cookie },
      { name: '/donations/add', url: `${base}/donations/add`, cookie, lighthouse: true },
      ...(editUrl ? [{ name: '/donations/edit/{id}/{campaignId}', url: editUrl, cookie }] : []),
      { name: '/branch', url: `${base}/branch`, cookie },
      { name: '/branch/people', url: `${base}/branch/people`, cookie },
      { name: '/feedback', url: `${base}/feedback`, cookie },
      { name: '/change-password', url: `${base}/change-password`, cookie },
      { name: '/program', url: `${base}/program`, cookie: programCookie, lighthouse: true },
      { name: '/program/year', url: `${base}/program/year`, cookie: programCookie },
      { name: '/program/totals', url: `${base}/program/totals`, cookie: programCookie },
      { name: '/program/requests', url: `${base}/program/requests`, cookie: programCookie },
      { name: '/program/audit', url: `${base}/program/audit`, cookie: programCookie },
      { name: '/program/partner-report', url: `${base}/program/partner-report`, cookie: programCookie },
      { name: '/program/users', url: `${base}/program/users`, cookie: programCookie },
      { name: '/program/branches', url: `${base}/program/branches`, cookie: programCookie },
      { name: '/program/stores', url: `${base}/program/stores`, cookie: programCookie },
      { name: '/program/queries', url: `${base}/program/queries`, cookie: programCookie },
      { name: '/partner', url: `${base}/partner`, cookie: partnerCookie, lighthouse: true },
      { name: '/partner/lines', url: `${base}/partner/lines`, cookie: partnerCookie },
      { name: '/partner/statements', url: `${base}/partner/statements`, cookie: partnerCookie },
    ].filter((p) => !only || only.some((o) => p.name === o || p.name === 'bare Next 16 page'));
    // Warm each page once (first-hit work on the server is not what a user of a running app sees).
    for (const p of pages) await pageWeight(browser, p.url, p.cookie);
    const rows = [];
    for (const p of pages) {
      const weight = await pageWeight(browser, p.url, p.cookie);
      rows.push({ ...p, ...weight });
    }
    await browser.close();

    // Lighthouse takes about a minute a page on 2 cores: the pages volunteers open most by default, every page
    // with --lighthouse-all.
    const lh = !args.has('--no-lighthouse');
    if (lh)
      for (const r of rows)
        if (r.lighthouse || args.has('--lighthouse-all'))
          r.lh = medianRun(r.url, r.cookie, { runs: RUNS, chromePath, chromeArgs: CHROME_ARGS, log });

    const bare = rows[0].bytes;
    const header = [
      'Page',
      'JS (gzip)',
      'scripts',
      '× bare',
      'document (gzip)',
      ...(lh ? [`LH perf (mobile), median (each of ${RUNS})`, 'LH a11y', 'LCP', 'FCP, TBT, SI, CLS'] : []),
    ];
    const table = [header, header.map(() => '---')];
    for (const r of rows) {
      table.push([
        r.name,
        kb(r.bytes),
        String(r.count),
        (r.bytes / bare).toFixed(2),
        kb(r.documentBytes),
        ...(lh
          ? [r.lh ? `${r.lh.performance} (${r.lh.scores})` : '–', String(r.lh?.accessibility ?? '–'), r.lh?.lcp ?? '–', r.lh?.detail ?? '–']
          : []),
      ]);
    }
    console.log(table.map((row) => `| ${row.join(' | ')} |`).join('\n'));
    for (const r of rows) if (r.lh?.lcpElement) console.log(`LCP element of ${r.name} (median run): ${r.lh.lcpElement}`);
    const index = hostIndex(rows.flatMap((r) => r.lh?.runs ?? []));
    if (index)
      console.log(
        `Lighthouse's benchmark index of this machine: ${index.median} (${index.min}–${index.max}); its simulated phone is this machine slowed 4 times, so compare scores between machines with like indexes only.`,
      );
    if (args.has('--scripts')) {
      for (const r of rows) {
        console.log(`\n${r.name}`);
        for (const s of [...r.scripts].sort((a, b) => b.bytes - a.bytes))
          console.log(`  ${kb(s.bytes).padStart(9)}  ${new URL(s.url).pathname}`);
      }
    }
    console.log(
      `\nNext ${JSON.parse(fs.readFileSync(path.join(root, 'node_modules/next/package.json'), 'utf8')).version}, production builds (next start), Chromium ${spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim()}, empty cache, signed in as ${user} for the branch screens, ${programUser} for the program's and ${partnerUser} for the partner's.`,
    );
  } finally {
    stopAll();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
