import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { expect } from '@playwright/test';

// The release folder of `npm run package` (playwright.release.config.ts names it in E2E_RELEASE_DIR) run as an
// operator runs it, for the specs that start their own `node server.js` or `node admin.cjs` there.
export const releaseDir = process.env.E2E_RELEASE_DIR!;

/** Settings the test runner's environment may hold; each spec gives its own, in the environment or a file. */
const SETTINGS = ['PORT', 'HOSTNAME', 'TRUSTED_PROXY_HOPS', 'DATA_DIR', 'NEXTAUTH_SECRET', 'NEXTAUTH_URL', 'DATABASE_URL', 'NODE_ENV'];

/** process.env without the app's settings, plus extra. */
export function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SETTINGS) delete env[name];
  return { ...env, ...extra };
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type ReleaseServer = { process: ChildProcess; output: () => string };

/** `node server.js` in the release folder with env, its output kept. */
export function startServer(env: NodeJS.ProcessEnv): ReleaseServer {
  const child = spawn(process.execPath, ['server.js'], { cwd: releaseDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (c: Buffer) => (output += c.toString()));
  return { process: child, output: () => output };
}

/** Waits until the server answers /api/ready with 200 (the database open and migrated). */
export async function untilReady(server: ReleaseServer, port: number): Promise<void> {
  await expect
    .poll(
      async () => {
        if (server.process.exitCode !== null) throw new Error(`server.js exited (${server.process.exitCode}): ${server.output()}`);
        return fetch(`http://127.0.0.1:${port}/api/ready`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(200);
}
