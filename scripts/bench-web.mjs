#!/usr/bin/env node
// npm run bench:web: the JavaScript the browser loads (gzip bytes on the wire) for /login, / and /donations/add,
// next to a bare Next page built the same way, plus Lighthouse mobile performance and accessibility scores.
//
// Env: BENCH_PORT (3199), BENCH_DIST_DIR (.next-bench; built when it has no BUILD_ID, or always with --build),
// BENCH_USER / BENCH_PASSWORD (demo / Demo-2026), CHROMIUM_PATH (/usr/bin/chromium), --no-lighthouse,
// --scripts (list each page's script files with their gzip size, to see which chunk grew).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const port = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 3199);
const barePort = port + 1;
const distDir = process.env.BENCH_DIST_DIR ?? process.env.NEXT_DIST_DIR ?? '.next-bench';
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const user = process.env.BENCH_USER ?? 'demo';
const password = process.env.BENCH_PASSWORD ?? 'Demo-2026';
const args = new Set(process.argv.slice(2));
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const log = (...a) => console.error('[bench:web]', ...a);

function build(cwd, env) {
  const r = spawnSync(process.execPath, [nextBin, 'build'], { cwd, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`next build failed in ${cwd}`);
}

/** Starts a server in its own process group (so the whole tree stops with it). */
function start(cmd, cmdArgs, cwd, env) {
  const child = spawn(cmd, cmdArgs, { cwd, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env }, stdio: 'ignore', detached: true });
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
  fs.writeFileSync(path.join(dir, 'app', 'layout.jsx'), 'export default function RootLayout({ children }) {\n  return (<html lang="en"><body>{children}</body></html>);\n}\n');
  fs.writeFileSync(path.join(dir, 'app', 'page.jsx'), 'export default function Page() {\n  return <main><h1>Hello</h1></main>;\n}\n');
  return dir;
}

async function signIn(context, base) {
  const { csrfToken } = await (await context.request.get(`${base}/api/auth/csrf`)).json();
  const res = await context.request.post(`${base}/api/auth/callback/credentials`, {
    form: { csrfToken, username: user, password, json: 'true', callbackUrl: '/' },
    maxRedirects: 0,
  });
  const cookie = (await context.cookies()).find((c) => c.name.endsWith('session-token'));
  if (!cookie) throw new Error(`sign-in as ${user} failed (HTTP ${res.status()})`);
  return `${cookie.name}=${cookie.value}`;
}

/** Sum of the encoded (on-the-wire, gzip) sizes of the script responses of one page load, cache empty. */
async function scriptBytes(browser, url, cookieHeader) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (cookieHeader) {
    const [name, ...v] = cookieHeader.split('=');
    await context.addCookies([{ name, value: v.join('='), url }]);
  }
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', async (req) => {
    if (req.resourceType() !== 'script') return;
    scripts.push(req.sizes().then((s) => ({ url: req.url(), bytes: s.responseBodySize })));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const all = await Promise.all(scripts);
  const finalUrl = page.url();
  await context.close();
  return { bytes: all.reduce((a, s) => a + s.bytes, 0), count: all.length, finalUrl, scripts: all };
}

function lighthouse(url, cookieHeader) {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const lhArgs = ['-y', 'lighthouse@12', url, `--chrome-path=${chromePath}`, `--chrome-flags=--headless=new ${CHROME_ARGS.join(' ')}`,
    '--only-categories=performance,accessibility', '--output=json', `--output-path=${out}`, '--quiet'];
  if (cookieHeader) lhArgs.push(`--extra-headers=${JSON.stringify({ Cookie: cookieHeader })}`);
  const r = spawnSync('npx', lhArgs, { encoding: 'utf8', env: { ...process.env, CHROME_PATH: chromePath }, timeout: 180_000 });
  if (r.status !== 0 || !fs.existsSync(out)) {
    log(`lighthouse failed for ${url}: ${(r.stderr || '').split('\n').slice(-3).join(' ')}`);
    return null;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out, { force: true });
  const c = report.categories;
  return { performance: Math.round(c.performance.score * 100), accessibility: Math.round(c.accessibility.score * 100), lcp: report.audits['largest-contentful-paint']?.displayValue };
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
    const base = `http://localhost:${port}`;
    stops.push(start(process.execPath, [path.join(root, 'scripts', 'start.mjs')], root, { PORT: String(port), DATA_DIR: dataDir, NEXT_DIST_DIR: distDir, NEXTAUTH_URL: base, LOG_LEVEL: 'warn', DATABASE_URL: '' }));
    const bareBase = `http://localhost:${barePort}`;
    stops.push(start(process.execPath, [nextBin, 'start', '-p', String(barePort)], bareDir, {}));
    await Promise.all([waitFor(`${base}/login`), waitFor(`${bareBase}/`)]);

    const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_ARGS });
    const authContext = await browser.newContext();
    const cookie = await signIn(authContext, base);
    await authContext.close();

    const pages = [
      { name: 'bare Next 16 page', url: `${bareBase}/`, cookie: null },
      { name: '/login', url: `${base}/login`, cookie: null },
      { name: '/', url: `${base}/`, cookie },
      { name: '/donations/add', url: `${base}/donations/add`, cookie },
    ];
    // Warm each page once (first-hit work on the server is not what a user of a running app sees).
    for (const p of pages) await scriptBytes(browser, p.url, p.cookie);
    const rows = [];
    for (const p of pages) {
      const js = await scriptBytes(browser, p.url, p.cookie);
      rows.push({ ...p, ...js });
    }
    await browser.close();

    const lh = !args.has('--no-lighthouse');
    if (lh) for (const r of rows) r.lh = lighthouse(r.url, r.cookie);

    const bare = rows[0].bytes;
    const header = ['Page', 'JS (gzip)', 'scripts', '× bare', ...(lh ? ['LH perf (mobile)', 'LH a11y', 'LCP'] : [])];
    const table = [header, header.map(() => '---')];
    for (const r of rows) {
      table.push([r.name, kb(r.bytes), String(r.count), (r.bytes / bare).toFixed(2), ...(lh ? [String(r.lh?.performance ?? 'n/a'), String(r.lh?.accessibility ?? 'n/a'), r.lh?.lcp ?? 'n/a'] : [])]);
    }
    console.log(table.map((row) => `| ${row.join(' | ')} |`).join('\n'));
    if (args.has('--scripts')) {
      for (const r of rows) {
        console.log(`\n${r.name}`);
        for (const s of [...r.scripts].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(s.bytes).padStart(9)}  ${new URL(s.url).pathname}`);
      }
    }
    console.log(`\nNext ${JSON.parse(fs.readFileSync(path.join(root, 'node_modules/next/package.json'), 'utf8')).version}, production builds (next start), Chromium ${spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim()}, empty cache, signed in as ${user} for / and /donations/add.`);
  } finally {
    stopAll();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
