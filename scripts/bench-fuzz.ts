// npm run bench:fuzz: BENCH_FUZZ_REQUESTS (20,000) malformed requests across every surface of the built app (the
// screens, the BFF, next-auth's routes, the API; scripts/fuzz-surfaces.ts) in BENCH_FUZZ_ROUNDS (3) rounds of their
// own seeds, against `node scripts/serve.mjs` (npm start's server) on a fresh embedded database with the demo data
// (or PostgreSQL: BENCH_FUZZ_DATABASE_URL, a scratch database it drops and seeds). Prints, per surface, the requests,
// their 2xx/3xx, 4xx and 5xx, those that got no answer, and the server's log lines at error level. The goal is no
// 5xx and no error line; a failing request is printed with its seed and index, so `FUZZ_SEED=… npx playwright test
// e2e/fuzz-surfaces.spec.ts` replays it. BENCH_FUZZ_SEED sets the first round's seed; the app is built into
// BENCH_FUZZ_DIST (.next-bench) when it has no build there (BENCH_BUILD=1 builds again).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, freshPostgres, root, waitFor } from './bench-http-support';
import { apiOperations, failures, fuzzRequests, knownIds, sendAll, signIn, SURFACES, tally, type FuzzAnswer } from './fuzz-surfaces';

const TOTAL = Number(process.env.BENCH_FUZZ_REQUESTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_FUZZ_ROUNDS ?? 3);
const FIRST_SEED = Number(process.env.BENCH_FUZZ_SEED ?? 20261202);
const PORT = Number(process.env.BENCH_FUZZ_PORT ?? 3190);
const DIST = process.env.BENCH_FUZZ_DIST ?? '.next-bench';

function log(msg: string) {
  console.error(`[bench:fuzz ${new Date().toISOString().slice(11, 19)}] ${msg}`);
}

async function main() {
  buildApp(DIST);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-bench-fuzz-'));
  const origin = `http://127.0.0.1:${PORT}`;
  const pg = process.env.BENCH_FUZZ_DATABASE_URL;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: DIST,
    PORT: String(PORT),
    HOSTNAME: '127.0.0.1',
    NEXTAUTH_URL: origin,
    NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'info',
    REMINDERS_CRON: 'off',
    SEED_DEMO: 'true',
    DEMO_IN_PRODUCTION: 'yes-this-is-a-demo',
    DATA_DIR: dataDir,
    DATABASE_URL: pg ? await freshPostgres(pg) : '',
  };
  log(`fuzz: ${TOTAL} requests in ${ROUNDS} rounds on ${pg ? 'PostgreSQL' : 'the embedded database'}; starting the server…`);
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errorLines: string[] = [];
  let buffered = '';
  const read = (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      // Next's own error lines are plain text ("⨯ SyntaxError: …": an exception a route handler did not catch).
      if (/^(⨯|\w*Error\b)/.test(line)) errorLines.push(line);
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { level: number; msg: string; err?: { message?: string } };
      if (entry.level >= 50) errorLines.push(`${entry.msg}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
    }
  };
  server.stdout.on('data', read);
  server.stderr.on('data', read);
  try {
    await waitFor(`${origin}/api/ready`, 600_000);
    const demo = await signIn(origin, 'demo', 'Demo-2026');
    const sessions = [demo, await signIn(origin, 'program', 'Demo-2026'), await signIn(origin, 'retail', 'Demo-2026')];
    const world = { origin, sessions, ids: await knownIds(origin, demo.token), operations: await apiOperations(origin) };
    const all: FuzzAnswer[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const seed = FIRST_SEED + round;
      const count = Math.ceil(TOTAL / ROUNDS);
      const started = performance.now();
      const answers = await sendAll(origin, fuzzRequests(seed, count, world), 4);
      const failed = failures(answers);
      log(
        `round ${round + 1}, seed ${seed}: ${count} requests in ${((performance.now() - started) / 1000).toFixed(0)} s, ${failed.length} with 5xx or no answer`,
      );
      for (const a of failed.slice(0, 20))
        log(`  seed ${seed} #${a.index}: ${a.request.method} ${a.request.path.slice(0, 160)} → ${a.status}`);
      all.push(...answers);
    }
    const counts = tally(all);
    console.log('| surface | requests | 2xx/3xx | 4xx | 5xx | no answer |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const s of SURFACES) {
      const c = counts[s];
      console.log(`| ${s} | ${c.requests} | ${c.ok} | ${c.refused} | ${c.failed} | ${c.broken} |`);
    }
    const sum = (k: 'requests' | 'ok' | 'refused' | 'failed' | 'broken') => SURFACES.reduce((n, s) => n + counts[s][k], 0);
    console.log(`| all | ${sum('requests')} | ${sum('ok')} | ${sum('refused')} | ${sum('failed')} | ${sum('broken')} |`);
    console.log(`server log lines at error level: ${errorLines.length}`);
    const distinct = [...new Set(errorLines)];
    for (const line of distinct.slice(0, 20)) console.log(`  ${line}`);
    errorLines = [];
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
