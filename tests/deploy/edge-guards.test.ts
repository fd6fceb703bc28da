// The edge's guards (scripts/edge-guards.mts) in a real HTTP server composed as scripts/serve.mjs and the release's
// server.js compose them, in front of a stand-in for Next that reads every body it gets, as Next does for a page
// (it buffered up to 10 MB of any anonymous POST to /login before its proxy could refuse it).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { uploadAfterAnswer } from '../support/early-answer';
import {
  closeAfterEarlyAnswer,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  logPageRequest,
  PAGE_BODY_LIMIT_BYTES,
  refuseLargePageBody,
  tuneServer,
} from '../../scripts/edge-guards.mjs';

let server: http.Server;
let port = 0;
const nextRead: { url?: string; bytes: number }[] = [];
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(l));
        done();
      },
    }),
  );
  server = tuneServer(
    http.createServer((req, res) => {
      closeAfterEarlyAnswer(req, res, () => false);
      logPageRequest(log, req, res);
      if (refuseLargePageBody(req, res)) return;
      let bytes = 0;
      req.on('data', (c: Buffer) => (bytes += c.length));
      req.on('end', () => {
        nextRead.push({ url: req.url, bytes });
        res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/html' }).end('<p>page</p>');
      });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  nextRead.length = 0;
  logLines.length = 0;
});

/** A POST that writes its declared 5 MB slowly: the answer must come while most of it is still unsent. */
function slowUpload(path: string, total: number): Promise<{ status: number; sent: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let sent = 0;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': total },
      },
      (res) => {
        clearInterval(timer);
        res.resume();
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, sent, ms: Date.now() - started });
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const timer = setInterval(() => {
      if (sent >= total) return clearInterval(timer);
      req.write(chunk);
      sent += chunk.length;
    }, 20);
  });
}

it('sets keep-alive and header timeouts above a proxy’s idle timeout', () => {
  expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
  expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
  expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
});

it('refuses a 5 MB POST to /login with 413 before reading it, and closes the connection', async () => {
  const total = 5 * 1024 * 1024;
  const { status, sent, ms } = await slowUpload('/login', total);
  expect(status).toBe(413);
  // At 64 KiB per 20 ms the whole body would take over 1.5 s; the answer came after a few chunks at most.
  expect(sent).toBeLessThan(total / 4);
  expect(ms).toBeLessThan(1_500);
  expect(nextRead).toEqual([]);
  expect(logLines).toContainEqual(expect.objectContaining({ msg: 'page', method: 'POST', path: '/login', status: 413 }));
});

it('after refusing a page body, reads and throws away the rest, so a client still sending it is not reset', async () => {
  const exchange = await uploadAfterAnswer(port, '/login', 3 * 1024 * 1024);
  expect(exchange.answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(exchange).toMatchObject({ sending: 'sent', closedWithError: false });
  expect(nextRead).toEqual([]);
});

it('refuses a page body sent without a length (411), which Next would read to find its size', async () => {
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/login' }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.write('a=1'); // chunked: no content-length
    req.end();
  });
  expect(status).toBe(411);
  expect(nextRead).toEqual([]);
});

it('lets a small page POST (a server action) and the API’s and BFF’s own bodies through to their own limits', async () => {
  const post = (path: string, body: string) =>
    fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
  expect((await post('/', 'x'.repeat(PAGE_BODY_LIMIT_BYTES))).status).toBe(200);
  expect((await post('/api/user/login', 'x'.repeat(PAGE_BODY_LIMIT_BYTES + 1))).status).toBe(200);
  expect((await post('/bff/feedback', 'x'.repeat(PAGE_BODY_LIMIT_BYTES + 1))).status).toBe(200);
  expect(nextRead.map((r) => r.bytes)).toEqual([PAGE_BODY_LIMIT_BYTES, PAGE_BODY_LIMIT_BYTES + 1, PAGE_BODY_LIMIT_BYTES + 1]);
});

it('logs every page request with its id, status and time; build files at debug only', async () => {
  await fetch(`http://127.0.0.1:${port}/missing`, { headers: { 'x-request-id': 'page-log-1' } });
  await fetch(`http://127.0.0.1:${port}/_next/static/chunks/a.js`);
  await new Promise((r) => setTimeout(r, 50));
  expect(logLines).toEqual([
    expect.objectContaining({ msg: 'page', level: 30, requestId: 'page-log-1', method: 'GET', path: '/missing', status: 404 }),
  ]);
  expect(typeof logLines[0].durationMs).toBe('number');
});
