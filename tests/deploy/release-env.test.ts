// The release folder's server.js (scripts/release-server.mts, bundled as scripts/package.mjs bundles it) loads the
// folder's .env* files before anything reads PORT, HOSTNAME or TRUSTED_PROXY_HOPS: Next's standalone server reads
// the first two before it loads any file. Next's server is stood in for by a next-server.js that listens as Next's
// does (PORT, HOSTNAME) and answers with the headers it got, so this needs no build; the release smoke test
// (e2e/release/env-file.spec.ts) checks the real release folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(__dirname, '..', '..');
jest.setTimeout(60_000);

const STAND_IN = `// Listens the way Next's standalone server.js does.
const http = require('node:http');
http
  .createServer((req, res) => res.end(JSON.stringify({ env: process.env.RFP_FROM_FILE, xff: req.headers['x-forwarded-for'] })))
  .listen(parseInt(process.env.PORT, 10) || 3000, process.env.HOSTNAME || '0.0.0.0', () => console.log('listening'));
`;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Whether something accepts connections on host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let dir: string;
let server: ChildProcess | undefined;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-release-env-'));
  await build({
    entryPoints: [path.join(root, 'scripts', 'release-server.mts')],
    outfile: path.join(dir, 'server.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    logLevel: 'warning',
  });
  fs.writeFileSync(path.join(dir, 'next-server.js'), STAND_IN);
});

afterAll(() => {
  if (server?.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

it('listens on the PORT and HOSTNAME of .env.production.local and trusts its TRUSTED_PROXY_HOPS', async () => {
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, '.env.production.local'),
    `PORT=${port}\nHOSTNAME=127.0.0.1\nTRUSTED_PROXY_HOPS=1\nRFP_FROM_FILE=loaded\n`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['PORT', 'HOSTNAME', 'TRUSTED_PROXY_HOPS', 'NODE_ENV', 'RFP_FROM_FILE']) delete env[name];
  // Started from elsewhere, as a service manager may: the folder's own files count, not the working directory's.
  server = spawn(process.execPath, [path.join(dir, 'server.js')], { cwd: os.tmpdir(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (c: Buffer) => {
      output += c.toString();
      if (output.includes('listening')) resolve();
    };
    server!.stdout!.on('data', seen);
    server!.stderr!.on('data', seen);
    server!.once('exit', (code) => reject(new Error(`server.js exited (${code}): ${output}`)));
  });

  const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
  // One trusted proxy: the address it wrote is kept and the socket's appended, as a proxy does.
  expect(await res.json()).toEqual({ env: 'loaded', xff: '203.0.113.9, 127.0.0.1' });
  // Bound to 127.0.0.1 only: another loopback address (accepted by a server on 0.0.0.0) is refused.
  expect(await accepts('127.0.0.2', port)).toBe(false);
});

it('the command lines (tsx: npm run admin, seed, api) load the .env files of the folder they run in', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-cli-env-'));
  try {
    fs.writeFileSync(path.join(folder, '.env.production.local'), 'RFP_FROM_FILE=cli\n');
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['RFP_FROM_FILE', 'NODE_ENV']) delete env[name];
    // tsx resolves from the checkout; the command line then runs in the operator's folder.
    const code = `process.chdir(${JSON.stringify(folder)}); require(${JSON.stringify(path.join(root, 'scripts', 'load-env.ts'))}); console.log(process.env.RFP_FROM_FILE)`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: root, env, encoding: 'utf8' });
    expect({ status: r.status, stdout: r.stdout.trim(), stderr: r.stderr }).toEqual({ status: 0, stdout: 'cli', stderr: '' });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
