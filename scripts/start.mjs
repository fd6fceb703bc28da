#!/usr/bin/env node
// npm start: serves the app on http://localhost:$PORT (default 3000) on the embedded database in $DATA_DIR
// (default ./data), or on PostgreSQL when DATABASE_URL is set, with a session secret kept in the data folder
// when NEXTAUTH_SECRET is unset. It builds first when there is no build, or when the build was made from other
// sources, another lock or another version (its BUILD_ID is the hash of those: scripts/source-hash.mjs).
// It is the demo: the embedded database gets the demo users unless SEED_DEMO=false. With NODE_ENV=production set by
// the operator it is a production server like the release folder's: no demo users unless SEED_DEMO=true, and no start
// while an account keeps the published demo password unless DEMO_IN_PRODUCTION=yes-this-is-a-demo.
import './check-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { loadEnvFiles } from './env-files.mjs';
import { listenProblem } from './listen-problem.mjs';
import { sourceHash } from './source-hash.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
// .env* exactly as `next start` loads them, before anything below reads the environment.
loadEnvFiles(root);
const port = process.env.PORT || '3000';
await refuseTakenPort(port, process.env.HOSTNAME || undefined);
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'));
fs.mkdirSync(dataDir, { recursive: true });

const env = { ...process.env, PORT: port, DATA_DIR: dataDir };
// The demo's users on the embedded database (PostgreSQL gets them only when SEED_DEMO=true is set by hand), and the
// demo's own say-so for its published password (donation-api/demo/demo-policy.ts), unless the operator asked for
// production: then the server decides as the release folder's does.
if (process.env.NODE_ENV !== 'production') {
  if (!env.DATABASE_URL) env.SEED_DEMO ||= 'true';
  env.DEMO_IN_PRODUCTION ||= 'yes-this-is-a-demo';
}
if (!env.NEXTAUTH_SECRET) {
  const secretFile = path.join(dataDir, 'nextauth-secret');
  if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
  env.NEXTAUTH_SECRET = fs.readFileSync(secretFile, 'utf8').trim();
}
env.NEXTAUTH_URL ||= `http://localhost:${port}`;

const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const buildIdFile = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
const built = fs.existsSync(buildIdFile) ? fs.readFileSync(buildIdFile, 'utf8').trim() : null;
const wanted = sourceHash(root);
if (built !== wanted) {
  console.log(
    built
      ? 'The build was made from other sources, another lock or another version: building again (next build)…'
      : 'No build found: building the app first (next build)…',
  );
  const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const database = env.DATABASE_URL
  ? `PostgreSQL (DATABASE_URL, database ${new URL(env.DATABASE_URL).pathname.slice(1) || 'postgres'})`
  : `the embedded database in ${path.join(dataDir, 'pglite')}`;
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
console.log(`Starting version ${version} on ${env.NEXTAUTH_URL} with ${database}`);
// glibc's allocator, tuned for one long-lived server: two arenas instead of eight per core (each of Node's helper
// threads otherwise keeps its own, fragmented), and freed memory above 128 kB given back to the system rather than
// kept for later. Together about 150 MB less after a burst of requests (bench:http's memory scenario), for no
// measured loss of throughput. Settings already in the environment win.
env.MALLOC_ARENA_MAX ??= '2';
env.MALLOC_TRIM_THRESHOLD_ ??= '131072';
env.MALLOC_MMAP_THRESHOLD_ ??= '131072';
// A young generation of at most 2 × 8 MB: V8 sizes it from the heap limit, itself a share of the machine's memory,
// so on a large machine every burst of requests left up to a few hundred MB of young objects resident (bench:http's
// memory scenario); a smaller one collects more often for a few percent of throughput.
// scripts/serve.mjs instead of `next start`: the client address comes from the socket (TRUSTED_PROXY_HOPS, default 0).
// Its output goes straight to this terminal: with the build's recorded configuration (serve.mjs), Next no longer
// warns that `next start` does not suit a standalone build, which this script used to filter out line by line.
const serverArgs = ['--max-semi-space-size=8', ...embeddedHeapLimit(), path.join(root, 'scripts', 'serve.mjs')];
// This process becomes the server (execve: the same process, so signals reach the server and its exit code is this
// command's): no parent stays resident beside it only to pass them on (about 35 MB, bench:http's memory scenario).
// glibc reads its settings above when the new program starts, as it would in a child. Where there is no execve
// (Windows), the server runs as a child and this process passes signals on and exits with it.
if (typeof process.execve === 'function' && process.platform !== 'win32') {
  try {
    process.execve(process.execPath, [process.execPath, ...serverArgs], env);
  } catch (err) {
    console.error(`Starting the server in this process failed (${err.message}); starting it as a child.`);
  }
}
const child = spawn(process.execPath, serverArgs, { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

/**
 * On the embedded database (one food bank's server, often a small machine), an old generation of at most 384 MB. V8
 * sizes its heap limit from the machine's memory (about 4 GB on a 24 GB machine) and lets the heap grow towards it
 * before it collects in earnest: the same server held about 615 MB after 6,000 requests of a branch's mix with V8's
 * limit, and about 380 MB with this one, for a few percent of throughput (bench:http's memory scenario). A server on
 * PostgreSQL serves a whole program and is sized by whoever runs it. NODE_OPTIONS with its own limit wins.
 */
function embeddedHeapLimit() {
  if (env.DATABASE_URL || /--max-old-space-size/.test(env.NODE_OPTIONS ?? '')) return [];
  return ['--max-old-space-size=384'];
}

/** A second `npm start` on a taken port stops here, in one line, before building or opening the database. */
async function refuseTakenPort(port, hostname) {
  const probe = net.createServer();
  const taken = await new Promise((resolve) => {
    probe.once('error', (err) => resolve(err.code ?? 'error'));
    probe.listen(Number(port), hostname, () => probe.close(() => resolve(null)));
  });
  if (!taken) return;
  console.error(listenProblem(hostname, port, taken));
  process.exit(1);
}
