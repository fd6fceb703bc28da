// A real API server (npm run api: scripts/api-server.ts, guarded and stopped as the web servers are, by
// scripts/edge-guards.mts and scripts/graceful-stop.mts) on its own embedded database:
// - a refused 3 MB body does not break the next request on a kept-alive connection, nor the client still sending it;
// - SIGTERM under load: no request is answered 500 (the database used to close while the server still accepted
//   calls: 500 "PGlite is closed"); 503 or a closed connection are what a client may see; the process exits in time.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { uploadAfterAnswer } from '../support/early-answer';
import { migratedDataDir } from '../support/template-db';

jest.setTimeout(120_000);
const root = path.join(__dirname, '..', '..');
let dataDir: string;
let server: ChildProcess;
let port: number;
let output = '';

/** Starts the API server on its own embedded database, already migrated (each group of tests has its own: the stop ends it). */
async function startServer() {
  output = '';
  dataDir = (await migratedDataDir()).dataDir;
  // Node itself with tsx as a loader, one process, as a server runs in production. tsx's command line runs the
  // script in a child and relays SIGTERM to it; when the busy child does not acknowledge the signal within tsx's 30 ms,
  // tsx kills it and exits 143: the stop under load then failed for tsx's reason, not the server's.
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/api-server.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOSTNAME: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  port = await new Promise<number>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    server.stdout!.on('data', seen);
    server.stderr!.on('data', seen);
    server.once('exit', (code) => reject(new Error(`API server exited (${code}): ${output}`)));
  });
}

function stopServer() {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function get(agent: http.Agent, p: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    req.end();
  });
}

describe('a refused body', () => {
  beforeAll(startServer);
  afterAll(stopServer);

  it('answers 413 to a 3 MB body with Connection: close, and the next request on the same client succeeds', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    // Node's fetch keeps its connections alive and reuses them: the failure was UND_ERR_SOCKET on the request after.
    for (let i = 0; i < 3; i++) {
      const refused = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: big,
      });
      expect(refused.status).toBe(413);
      expect(refused.headers.get('connection')).toBe('close');
      await refused.text();
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    }
    // One socket at most: the request after the refusal must get a fresh connection, not the doomed one.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/user/login', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.setHeader('content-type', 'application/json');
      req.end(big);
    });
    expect(refused).toBe(413);
    expect(await get(agent, '/api/health')).toBe(200);
    agent.destroy();
  });

  it('keeps reading a refused body after its 413, so a client still sending it is not reset (a lingering close)', async () => {
    // Closing at once made the client's next write fail (EPIPE) and could lose it the 413 it had been sent.
    const exchange = await uploadAfterAnswer(port, '/api/user/login', 3 * 1024 * 1024);
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(exchange.answer).toContain('PAYLOAD_TOO_LARGE');
    expect(exchange).toMatchObject({ sending: 'sent', closedWithError: false });
  });
});

// Its own server: the stop ends it, whatever order the tests run in.
describe('the stop', () => {
  beforeAll(startServer);
  afterAll(stopServer);

  it('on SIGTERM under load answers every request sent before it, closes the database after them, exits in time', async () => {
    // Eight kept-alive connections, each sending its next request when the last is answered; SIGTERM once 200 are in.
    // On the embedded database the event loop is busy with the database while requests arrive: the stop used to close
    // the connections it saw idle at once, among them ones whose request was already sent but not yet read, which the
    // kernel then reset (3 and 4 of them in two runs). Every request sent before the signal gets its answer or a 503.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const answers: { status: number | string; sentAfterSignal: boolean }[] = [];
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    let signalledAt = 0;
    const worker = async (w: number) => {
      for (let i = 0; i < 60; i++) {
        const sentAfterSignal = signalledAt > 0;
        // /api/ready queries the database: the call that used to answer 500 once the database had closed. The document
        // takes the server tens of milliseconds to write, while the other connections' requests arrive unread.
        const status = await get(agent, w % 2 ? '/api/openapi.json' : '/api/ready');
        answers.push({ status, sentAfterSignal });
        if (answers.length === 200) {
          signalledAt = Date.now();
          server.kill('SIGTERM');
        }
        if (status === 'ECONNREFUSED') return;
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    const { code, at } = await exited;
    agent.destroy();

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 500)).toEqual([]);
    // Sent before the signal: answered, 200 or 503 (with Connection: close), never a reset connection.
    expect(answers.filter((a) => !a.sentAfterSignal && a.status !== 200 && a.status !== 503)).toEqual([]);
    // Sent after it: a 503 on a kept-alive connection, else the connection closed or refused.
    for (const s of statuses) expect([200, 503, 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']).toContain(s);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(200);
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(12_000);
    // The database closed after the server had stopped accepting, and before the process said it had stopped.
    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; time: number });
    const timeOf = (msg: string) => lines.find((l) => l.msg.startsWith(msg))?.time ?? NaN;
    expect(timeOf('stopping')).toBeLessThanOrEqual(timeOf('database closed'));
    expect(timeOf('database closed')).toBeLessThanOrEqual(timeOf('stopped'));
    expect(output).not.toMatch(/PGlite is closed/);
  });
});
