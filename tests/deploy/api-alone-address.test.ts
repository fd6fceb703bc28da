// The API alone (npm run api, scripts/api-server.ts) reads the client's address as the web servers do: from the
// socket, with TRUSTED_PROXY_HOPS proxies trusted (docs/decisions/0019-forwarded-address-at-the-edge.md). It trusted
// x-forwarded-for as sent, so a guesser who changed it at every try was never braked; and it listened on every
// interface. Now it listens on 127.0.0.1 unless HOSTNAME says otherwise.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { migratedDataDir } from '../support/template-db';

const root = path.resolve(__dirname, '..', '..');
jest.setTimeout(240_000);

let dataDir: string;
let server: ChildProcess;
let output = '';
let base: string;

beforeAll(async () => {
  dataDir = (await migratedDataDir()).dataDir;
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', REMINDERS_CRON: 'off' };
  const created = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin.ts', 'create-user', 'guarded', 'guarded@example.org', 'Right-2026-pw'],
    { cwd: root, env, encoding: 'utf8' },
  );
  expect(created.status).toBe(0);
  const withoutHost: NodeJS.ProcessEnv = { ...env };
  delete withoutHost.HOSTNAME;
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/api-server.ts'], {
    cwd: root,
    env: { ...withoutHost, PORT: '0', TRUSTED_PROXY_HOPS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const until = Date.now() + 200_000;
  while (!/api: listening on (\S+)/.test(output) && server.exitCode === null && Date.now() < until)
    await new Promise((r) => setTimeout(r, 100));
  base = /api: listening on (\S+)/.exec(output)?.[1] ?? '';
});

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('listens on 127.0.0.1 when HOSTNAME is unset', () => {
  expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

it('40 wrong passwords, each under a new x-forwarded-for, hit the sign-in brake', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: JSON.stringify({ username: 'guarded', password: `Wrong-${i}-pw` }),
    });
    statuses.push(res.status);
  }
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
  // The right password from the same socket is braked too, until the lock ends.
  const right = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
    body: JSON.stringify({ username: 'guarded', password: 'Right-2026-pw' }),
  });
  expect(right.status).toBe(429);
});
