// A second `npm start` on a port that is taken exits at once with one line naming the port, before it builds or
// opens a database (it used to log EADDRINUSE and stay alive, serving nothing).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

it('exits 1 with one line naming the taken port', async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as net.AddressInfo).port;
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-port-')), 'data');
  try {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOSTNAME: '127.0.0.1', DATA_DIR: dataDir, NEXT_DIST_DIR: '.next-port-test' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so a regression's build is stopped with it
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // Well before a build could even begin; killed otherwise, so a regression fails here rather than hanging.
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    clearTimeout(timer);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot listen on 127.0.0.1:${port}: it is already in use (another npm start?); stop that server or choose another port, e.g. PORT=${port + 1} npm start.`,
    ]);
    expect(fs.existsSync(dataDir)).toBe(false);
  } finally {
    taken.close();
  }
});

// The server itself (scripts/serve.mjs) listens before Next
// loads its build, so a port taken between npm start's probe and its listen is told the same way, build or not.
it('serve.mjs exits 1 with one line naming the taken port, without needing a build', async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as net.AddressInfo).port;
  try {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOSTNAME: '127.0.0.1', NEXT_DIST_DIR: '.next-port-test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot listen on 127.0.0.1:${port}: it is already in use (another npm start?); stop that server or choose another port, e.g. PORT=${port + 1} npm start.`,
    ]);
  } finally {
    taken.close();
  }
});
