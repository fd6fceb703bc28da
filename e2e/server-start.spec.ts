// Ready means ready: `npm start`'s server (scripts/serve.mjs) on a new embedded database, the first start that
// migrates it and writes the demo data. /api/ready answers 503 at once meanwhile (it used to wait, minutes on a slow
// machine, since its route waited for the whole start), and the server says "Ready" only once the start is done
// (it said so about two minutes before, as soon as Next had loaded its build).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './support/app-process';
import { expect, test } from './support/test';

const root = path.join(__dirname, '..');
let server: ChildProcess | undefined;
let dataDir = '';
test.afterAll(() => {
  if (server?.exitCode === null) server.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a first start: /api/ready answers 503 at once until the migrations and demo data are done; "Ready" comes after', async () => {
  test.setTimeout(300_000);
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-first-start-'));
  server = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DEMO_IN_PRODUCTION: 'yes-this-is-a-demo',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'info',
      REMINDERS_CRON: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let readyAt = 0;
  let readyAnswerWhenSaid: Promise<number> | undefined;
  const seen = (c: Buffer) => {
    output += c.toString();
    if (!readyAt && output.includes('"msg":"Ready on port')) {
      readyAt = Date.now();
      readyAnswerWhenSaid = fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status);
    }
  };
  server.stdout!.on('data', seen);
  server.stderr!.on('data', seen);

  const answers: { status: number; ms: number; at: number }[] = [];
  const until = Date.now() + 280_000;
  while (Date.now() < until && !readyAt) {
    if (server.exitCode !== null) throw new Error(`serve.mjs exited: ${output}`);
    const started = Date.now();
    const status = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(20_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status) answers.push({ status, ms: Date.now() - started, at: Date.now() });
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(readyAt).toBeGreaterThan(0);
  expect(await readyAnswerWhenSaid).toBe(200);
  const lines = output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; time: number; version?: string });
  const timeOf = (msg: string) => lines.find((l) => l.msg.startsWith(msg))?.time ?? NaN;
  // Said after the migrations and the demo data, never before.
  expect(timeOf('Ready on port')).toBeGreaterThanOrEqual(timeOf('database migrations applied'));
  expect(timeOf('Ready on port')).toBeGreaterThanOrEqual(timeOf('demo data created'));
  expect(lines.find((l) => l.msg === 'starting')?.version).toMatch(/^\d+\.\d+\.\d+/);
  // Asked while the start was under way: 503 each time, answered then, not held until the start ended (the embedded
  // database runs in the server's own thread, so an answer may wait for the statement under way: seconds on a busy
  // machine, never the whole start).
  const during = answers.filter((a) => a.at < readyAt);
  expect(during.length).toBeGreaterThan(1);
  expect(during.filter((a) => a.status !== 503 || a.ms > 15_000)).toEqual([]);
});
