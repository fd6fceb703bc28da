// The servers and builds bench:http starts (scripts/bench-http.ts).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { LoginAnswer } from '../lib/domain/user-answers';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

export function log(msg: string) {
  console.error(`[bench:http ${new Date().toISOString().slice(11, 19)}] ${msg}`);
}

function nextBuild(cwd: string, env: Record<string, string>) {
  const r = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`next build failed in ${cwd}`);
}

/** The app's production build in distDir, made when there is none (BENCH_BUILD=1 forces it). */
export function buildApp(distDir: string) {
  if (process.env.BENCH_BUILD !== '1' && fs.existsSync(path.join(root, distDir, 'BUILD_ID'))) return;
  log(`building the app into ${distDir}…`);
  nextBuild(root, { NEXT_DIST_DIR: distDir });
}

// The app's proxy.ts without its routing: a fresh nonce, the policy on the request (where Next reads the nonce for its
// own scripts) and on the response.
const BARE_NONCE_PROXY = `import { NextResponse } from 'next/server';
export function proxy(request) {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const csp = \`default-src 'self'; script-src 'self' 'nonce-\${nonce}' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'\`;
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', csp);
  return response;
}
export const config = { matcher: ['/((?!_next/).*)'] };
`;

/**
 * A throwaway Next 16 app with one server-rendered page and nothing else: the floor of a page. With `nonceProxy`, the
 * same page behind a proxy that gives every request a nonce and a Content-Security-Policy naming it, as the app's own
 * proxy does (proxy.ts): the fair floor of a page that must render per request to carry its nonce.
 */
export function buildBareNext({ nonceProxy = false } = {}): string {
  const dir = path.join(root, nonceProxy ? '.next-bench-bare-http-csp' : '.next-bench-bare-http');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'app'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bare-next', private: true }, null, 2));
  fs.writeFileSync(path.join(dir, 'next.config.mjs'), 'export default { poweredByHeader: false };\n');
  fs.writeFileSync(
    path.join(dir, 'app', 'layout.jsx'),
    'export default function RootLayout({ children }) {\n  return (<html lang="en"><body>{children}</body></html>);\n}\n',
  );
  fs.writeFileSync(
    path.join(dir, 'app', 'page.jsx'),
    'export const dynamic = "force-dynamic";\nexport default function Page() {\n  return <main><h1>Hello</h1></main>;\n}\n',
  );
  if (nonceProxy) fs.writeFileSync(path.join(dir, 'proxy.js'), BARE_NONCE_PROXY);
  log(`building the bare Next page${nonceProxy ? ' behind a nonce-CSP proxy' : ''}…`);
  // With webpack: Turbopack's root would be this repository (its lockfile), and the bare server would load the app's
  // instrumentation and proxy, which are not part of a bare page's floor.
  const r = spawnSync(process.execPath, [nextBin, 'build', '--webpack'], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`next build failed in ${dir}`);
  return dir;
}

/**
 * Starts a server in its own process group; the answer stops the whole tree and waits for it to end. Its `pid` is the
 * group's id, whose CPU time the visit scenario reads (scripts/bench-http-visit.ts).
 */
export function start(cmd: string, args: string[], env: Record<string, string>, cwd = root): (() => Promise<void>) & { pid: number } {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([ended, new Promise((r) => setTimeout(r, 15_000))]);
  };
  return Object.assign(stop, { pid: child.pid! });
}

export async function waitFor(url: string, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { redirect: 'manual' })).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/** Drops and creates the database of `url`, then seeds the demo data into it (npm run seed); answers the url. */
export async function freshPostgres(url: string): Promise<string> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'seed.ts')], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('seeding PostgreSQL failed');
  return url;
}

/** Each live process's id, process group and CPU time so far in clock ticks (user + system), from /proc/<pid>/stat. */
export function* processCpuTicks(): Generator<{ pid: number; pgrp: number; ticks: number }> {
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
    } catch {
      continue; // the process ended between the listing and the read
    }
    // Fields after the command's closing parenthesis: state(3) ppid pgrp … utime(14) stime(15).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    yield { pid: Number(d), pgrp: Number(f[2]), ticks: Number(f[11]) + Number(f[12]) };
  }
}

const TICK_MS = 1000 / 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux.

/** User + system CPU time (ms) of every live process in the process group `pgid`. */
export function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const p of processCpuTicks()) if (p.pgrp === pgid) ticks += p.ticks;
  return ticks * TICK_MS;
}

/** The demo user's API token, its report branch, the branch its creates go to and a store of that branch. */
export async function apiLogin(base: string) {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo-2026' }),
  });
  if (!res.ok) throw new Error(`API login failed: ${res.status}`);
  const body = (await res.json()) as LoginAnswer;
  const branchId = body.branchId;
  if (!branchId) throw new Error('the demo user has no branch');
  // The creates go to the demo user's other branch: in the listed branch they would grow the month the list and the
  // month page read (by hundreds of rows a run), and those figures would measure a bigger month each time.
  const writeBranchId = body.branches.map((b) => b.branchId).find((id) => id !== branchId) ?? branchId;
  const stores = (await (
    await fetch(`${base}/api/branch/${writeBranchId}/stores`, { headers: { authorization: `Bearer ${body.token}` } })
  ).json()) as {
    id: string;
  }[];
  return { token: body.token, branchId, writeBranchId, storeId: stores[0]?.id ?? null };
}

/**
 * next-auth's credentials sign-in over HTTP, as the login form makes it (the CSRF token and its cookie first): answers
 * the session cookie for page loads. The demo user unless named.
 */
export async function sessionCookie(base: string, username = 'demo', password = 'Demo-2026', callbackUrl = '/'): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`, { signal: AbortSignal.timeout(60_000) });
  const jar = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.join('; '), origin: base },
    body: new URLSearchParams({ csrfToken, username, password, json: 'true', callbackUrl }),
  });
  await res.arrayBuffer();
  const session = res.headers.getSetCookie().find((c) => c.includes('session-token='));
  if (!session) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return session.split(';')[0]!;
}
