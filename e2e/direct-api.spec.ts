// `npm start` answers /api calls with the API directly (scripts/direct-api.mts), not through Next's route
// handler, on the same port; /api/auth/... stays next-auth's. Next's router marks what it answers with
// `Vary: rsc, …`: the edge's answers have no such line, which tells the two paths apart from outside.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type APIResponse } from '@playwright/test';
import { adminQuery, freePort } from './support/app-process';
import { expect, test } from './support/test';

const { version } = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as { version: string };
const SECURITY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
};
const viaNext = (res: APIResponse) => /\brsc\b/.test(res.headers().vary ?? '');

test('an API call is answered directly, with the security headers and the request id', async ({ request }) => {
  const res = await request.get('/api/health', { headers: { 'x-request-id': 'e2e-direct-1' } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', version });
  expect(res.headers()).toMatchObject({ ...SECURITY, 'x-request-id': 'e2e-direct-1', 'cache-control': 'no-store' });
  expect(viaNext(res)).toBe(false);
  // An id that is not a plain token is replaced at the edge.
  expect((await request.get('/api/health', { headers: { 'x-request-id': 'not an id' } })).headers()['x-request-id']).toMatch(
    /^[0-9a-f-]{36}$/,
  );
  // A refusal of the API, and a call with a body.
  const refused = await request.get('/api/branch');
  expect(refused.status()).toBe(401);
  expect(refused.headers()).toMatchObject(SECURITY);
  expect(viaNext(refused)).toBe(false);
  const login = await request.post('/api/user/login', {
    data: { username: 'demo', password: 'Demo-2026' },
    headers: { 'x-forwarded-for': '10.66.0.1' },
  });
  expect(login.status()).toBe(200);
  expect(viaNext(login)).toBe(false);
});

test('/api/auth/... still reaches next-auth through Next, OPTIONS still gets Next’s answer', async ({ request }) => {
  const csrf = await request.get('/api/auth/csrf');
  expect(csrf.status()).toBe(200);
  expect((await csrf.json()).csrfToken).toEqual(expect.any(String));
  expect(csrf.headers()).toMatchObject(SECURITY);
  // The marker the other tests rely on: what Next answers carries it.
  expect(viaNext(csrf)).toBe(true);
  const options = await request.fetch('/api/health', { method: 'OPTIONS' });
  expect(options.status()).toBe(204);
  expect(options.headers().allow).toBe('DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT');
});

test.describe('an app started while its PostgreSQL is unreachable', () => {
  const PG = process.env.TEST_DATABASE_URL;
  test.skip(!PG, 'needs TEST_DATABASE_URL (a PostgreSQL the tests may create databases on)');
  test.describe.configure({ timeout: 240_000 });
  const root = path.join(__dirname, '..');
  const dbName = `rfp_direct_api_${process.pid}`;
  let app: ChildProcess | undefined;
  let gate: net.Server | undefined;
  let open = false;
  let origin = '';
  let output = '';

  const psql = (statement: string) => adminQuery(PG!, statement);

  test.beforeAll(async () => {
    await psql(`drop database if exists ${dbName} with (force)`);
    await psql(`create database ${dbName}`);
    // The app's database address: a gate that drops every connection until it is opened, then forwards to PostgreSQL.
    const target = new URL(PG!);
    gate = net.createServer((socket) => {
      if (!open) {
        socket.destroy();
        return;
      }
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => gate!.listen(0, '127.0.0.1', resolve));
    const dbUrl = Object.assign(new URL(PG!), { host: `127.0.0.1:${(gate.address() as AddressInfo).port}`, pathname: `/${dbName}` });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    app = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        DEMO_IN_PRODUCTION: 'yes-this-is-a-demo',
        PORT: String(port),
        HOSTNAME: '127.0.0.1',
        DATABASE_URL: dbUrl.toString(),
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-direct-api-')),
        NEXTAUTH_URL: origin,
        NEXTAUTH_SECRET: randomBytes(32).toString('hex'),
        // One trusted proxy; one failure locks a username, four an address.
        TRUSTED_PROXY_HOPS: '1',
        LOGIN_MAX_FAILURES: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (c: Buffer) => (output = (output + c.toString()).slice(-4000));
    app.stdout!.on('data', keep);
    app.stderr!.on('data', keep);
  });

  test.afterAll(async () => {
    if (app && app.exitCode === null) {
      const exited = new Promise((r) => app!.once('exit', r));
      app.kill('SIGTERM');
      await exited;
    }
    await new Promise<void>((resolve) => (gate ? gate.close(() => resolve()) : resolve()));
    await psql(`drop database if exists ${dbName} with (force)`);
  });

  test('answers 503 with retry-after directly, then serves once the database answers', async ({ request }) => {
    // Until register() has run, Next's route answers (the same 503); then the edge does.
    let res: APIResponse | undefined;
    await expect
      .poll(
        async () => {
          if (app!.exitCode !== null) throw new Error(`the app exited: ${output}`);
          res = await request.get(`${origin}/api/ready`).catch(() => undefined);
          return res ? `${res.status()} ${viaNext(res) ? 'next' : 'direct'}` : 'down';
        },
        { timeout: 180_000, intervals: [500] },
      )
      .toBe('503 direct');
    expect(await res!.json()).toEqual({ status: 'unavailable' });
    expect(res!.headers()).toMatchObject({ ...SECURITY, 'retry-after': '5', 'cache-control': 'no-store' });

    // The next calls try again: once PostgreSQL answers, the API opens (and migrates) and serves.
    open = true;
    await expect.poll(async () => (await request.get(`${origin}/api/ready`)).status(), { timeout: 60_000, intervals: [500] }).toBe(200);
    const ready = await request.get(`${origin}/api/ready`);
    expect(viaNext(ready)).toBe(false);
    expect(ready.headers()).toMatchObject(SECURITY);
  });

  test('the API counts failures on the address the edge rewrote, not on what the client wrote', async ({ request }) => {
    // Behind one proxy the trusted entry is the proxy's (the last the client sent); the forged left parts change
    // every time. Read as sent, each failure would count on a new address and none would be refused.
    const attempt = (i: number) =>
      request.post(`${origin}/api/user/login`, {
        data: { username: `nobody-${i}`, password: 'Wrong-2026' },
        headers: { 'x-forwarded-for': `forged-${i}, 203.0.113.9` },
      });
    for (let i = 0; i < 4; i++) expect((await attempt(i)).status()).toBe(401);
    const refused = await attempt(4);
    expect(refused.status()).toBe(429);
    expect(viaNext(refused)).toBe(false);
  });
});
