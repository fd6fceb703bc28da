import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { bareEnv, freePort, startServer, untilReady, type ReleaseServer } from '../support/release';

// The release folder's `node server.js` stops as the service manager asks (docs/operations.md, Stopping): on SIGTERM
// under load no request is answered 500 (the database used to close while Next still served), the requests in
// flight finish, and the process exits 0 within 10 s. tests/deploy/server-stop.test.ts checks the same of npm run api.
let server: ReleaseServer | undefined;
let dataDir: string;
test.afterAll(() => {
  if (server?.process.exitCode === null) server.process.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function get(agent: http.Agent, port: number, p: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    req.end();
  });
}

test('SIGTERM while ten clients call a page and the API: no 500, the calls in flight answered, exit 0 within 10 s', async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-release-stop-'));
  server = startServer(
    bareEnv({
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DATA_DIR: dataDir,
      NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
    }),
  );
  await untilReady(server, port);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    server!.process.once('exit', (code) => resolve({ code, at: Date.now() })),
  );

  // Ten kept-alive connections, each sending its next call when the last is answered, until the server is gone:
  // /api/ready queries the database (answered by the API directly), /login is a page Next renders.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  const answers: { path: string; status: number | string; sentAfterSignal: boolean; answeredAt: number }[] = [];
  let signalledAt = 0;
  const worker = async (p: string) => {
    for (let i = 0; i < 200; i++) {
      const sentAfterSignal = signalledAt > 0;
      const status = await get(agent, port, p);
      answers.push({ path: p, status, sentAfterSignal, answeredAt: Date.now() });
      if (answers.length === 150) {
        signalledAt = Date.now();
        server!.process.kill('SIGTERM');
      }
      if (status === 'ECONNREFUSED') return;
    }
  };
  await Promise.all(Array.from({ length: 10 }, (_, i) => worker(i % 2 ? '/login' : '/api/ready')));
  const { code, at } = await exited;
  agent.destroy();

  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 500)).toEqual([]);
  // Answered: 200 before the stop, 503 on a kept-alive connection during it; else the connection closed or refused.
  for (const s of statuses) expect([200, 503, 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']).toContain(s);
  // The calls sent before the signal (nine were in flight: one per other client) got their answer, 200, or 503 with
  // Connection: close: none found its connection reset. On the embedded database 3 and 4 of them were, in two runs,
  // when the stop closed the connections it saw idle at once, before it had read the requests already there.
  const sentBefore = answers.filter((a) => !a.sentAfterSignal);
  expect(sentBefore.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
  const inFlight = sentBefore.filter((a) => a.answeredAt >= signalledAt);
  expect(inFlight.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
  for (const p of ['/login', '/api/ready']) expect(answers.filter((a) => a.path === p && a.status === 200).length).toBeGreaterThan(20);
  expect(code).toBe(0);
  expect(at - signalledAt).toBeLessThan(10_000);
  const said = server.output();
  expect(said).toContain('"msg":"stopped"');
  // Drained on its own: no connection was cut for running past the time allowed.
  expect(said).not.toContain('requests still running after the time allowed');
  expect(said).not.toMatch(/PGlite is closed|"level":50/);
});
