// One process per embedded database: with the API server running on a data folder, the command line is refused
// (naming the holder) and nothing is damaged; once the server stops (SIGTERM, closing cleanly) it works again.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from '@/donation-api/demo/seed-demo';
import { migratedDataDir } from '../support/template-db';

const root = path.resolve(__dirname, '..', '..');
// node --import tsx: one process (tsx's own command line would run the script in a child with another pid).
const tsx = ['--import', 'tsx'];
jest.setTimeout(180_000);

let dataDir: string;
let server: ChildProcess;
let base: string;

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [...tsx, path.join(root, 'scripts', 'admin.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

async function login(username: string, password: string) {
  return fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

beforeAll(async () => {
  dataDir = (await migratedDataDir()).dataDir;
  const port = 3200 + 50 + Math.floor(Math.random() * 40);
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [...tsx, path.join(root, 'scripts', 'api-server.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOSTNAME: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('api: listening')) resolve();
    };
    server.stdout!.on('data', seen);
    server.stderr!.on('data', seen);
    server.once('exit', (code) => reject(new Error(`API server exited (${code}): ${output}`)));
  });
});

afterAll(async () => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// One test, in two steps: the second needs the server the first ran against, stopped (as separate tests, run in a
// random order, the stop came first and the refusal found no server).
it('refuses the command line while the API server holds the folder, the data intact; after SIGTERM the command line works on the same data', async () => {
  expect((await login('demo', DEMO_PASSWORD)).status).toBe(200);

  const refused = cli(['create-user', 'latecomer', 'latecomer@example.org', 'Later-2026']);
  expect(refused.status).toBe(1);
  expect(refused.out).toContain(`in use by process ${server.pid}`);
  expect(refused.out).toContain('api-server.ts');
  expect(refused.out).toMatch(/Stop the app first/);
  expect(refused.out).toMatch(/API .*administrator's token/);

  const backup = cli(['backup', path.join(dataDir, 'while-running.tar.gz')]);
  expect(backup.status).toBe(1);
  expect(backup.out).toContain(`in use by process ${server.pid}`);
  expect(fs.existsSync(path.join(dataDir, 'while-running.tar.gz'))).toBe(false);

  // The running server still reads and writes its database, and never saw the refused user.
  expect((await fetch(`${base}/api/ready`)).status).toBe(200);
  expect((await login('demo', DEMO_PASSWORD)).status).toBe(200);
  expect((await login('latecomer', 'Later-2026')).status).toBe(401);

  // Stopped cleanly, the server releases the folder.
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

  const create = cli(['create-user', 'latecomer', 'latecomer@example.org', 'Later-2026']);
  expect(create.out).not.toContain('in use');
  expect(create.status).toBe(0);
  // The demo data of the server's first start is all there.
  const again = cli(['create-user', 'demo', 'demo@example.org', 'Demo-2026']);
  expect(again.status).toBe(1);
  expect(again.out).toContain('The username "demo" is taken.');
});
