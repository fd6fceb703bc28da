import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// The release folder started as an operator does: `node server.js` with its settings in .env.production.local
// only. Next's standalone server reads PORT and HOSTNAME before it loads any .env file, so server.js loads them
// first (scripts/release-server.mts); here nothing in the environment sets them.
const releaseDir = process.env.E2E_RELEASE_DIR!;
const envFile = path.join(releaseDir, '.env.production.local');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let server: ChildProcess | undefined;
test.afterAll(() => {
  if (server?.exitCode === null) server.kill('SIGTERM');
  fs.rmSync(envFile, { force: true });
});

test('PORT and HOSTNAME of .env.production.local decide where node server.js listens', async () => {
  test.setTimeout(180_000);
  expect(fs.existsSync(envFile), `${envFile} belongs to this test only`).toBe(false);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-release-env-'));
  fs.writeFileSync(
    envFile,
    [
      `PORT=${port}`,
      'HOSTNAME=127.0.0.1',
      'TRUSTED_PROXY_HOPS=1',
      `DATA_DIR=${dataDir}`,
      `NEXTAUTH_SECRET=${randomBytes(32).toString('base64url')}`,
      `NEXTAUTH_URL=http://127.0.0.1:${port}`,
      'LOG_LEVEL=warn',
      '',
    ].join('\n'),
  );
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'PORT',
    'HOSTNAME',
    'TRUSTED_PROXY_HOPS',
    'DATA_DIR',
    'NEXTAUTH_SECRET',
    'NEXTAUTH_URL',
    'DATABASE_URL',
    'NODE_ENV',
  ]) {
    delete env[name];
  }
  server = spawn(process.execPath, ['server.js'], { cwd: releaseDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [server.stdout!, server.stderr!]) stream.on('data', (c: Buffer) => (output += c.toString()));

  await expect
    .poll(
      async () => {
        if (server!.exitCode !== null) throw new Error(`server.js exited (${server!.exitCode}): ${output}`);
        return fetch(`http://127.0.0.1:${port}/api/ready`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(200);
  // Bound to 127.0.0.1 only: another loopback address, which a server on 0.0.0.0 (Next's default) accepts, is refused.
  expect(await accepts('127.0.0.2', port)).toBe(false);
});
