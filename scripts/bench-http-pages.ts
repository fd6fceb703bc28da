// The pages of bench:http against their floors: `/login`, Monthly Reports and a month's page, loaded in rounds beside
// a bare Next 16 page and the same page behind a nonce-CSP proxy (the floor the page goals are set on), each at one
// client and at the other concurrency levels; then each page's cost against the floor, less its reads
// (scripts/bench-http-page-reads.ts). The autocannon run every part of bench:http uses is here too.
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { buildBareNext, groupCpuMs, root, start, waitFor } from './bench-http-support';
import type { measurePageReads } from './bench-http-page-reads';
import { quantile } from './bench-support';

/** Each load's length (BENCH_SECONDS), for every part of bench:http. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
// Rounds of the pages and their floors at one client (each figure is the rounds' median).
const PAGE_ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 3);

type PageReads = Awaited<ReturnType<typeof measurePageReads>>;
type PageRun = { db: string; base: string; cookie: string; server: number; port: number; levels: number[]; year: number; month: number };

// cpuMs: the server's CPU time (user + system, its whole process group) per request, where the run names the server.
export type Load = { rps: number; p50: number; p95?: number; p99: number; errors: number; cpuMs?: number };
// rounds: each round's load at one client, in the order the loads took turns (pagesBesideFloors).
export type Row = { db: string; call: string; level: number; load: Load; floor?: string; rounds?: Load[] };

/**
 * One autocannon run; any answer other than 2xx/3xx counts as an error. With `server` (the server's process group),
 * also the server's CPU time per request: unlike 1 / req/s at one client, it does not count the time a page waits on
 * its reads, so a page whose reads run at once is not made to look cheaper than one whose reads run in turn.
 */
export async function load(
  url: string,
  connections: number,
  init: { method?: string; headers?: Record<string, string>; body?: () => string; server?: number; seconds?: number } = {},
): Promise<Load> {
  const cpu0 = init.server ? groupCpuMs(init.server) : 0;
  const r = await autocannon({
    url,
    connections,
    duration: init.seconds ?? SECONDS,
    method: (init.method ?? 'GET') as 'GET',
    headers: init.headers,
    // A fresh body per request (a new Idempotency-Key would be needed otherwise to avoid a replay).
    requests: init.body ? [{ setupRequest: (req: object) => ({ ...req, body: init.body!() }) }] : undefined,
  });
  const cpuMs = init.server && r.requests.total ? (groupCpuMs(init.server) - cpu0) / r.requests.total : undefined;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: errorsOf(r), cpuMs };
}

/** Failed requests of an autocannon run: errors, timeouts, and answers other than 2xx/3xx. */
export const errorsOf = (r: Result) => r.errors + r.timeouts + Math.max(0, r.non2xx - (r['3xx'] ?? 0));

/** The bare Next page's two builds (plain, and behind a nonce-CSP proxy), made once for every target. */
let floorDirs: { call: string; dir: string }[] | null = null;

/**
 * The three pages and the two floors, loaded in turn (PAGE_ROUNDS rounds at one client, one at the other levels) with
 * the floors' servers running beside the app's: a run on these 2-vCPU machines drifts by 10–30 % within minutes, so a
 * floor measured minutes after its pages gave ratios that moved between runs by more than the changes they were to
 * show. Each figure of a row is the median of its rounds.
 */
export async function pagesBesideFloors(rows: Row[], { db, base, cookie, server, port, levels, year, month }: PageRun) {
  floorDirs ??= [
    { call: 'bare Next 16 page', dir: buildBareNext() },
    { call: NONCE_FLOOR, dir: buildBareNext({ nonceProxy: true }) },
  ];
  const floors = floorDirs.map((f, i) => {
    const floorPort = port + 3 + i;
    const stop = start(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(floorPort)], {}, f.dir);
    return { call: f.call, url: `http://localhost:${floorPort}/`, stop };
  });
  for (const f of floors) await waitFor(f.url);
  const loads = [
    ...floors.map((f) => ({ db, call: f.call, url: f.url, init: { server: f.stop.pid } })),
    { db, call: 'page /login', url: `${base}/login`, init: { server } },
    { db, call: 'page / (Monthly Reports)', url: `${base}/`, init: { headers: { cookie }, server } },
    { db, call: 'page /donations/{year}/{month}', url: `${base}/donations/${year}/${month}`, init: { headers: { cookie }, server } },
  ];
  for (const level of levels) {
    const rounds = new Map<string, Load[]>();
    for (let round = 0; round < (level === 1 ? PAGE_ROUNDS : 1); round++)
      for (const l of loads) rounds.set(l.call, [...(rounds.get(l.call) ?? []), await load(l.url, level, l.init)]);
    for (const l of loads) rows.push({ db: l.db, call: l.call, level, load: medianLoad(rounds.get(l.call)!), rounds: rounds.get(l.call) });
  }
  for (const f of floors) await f.stop();
}

/**
 * A page's CPU over the floor's, round by round: the floor was loaded just before the page in each round, so a machine
 * that slows down or speeds up between rounds moves both, and the median of the rounds' ratios leaves that drift out,
 * where the ratio of the two medians may pair a fast round of one with a slow round of the other.
 */
function roundRatios(page: Row, floor: Row, readsCpu: number) {
  const pairs = (page.rounds ?? []).map((l, i) => [l.cpuMs, floor.rounds?.[i]?.cpuMs] as const);
  const whole: number[] = [];
  const rest: number[] = [];
  for (const [p, f] of pairs)
    if (p !== undefined && f) {
      whole.push(p / f);
      rest.push((p - readsCpu) / f);
    }
  return whole.length ? { whole: quantile(whole, 0.5), rest: quantile(rest, 0.5) } : null;
}

/** The median of several runs of one load, each figure its own median; errors summed. */
function medianLoad(runs: Load[]): Load {
  const median = (pick: (l: Load) => number | undefined) => {
    const v = runs.map(pick).filter((x): x is number => x !== undefined);
    return v.length ? quantile(v, 0.5) : NaN;
  };
  const cpuMs = median((l) => l.cpuMs);
  return {
    rps: median((l) => l.rps),
    p50: median((l) => l.p50),
    p99: median((l) => l.p99),
    cpuMs: Number.isNaN(cpuMs) ? undefined : cpuMs,
    errors: runs.reduce((sum, l) => sum + l.errors, 0),
  };
}

/** The floor the page goals are set on: the bare page behind the same kind of proxy as the app's (proxy.ts). */
const NONCE_FLOOR = 'bare Next 16 page behind a nonce-CSP proxy';

/**
 * Each page's cost at one client against the nonce-CSP floor's, the ratio the page goals are set on, and the same less
 * the page's reads (the goal for signed-in pages is 4 × the floor plus their reads): first as time (1 / req/s), then
 * as the server's CPU time per request, which is what the goals are about and does not depend on whether a page waits
 * for its reads in turn or at once.
 */
export function printPageCosts(rows: Row[], reads: Map<string, PageReads>) {
  for (const r of rows.filter((x) => x.call.startsWith('page ') && x.level === 1 && x.load.rps > 0)) {
    // The floor measured in the same run, beside this database's pages.
    const floor = rows.find((x) => x.db === r.db && x.call === NONCE_FLOOR && x.level === 1);
    if (!floor?.load.rps) continue;
    const floorMs = 1000 / floor.load.rps;
    const floorCpu = floor.load.cpuMs;
    const ms = 1000 / r.load.rps;
    const read = reads.get(r.db)?.pages.get(r.call);
    const less = read ? `; its reads ${read.ms.toFixed(1)} ms, the rest ${((ms - read.ms) / floorMs).toFixed(2)} × the floor` : '';
    console.log(
      `${r.db} ${r.call.slice(5)}: ${ms.toFixed(1)} ms, ${(ms / floorMs).toFixed(2)} × the nonce-CSP floor's ${floorMs.toFixed(1)} ms${less}`,
    );
    const cpu = r.load.cpuMs;
    if (cpu !== undefined && floorCpu) {
      const lessCpu = read
        ? `; its reads ${read.cpuMs.toFixed(2)} ms, the rest ${((cpu - read.cpuMs) / floorCpu).toFixed(2)} × the floor`
        : '';
      console.log(
        `    server CPU: ${cpu.toFixed(2)} ms a request, ${(cpu / floorCpu).toFixed(2)} × the floor's ${floorCpu.toFixed(2)} ms${lessCpu}`,
      );
      const byRound = roundRatios(r, floor, read?.cpuMs ?? 0);
      if (byRound)
        console.log(
          `    round by round (each round's CPU over the floor's in the same round, median): ${byRound.whole.toFixed(2)} ×${read ? `, the rest ${byRound.rest.toFixed(2)} ×` : ''}`,
        );
    }
    for (const c of read?.calls ?? [])
      console.log(`    ${c.path.replace(/[0-9a-f-]{36}/g, '{id}')}: ${c.ms.toFixed(2)} ms, server CPU ${c.cpuMs.toFixed(2)} ms`);
  }
  for (const [db, r] of reads)
    console.log(
      `${db}: an API answer's HTTP alone (/api/health), taken off each read: ${r.http.ms.toFixed(2)} ms, server CPU ${r.http.cpuMs.toFixed(2)} ms`,
    );
}
