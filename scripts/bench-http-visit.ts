// bench:http's visit scenario: what one signed-in visit to Monthly Reports (`/`) costs the server, against one
// request of that page alone. A headless Chromium (Debian's, as bench:web) opens `/` through a counting proxy and
// stays until the server has heard nothing for QUIET_MS: link prefetches, the service worker's install (its precache
// of the build's files) and its warm-up of the offline screens all land in that window. The server's CPU time is
// read from /proc for its whole process group (scripts/start.mjs and the server it spawns), minus what the same
// server spends idle over as long (timers, the reminder schedule).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserContext } from '@playwright/test';
import { groupCpuMs, log } from './bench-http-support';
import { FULL_CHROMIUM } from './test-browser.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? FULL_CHROMIUM;
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];
// A visit is over when the server has had no request for this long (the warm-up waits for idle moments, at most 2 s
// each, between its fetches).
const QUIET_MS = Number(process.env.BENCH_VISIT_QUIET_MS ?? 4000);
const PAGE_ALONE_RUNS = Number(process.env.BENCH_VISIT_PAGE_RUNS ?? 30);
const RETURN_VISITS = Number(process.env.BENCH_VISIT_RETURNS ?? 3);

type Kind = 'document' | 'rsc prefetch' | 'rsc' | 'api/bff' | 'static' | 'other';
export type VisitCost = { label: string; requests: number; byKind: Record<Kind, number>; cpuMs: number; wallMs: number };

function kindOf(req: http.IncomingMessage): Kind {
  const url = req.url ?? '';
  if (req.headers['next-router-prefetch']) return 'rsc prefetch';
  if (req.headers.rsc) return 'rsc';
  if (url.startsWith('/bff/') || url.startsWith('/api/')) return 'api/bff';
  if (url.startsWith('/_next/') || url.startsWith('/serwist/') || /\.(?:png|svg|ico|webmanifest|js|css|woff2?)(?:\?|$)/.test(url))
    return 'static';
  if (req.headers['x-rfp-warm'] || (req.headers.accept ?? '').includes('text/html')) return 'document';
  return 'other';
}

/** A forwarding proxy in front of the server that counts every request by kind and knows when the last one came. */
async function countingProxy(target: number) {
  const seen: Kind[] = [];
  let last = Date.now();
  const server = http.createServer((req, res) => {
    seen.push(kindOf(req));
    last = Date.now();
    const up = http.request({ port: target, host: '127.0.0.1', method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
      r.on('end', () => (last = Date.now()));
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    take: () => seen.splice(0),
    quietFor: () => Date.now() - last,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's idle CPU time per ms of wall time, over `ms`. */
async function idleRate(pgid: number, ms: number): Promise<number> {
  const c0 = groupCpuMs(pgid);
  await sleep(ms);
  return (groupCpuMs(pgid) - c0) / ms;
}

/**
 * Runs the visit scenario against the server listening on `port`, whose process group is `pgid`, signed in with the
 * session `cookie` (name=value). Answers the page alone, the first visit (installs the worker) and the median of
 * the later visits, each with its CPU time less the idle rate.
 */
export async function visitCost(port: number, pgid: number, cookie: string): Promise<VisitCost[]> {
  const proxy = await countingProxy(port);
  const base = `http://localhost:${proxy.port}`;
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  const idle = await idleRate(pgid, 5000);
  const count = (label: string, kinds: Kind[], cpuMs: number, wallMs: number): VisitCost => {
    const byKind = { document: 0, 'rsc prefetch': 0, rsc: 0, 'api/bff': 0, static: 0, other: 0 } as Record<Kind, number>;
    for (const k of kinds) byKind[k]++;
    return { label, requests: kinds.length, byKind, cpuMs: Math.max(0, cpuMs - idle * wallMs), wallMs };
  };

  // The page alone: one document request of `/`, as a browser's first request sends it; warmed up first.
  const alone = async (n: number) => {
    const t0 = Date.now();
    const c0 = groupCpuMs(pgid);
    for (let i = 0; i < n; i++) {
      const r = await fetch(`${base}/`, { headers: { cookie, accept: 'text/html' } });
      if (r.status !== 200) throw new Error(`page / answered ${r.status}`);
      await r.arrayBuffer();
    }
    return { cpu: groupCpuMs(pgid) - c0, wall: Date.now() - t0 };
  };
  await alone(5);
  proxy.take();
  const a = await alone(PAGE_ALONE_RUNS);
  const pageAlone = count('page / alone (one request)', proxy.take().slice(0, 1), a.cpu / PAGE_ALONE_RUNS, a.wall / PAGE_ALONE_RUNS);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
  const visit = async (context: BrowserContext, label: string) => {
    await sleep(QUIET_MS);
    proxy.take();
    const page = await context.newPage();
    const t0 = Date.now();
    const c0 = groupCpuMs(pgid);
    await page.goto(`${base}/`, { waitUntil: 'load' });
    while (proxy.quietFor() < QUIET_MS) await sleep(200);
    const wall = Date.now() - t0 - QUIET_MS;
    const cpu = groupCpuMs(pgid) - c0;
    await page.close();
    return count(label, proxy.take(), cpu - idle * QUIET_MS, wall);
  };
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
    await context.addCookies([{ name, value, url: base }]);
    const first = await visit(context, 'first visit of / (installs the service worker)');
    const later: VisitCost[] = [];
    for (let i = 0; i < RETURN_VISITS; i++) later.push(await visit(context, 'a later visit of / (worker installed)'));
    later.sort((x, y) => x.cpuMs - y.cpuMs);
    await context.close();
    log(`visit: idle server ${(idle * 1000).toFixed(1)} ms CPU per s, subtracted`);
    return [pageAlone, first, later[Math.floor(later.length / 2)]!];
  } finally {
    await browser.close();
    await proxy.close();
  }
}

/** The scenario's table: requests by kind, CPU time and its ratio to the page alone. */
export function printVisit(db: string, costs: VisitCost[]) {
  const [alone] = costs;
  console.log(`\n| database | visit | requests | documents | RSC prefetches | RSC | /bff and /api | static | server CPU | × page alone |`);
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const c of costs) {
    const k = c.byKind;
    console.log(
      `| ${db} | ${c.label} | ${c.requests} | ${k.document} | ${k['rsc prefetch']} | ${k.rsc} | ${k['api/bff']} | ${k.static + k.other} | ${c.cpuMs.toFixed(1)} ms | ${(c.cpuMs / alone!.cpuMs).toFixed(1)} |`,
    );
  }
}
