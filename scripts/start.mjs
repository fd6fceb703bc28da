#!/usr/bin/env node
// npm start: serves the app on http://localhost:$PORT (default 3000) on the embedded database in $DATA_DIR
// (default ./data), building first when there is no build, with a session secret kept in the data folder.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const port = process.env.PORT || '3000';
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'));
fs.mkdirSync(dataDir, { recursive: true });

const env = { ...process.env, PORT: port, DATA_DIR: dataDir };
if (!env.NEXTAUTH_SECRET) {
  const secretFile = path.join(dataDir, 'nextauth-secret');
  if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
  env.NEXTAUTH_SECRET = fs.readFileSync(secretFile, 'utf8').trim();
}
env.NEXTAUTH_URL ||= `http://localhost:${port}`;

const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
if (!fs.existsSync(path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
  console.log('No build found: building the app first (next build)…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(`Starting on ${env.NEXTAUTH_URL} with data in ${dataDir}${env.DATABASE_URL ? ' (DATABASE_URL set: PostgreSQL)' : ''}`);
const child = spawn(process.execPath, [nextBin, 'start', '-p', port, ...(env.HOSTNAME ? ['-H', env.HOSTNAME] : [])], { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
