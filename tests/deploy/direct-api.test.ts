// The edge (scripts/serve.mjs, the release's server.js) answers /api calls with the API directly instead
// of through Next's route handler. Here the edge's listener runs in a real HTTP server in front of a stand-in for
// Next, with the real API published under the global instrumentation-node.ts uses; e2e/direct-api.spec.ts checks
// the built app (npm start) and its 503 path.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { directApiListener, isDirectApiCall } from '../../scripts/direct-api.mjs';
import { rewriteOnEveryServer } from '../../scripts/forwarded-for.mjs';
import { createTestApi, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';

// Spelled out here, not imported: the contract between Next's bundle and the edge.
const PUBLISHED = Symbol.for('rfp.donationApi.fetch');
const SECURITY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
};

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; chunks: number[] };

describe('which calls the edge answers itself', () => {
  it.each([
    ['GET', '/api/health', true],
    ['GET', '/api/branch/6f1c2b1e-7c1d-4d8e-9a0b-1c2d3e4f5a6b/donations/2026/10?x=%00', true],
    ['POST', '/api/user/login', true],
    ['HEAD', '/api/health', true],
    ['PATCH', '/api/x', true],
    ['GET', '/api/auth', true], // not next-auth's: [...nextauth] needs a segment after it, so the API answers 404 either way
    ['GET', '/api/auth/csrf', false],
    ['POST', '/api/auth/callback/credentials?x=1', false],
    ['OPTIONS', '/api/health', false],
    ['TRACE', '/api/health', false],
    ['GET', '/api', false],
    ['GET', '/api/', false],
    ['GET', '/api/health/', false],
    ['GET', '/api//health', false],
    ['GET', '/api/x/../health', false],
    ['GET', '/api/./health', false],
    ['GET', '/api/%61uth/csrf', false],
    ['GET', '/api/he%6clth', false],
    ['GET', '/api/a\\b', false],
    ['GET', '/api/health/%FF', true], // Next's own answer is a plain-text 500: the API refuses it in its error shape
    ['GET', '/api/donation/%E0%A4%A', true],
    ['GET', '/api/auth/%FF', true],
    ['GET', '/bff/x', false],
    ['GET', '/login', false],
    ['GET', 'http://example.test/api/health', false],
  ])('%s %s: %s', (method, url, direct) => {
    expect(isDirectApiCall(method, url)).toBe(direct);
  });
});

describe('the edge in front of Next, as the release server composes it', () => {
  let api: TestApi;
  let server: http.Server;
  let port = 0;
  const nextSaw: string[] = [];
  const failures: { err: unknown; url?: string }[] = [];
  let answerer: (request: Request) => Promise<Response>;

  function call(method: string, path: string, headers: Record<string, string> = {}, chunks: string[] = []): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        const body: Buffer[] = [];
        const at: number[] = [];
        res.on('data', (c: Buffer) => {
          body.push(c);
          at.push(Date.now() - started);
        });
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(body), chunks: at }));
      });
      req.on('error', reject);
      // Written in pieces without a content-length: a chunked body, as a streaming client sends it.
      for (const c of chunks) req.write(c);
      req.end();
    });
  }

  beforeAll(async () => {
    api = await createTestApi('pglite');
    const branch = await fixtures.branch(api);
    await fixtures.user(api, { username: 'edge-user', branchIds: [branch.id] });
    const httpModule = { createServer: http.createServer } as typeof http;
    rewriteOnEveryServer(
      httpModule,
      0,
      directApiListener('localhost:0', (err, req) => failures.push({ err, url: req.url }), '1.0.0'),
    );
    // The stand-in for Next's server: whatever reaches it is not the direct path.
    server = httpModule.createServer((req, res) => {
      nextSaw.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'x-answered-by': 'next' }).end('next');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    delete (globalThis as Record<symbol, unknown>)[PUBLISHED];
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await api.close();
  });
  beforeEach(() => {
    nextSaw.length = 0;
    failures.length = 0;
    answerer = async (request) => api.app.fetch(request);
    (globalThis as Record<symbol, unknown>)[PUBLISHED] = (request: Request) => answerer(request);
  });

  it('until the API is published: answers the probes at once as starting, leaves every other call to Next', async () => {
    delete (globalThis as Record<symbol, unknown>)[PUBLISHED];
    const health = await call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok', version: '1.0.0' });
    expect(health.headers).toMatchObject({ ...SECURITY, 'cache-control': 'no-store' });
    const ready = await call('GET', '/api/ready?from=probe');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body.toString())).toEqual({ status: 'unavailable' });
    expect(ready.headers).toMatchObject({ ...SECURITY, 'retry-after': '5' });
    const other = await call('GET', '/api/branches');
    expect(other.headers['x-answered-by']).toBe('next');
    expect(nextSaw).toEqual(['GET /api/branches']);
  });

  it('answers an API call itself, with the security headers and the request id', async () => {
    const given = await call('GET', '/api/health', { 'x-request-id': 'edge-test-1' });
    expect(given.status).toBe(200);
    expect(JSON.parse(given.body.toString())).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    expect(given.headers).toMatchObject({ ...SECURITY, 'x-request-id': 'edge-test-1', 'cache-control': 'no-store' });
    // An id that is not a plain token is replaced at the edge, before the API sees it.
    const replaced = await call('GET', '/api/health', { 'x-request-id': 'not an id' });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // The API's own refusals get them too.
    expect(await call('GET', '/api/branch')).toMatchObject({ status: 401, headers: SECURITY });
    expect(nextSaw).toEqual([]);
  });

  it('answers a path Next cannot decode with the API’s 400, not Next’s plain-text 500', async () => {
    const res = await call('GET', '/api/donation/%E0%A4%A', { 'x-request-id': 'edge-bad-escape' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString())).toMatchObject({ code: 'MALFORMED_URL' });
    expect(res.headers).toMatchObject({ ...SECURITY, 'x-request-id': 'edge-bad-escape' });
    expect(nextSaw).toEqual([]);
  });

  it('leaves next-auth, OPTIONS and paths Next would rewrite to Next', async () => {
    for (const [method, path] of [
      ['GET', '/api/auth/csrf'],
      ['OPTIONS', '/api/health'],
      ['GET', '/api/health/'],
      ['GET', '/api/x/../health'],
    ])
      expect((await call(method!, path!)).headers['x-answered-by']).toBe('next');
    expect(nextSaw).toEqual(['GET /api/auth/csrf', 'OPTIONS /api/health', 'GET /api/health/', 'GET /api/x/../health']);
  });

  it('reads a body sent without a length (Hono’s body limit rebuilds the request with the global Request)', async () => {
    const ok = await call('POST', '/api/user/login', { 'content-type': 'application/json' }, [
      '{"username":"edge-user",',
      `"password":"${TEST_PASSWORD}"}`,
    ]);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body.toString()).token).toEqual(expect.any(String));
    const big = await call('POST', '/api/user/login', { 'content-type': 'application/json' }, ['"', 'x'.repeat(300 * 1024), '"']);
    expect(big.status).toBe(413);
    expect(failures).toEqual([]);
  });

  it('gzips as Next did when the client accepts it', async () => {
    const res = await call('GET', '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(zlib.gunzipSync(res.body).toString()).openapi).toBe('3.1.0');
    const plain = await call('GET', '/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('streams an answer as it is produced', async () => {
    answerer = async () => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('first,'));
          await new Promise((r) => setTimeout(r, 400));
          controller.enqueue(encoder.encode('second'));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/csv' } });
    };
    const res = await call('GET', '/api/donation/export');
    expect(res.body.toString()).toBe('first,second');
    // The first part arrived well before the last was written.
    expect(res.chunks.length).toBeGreaterThan(1);
    expect(res.chunks.at(-1)! - res.chunks[0]!).toBeGreaterThan(200);
    expect(res.headers).toMatchObject(SECURITY);
  });

  it('answers 500 and logs what the API could not answer', async () => {
    answerer = () => Promise.reject(new Error('boom'));
    const res = await call('GET', '/api/health');
    expect(res.status).toBe(500);
    expect(res.headers).toMatchObject(SECURITY);
    expect(failures).toEqual([{ err: expect.objectContaining({ message: 'boom' }), url: '/api/health' }]);
  });

  it('hands the API the x-forwarded-for rewritten from the socket', async () => {
    answerer = async (request) => Response.json({ xff: request.headers.get('x-forwarded-for'), url: request.url });
    const res = JSON.parse((await call('GET', '/api/echo', { 'x-forwarded-for': 'forged' })).body.toString());
    expect(res.xff).toBe('127.0.0.1');
    // request.url from the Host header, as the client addressed the server.
    expect(res.url).toBe(`http://127.0.0.1:${port}/api/echo`);
  });
});
