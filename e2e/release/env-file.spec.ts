import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { bareEnv, freePort, releaseDir, startServer, untilReady, type ReleaseServer } from '../support/release';

// The release folder started as an operator does: `node server.js` with its settings in .env.production.local
// only. Next's standalone server reads PORT and HOSTNAME before it loads any .env file, so server.js loads them
// first (scripts/release-server.mts); here nothing in the environment sets them.
const envFile = path.join(releaseDir, '.env.production.local');

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let server: ReleaseServer | undefined;
test.afterAll(() => {
  if (server?.process.exitCode === null) server.process.kill('SIGTERM');
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
  server = startServer(bareEnv());
  await untilReady(server, port);
  // Bound to 127.0.0.1 only: another loopback address, which a server on 0.0.0.0 (Next's default) accepts, is refused.
  expect(await accepts('127.0.0.2', port)).toBe(false);
});
