// BENCH_PARTS=memory of bench:http: the server's memory over a day's use. The app is started as users get it
// (scripts/start.mjs) on a fresh database of each target, the demo user signs in, and BENCH_MEMORY_REQUESTS (10,000)
// requests of a branch's mix (Monthly Reports, a month's page, the sign-in page, a month's list, the year's report, a
// create) are sent by 10 clients in steps of BENCH_MEMORY_STEP (1,000). The memory of the server's whole process
// group (the server, which start.mjs becomes; both where start.mjs has to start it as a child) is read from /proc at
// start, every 250 ms during each step (its peak) and at the end of each step, then after BENCH_MEMORY_REST seconds
// (60) with nothing to do. It is the proportional set size (PSS): resident memory with each page shared between
// processes (Node's own code, where there are two) counted once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { apiLogin, freshPostgres, log, sessionCookie, processCpuTicks, root, start, waitFor } from './bench-http-support';

const TOTAL = Number(process.env.BENCH_MEMORY_REQUESTS ?? 10_000);
const STEP = Number(process.env.BENCH_MEMORY_STEP ?? 1_000);
const REST_S = Number(process.env.BENCH_MEMORY_REST ?? 60);

type Sample = { requests: number; mb: number; peakMb: number; errors: number; perSecond: number };
export type MemoryRun = { target: string; startMb: number; samples: Sample[]; restMb: number; dataMb: number | null };

/** Proportional set size in MB of every live process of the group `pgid` (the server, and start.mjs where it stays). */
function groupPssMb(pgid: number): number {
  let kb = 0;
  for (const { pid, pgrp } of processCpuTicks()) {
    if (pgrp !== pgid) continue;
    try {
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return kb / 1024;
}

function folderMb(dir: string): number {
  let bytes = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) bytes += fs.statSync(path.join(e.parentPath, e.name)).size;
  return bytes / 1024 / 1024;
}

export async function memoryOverRequests(opts: { port: number; dist: string; targets: string[]; pgUrl: string }): Promise<MemoryRun[]> {
  const runs: MemoryRun[] = [];
  for (const target of opts.targets) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-bench-memory-'));
    const env: Record<string, string> = { NEXT_DIST_DIR: opts.dist, PORT: String(opts.port), LOG_LEVEL: 'warn', DATA_DIR: dataDir };
    env.NEXTAUTH_URL = `http://localhost:${opts.port}`;
    if (target === 'postgres') Object.assign(env, { DATABASE_URL: await freshPostgres(opts.pgUrl), SEED_DEMO: 'true' });
    else env.DATABASE_URL = '';
    const base = env.NEXTAUTH_URL;
    log(`memory, ${target}: ${TOTAL} requests in steps of ${STEP}`);
    const stop = start(process.execPath, [path.join(root, 'scripts', 'start.mjs')], env);
    await waitFor(`${base}/login`);
    const auth = await apiLogin(base);
    const cookie = await sessionCookie(base);
    const startMb = groupPssMb(stop.pid);
    const today = new Date();
    const [year, month] = [today.getFullYear(), today.getMonth() + 1];
    const api = { authorization: `Bearer ${auth.token}` };
    const requests: Request[] = [
      { method: 'GET', path: '/', headers: { cookie } },
      { method: 'GET', path: `/donations/${year}/${month}`, headers: { cookie } },
      { method: 'GET', path: '/login' },
      { method: 'GET', path: `/api/branch/${auth.branchId}/donations/${year}/${month}`, headers: api },
      { method: 'GET', path: `/api/branch/${auth.branchId}/donations/${year}/aggregate`, headers: api },
      {
        method: 'POST',
        path: `/api/branch/${auth.writeBranchId}/donations`,
        headers: { ...api, 'content-type': 'application/json' },
        // The first of the month: never in the future, in any time zone.
        body: JSON.stringify({
          storeId: auth.storeId,
          date: `${year}-${String(month).padStart(2, '0')}-01`,
          source: 0,
          weight: 12.5,
          weightUnit: 0,
          categories: [{ categoryId: 1, fraction: 1 }],
        }),
      },
    ];
    const samples: Sample[] = [];
    for (let sent = 0; sent < TOTAL; sent += STEP) {
      let peakMb = 0;
      const timer = setInterval(() => (peakMb = Math.max(peakMb, groupPssMb(stop.pid))), 250);
      const r = await autocannon({ url: base, connections: 10, amount: STEP, requests });
      clearInterval(timer);
      const errors = r.errors + r.timeouts + Math.max(0, r.non2xx - (r['3xx'] ?? 0));
      const mb = groupPssMb(stop.pid);
      // Requests a second of the step: what a memory setting costs in throughput shows beside what it saves.
      const perSecond = STEP / r.duration;
      samples.push({ requests: sent + STEP, mb, peakMb: Math.max(peakMb, mb), errors, perSecond });
      log(
        `  ${sent + STEP} requests: ${mb.toFixed(0)} MB (peak ${Math.max(peakMb, mb).toFixed(0)} MB), ${perSecond.toFixed(0)}/s, ${errors} errors`,
      );
    }
    await new Promise((r) => setTimeout(r, REST_S * 1000));
    const restMb = groupPssMb(stop.pid);
    await stop();
    const pglite = path.join(dataDir, 'pglite');
    runs.push({ target, startMb, samples, restMb, dataMb: fs.existsSync(pglite) ? folderMb(pglite) : null });
  }
  return runs;
}

export function printMemory(runs: MemoryRun[]) {
  for (const run of runs) {
    console.log(`\n${run.target}: memory of the server's process group (PSS, MB)`);
    console.log('| moment | PSS | peak during the step | requests/s | errors |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(`| started, signed in, idle | ${run.startMb.toFixed(0)} | | | |`);
    for (const s of run.samples)
      console.log(
        `| after ${s.requests} requests | ${s.mb.toFixed(0)} | ${s.peakMb.toFixed(0)} | ${s.perSecond.toFixed(0)} | ${s.errors} |`,
      );
    console.log(`| ${REST_S} s later, idle | ${run.restMb.toFixed(0)} | | | |`);
    if (run.dataMb !== null) console.log(`\nIts data folder: ${run.dataMb.toFixed(0)} MB.`);
  }
}
