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
  refuseMalformedRequest,
  tuneServer,
} from '../../scripts/edge-guards.mjs';

/** The build's server actions, as serverActionIds reads them from its manifest. */
const ACTIONS = new Set(['a'.repeat(42)]);
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
      if (refuseLargePageBody(req, res) || refuseMalformedRequest(req, res, () => ACTIONS)) return;
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
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain', ...(path === '/' ? { 'next-action': 'a'.repeat(42) } : {}) },
    });
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
  expect(typeof logLines[0]!.durationMs).toBe('number');
});

/** A raw request (fetch would normalise the path), answered status and body. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; body: string; allow?: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text, allow: res.headers.allow }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

it('refuses a path whose escapes are not UTF-8 with 400 MALFORMED_URL, as the API does; /api paths stay the API’s', async () => {
  // Next failed to decode these before any route ran and answered a plain 500.
  for (const bad of ['/bff/%FF', '/bff/%', '/bff/%ED%A0%80', '/bff/%C0%AF', '/donations/%E0%A4%A', '/%FF?x=1']) {
    const res = await raw('GET', bad);
    expect({ bad, status: res.status, code: JSON.parse(res.body).code }).toEqual({ bad, status: 400, code: 'MALFORMED_URL' });
  }
  expect((await raw('GET', '/api/health/%FF')).status).toBe(200); // the stand-in: the API answers it itself
  expect(nextRead.map((r) => r.url)).toEqual(['/api/health/%FF']);
});

it('refuses a body to a page that is no server action (405, Allow: GET, HEAD), and a server action from another origin (403)', async () => {
  const multipart = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n';
  const type = { 'content-type': 'multipart/form-data; boundary=x' };
  for (const [method, path] of [
    ['POST', '/'],
    ['POST', '/login'],
    ['PUT', '/donations/2026/5'],
    ['DELETE', '/branch'],
  ]) {
    const res = await raw(method!, path!, type, multipart);
    expect({ method, path, status: res.status, allow: res.allow }).toEqual({ method, path, status: 405, allow: 'GET, HEAD' });
  }
  const action = { 'next-action': 'a'.repeat(42), 'content-type': 'text/plain;charset=UTF-8', host: `127.0.0.1:${port}` };
  expect((await raw('POST', '/', { ...action, origin: 'https://evil.example' }, '["en"]')).status).toBe(403);
  expect((await raw('POST', '/', { ...action, origin: 'null' }, '["en"]')).status).toBe(403);
  // An action the build does not have (Next logged each as a failure before its 404): 404 with Next's own marker.
  for (const id of ['0'.repeat(42), 'x', '']) {
    const res = await raw('POST', '/login', { ...action, 'next-action': id, origin: `http://127.0.0.1:${port}` }, '["en"]');
    expect({ id, status: res.status }).toEqual({ id, status: 404 });
  }
  expect(nextRead).toEqual([]);
  // The app's own server action (same origin), a page read and the API's and BFF's own requests go on.
  expect((await raw('POST', '/', { ...action, origin: `http://127.0.0.1:${port}` }, '["en"]')).status).toBe(200);
  expect((await raw('GET', '/login')).status).toBe(200);
  expect((await raw('OPTIONS', '/login')).status).toBe(200);
  expect((await raw('DELETE', '/bff/donation/x')).status).toBe(200);
  expect(nextRead.map((r) => r.url)).toEqual(['/', '/login', '/login', '/bff/donation/x']);
});
