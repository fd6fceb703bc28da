// More than one server: two API servers (scripts/api-server.ts, `npm run api`: the same /api routes the web
// app serves in process) on ONE PostgreSQL behind a small round-robin proxy, started together on an empty database.
// Everything that must hold across servers lives in the database (tokens, login counters, idempotency keys, the month
// lock), so consecutive calls landing on different servers must behave as on one. Needs TEST_DATABASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, openDb, type DbHandle } from '@/donation-api/db/client';
import * as s from '@/donation-api/db/schema';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { TEST_PASSWORD, fixtures, type TestApi } from '../support/api';

jest.setTimeout(240_000);
const pgDescribe = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const root = path.join(__dirname, '..', '..');

/** Starts `npm run api` (tsx scripts/api-server.ts) on a free port; resolves with the port once it listens. */
function startApiServer(databaseUrl: string): { child: ChildProcess; port: Promise<number> } {
  // One process (tsx as a loader), so that SIGTERM reaches the server itself, not tsx's command line (server-stop.test.ts).
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api-server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOSTNAME: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    const read = (c: Buffer) => {
      output += c.toString();
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`api server exited with ${code}: ${output}`)));
  });
  return { child, port };
}

/** Round robin over the backends; remembers which one served each call. */
function startProxy(ports: number[]) {
  let next = 0;
  const served: number[] = [];
  const server = http.createServer((req, res) => {
    const i = next++ % ports.length;
    served.push(i);
    const upstream = http.request(
      { host: '127.0.0.1', port: ports[i], method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return { server, served };
}

pgDescribe('two API servers on one PostgreSQL behind a round-robin proxy', () => {
  const base = new URL(process.env.TEST_DATABASE_URL || 'postgres://unset');
  const name = `rfp_two_servers_${process.pid}`;
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  let admin: Client;
  const servers: ChildProcess[] = [];
  let proxy: ReturnType<typeof startProxy>;
  let proxyPort: number;
  let handle: DbHandle;
  let api: TestApi;

  const call = async (method: string, p: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await fetch(`http://127.0.0.1:${proxyPort}${p}`, {
      method,
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined, text, replayed: res.headers.get('idempotency-replayed') };
  };

  beforeAll(async () => {
    admin = new Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    // Both start at the same moment on the empty database: each migrates under the advisory lock.
    const started = [startApiServer(url.toString()), startApiServer(url.toString())];
    servers.push(...started.map((s) => s.child));
    const ports = await Promise.all(started.map((s) => s.port));
    proxy = startProxy(ports);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxyPort = (proxy.server.address() as AddressInfo).port;
    handle = await openDb({ databaseUrl: url.toString(), migrate: false, poolSize: 2 });
    // The fixtures only need a database handle and a clock.
    api = { db: handle.db, clock: { now: new Date() } } as unknown as TestApi;
  });

  afterAll(async () => {
    await Promise.all(
      servers.map((child) =>
        child.exitCode === null && child.signalCode === null
          ? new Promise((resolve) => {
              child.once('exit', resolve);
              child.kill('SIGTERM');
            })
          : undefined,
      ),
    );
    if (proxy) await new Promise<void>((resolve) => proxy.server.close(() => resolve()));
    await handle?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('ran each migration once although both servers migrated at the same time', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
    const { rows } = await handle.db.execute<{ n: number; hashes: number }>(
      sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]).toEqual({ n: journal.entries.length, hashes: journal.entries.length });
    for (let i = 0; i < 2; i++) expect((await call('GET', '/api/ready')).status).toBe(200);
  });

  it('signs in, adds, edits, submits and keeps the month locked, every call on the other server', async () => {
    const branch = await fixtures.branch(api, { name: 'Two Servers Food Bank' });
    const user = await fixtures.user(api, { branchIds: [branch.id] });
    const store = await fixtures.store(api, branch.id);
    const login = await call('POST', '/api/user/login', { body: { username: user.username, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.json.token as string;

    // Two days ago (never in the future on either server's clock), in its month.
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const [year, month] = day.split('-').map(Number);
    const body = {
      branchId: branch.id,
      date: day,
      storeId: store.id,
      source: 0,
      weight: 100,
      weightUnit: 1,
      categories: [{ categoryId: 5, categoryName: 'Produce', fraction: 1 }],
      createdBy: user.email,
    };
    const added = await call('POST', `/api/branch/${branch.id}/donations`, { token, body });
    expect(added.status).toBe(201);
    const edited = await call('PUT', `/api/donation/${added.json.id}`, { token, body: { ...body, weight: 120 } });
    expect(edited.status).toBe(200);
    const listed = await call('GET', `/api/branch/${branch.id}/donations/${year}/${month}`, { token });
    expect(listed.status).toBe(200);
    expect(listed.json.map((d: { id: string; weightInPounds: number }) => [d.id, d.weightInPounds])).toEqual([[added.json.id, 120]]);

    const submitted = await call('POST', '/api/branch/submit', {
      token,
      body: { branchId: branch.id, year, month, userContact: user.email },
    });
    expect(submitted.status).toBeLessThan(300);
    // The lock holds on both servers, whichever one the submit went through.
    for (let i = 0; i < 2; i++) {
      const refused = await call('POST', `/api/branch/${branch.id}/donations`, { token, body });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toContain('month already submitted');
      const edit = await call('PUT', `/api/donation/${added.json.id}`, { token, body: { ...body, weight: 1 } });
      expect(edit.status).toBe(400);
    }
    const rows = await handle.db.select().from(s.donations);
    expect(rows.filter((r) => r.branchId === branch.id).map((r) => r.weightInPounds)).toEqual([120]);
    expect(new Set(proxy.served)).toEqual(new Set([0, 1]));
  });

  it('a retry with the same Idempotency-Key on the other server replays the first answer, even when racing', async () => {
    const branch = await fixtures.branch(api, { name: 'Retry Food Bank' });
    const user = await fixtures.user(api, { branchIds: [branch.id] });
    const store = await fixtures.store(api, branch.id);
    const token = (await call('POST', '/api/user/login', { body: { username: user.username, password: TEST_PASSWORD } })).json.token;
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const body = {
      branchId: branch.id,
      date: day,
      storeId: store.id,
      source: 1,
      weight: 7,
      weightUnit: 1,
      categories: [{ categoryId: 3, categoryName: 'Bakery', fraction: 1 }],
      createdBy: user.email,
    };
    const add = (key: string) => call('POST', `/api/branch/${branch.id}/donations`, { token, body, headers: { 'idempotency-key': key } });
    const first = await add('two-servers-1');
    const retry = await add('two-servers-1');
    expect([first.status, retry.status, retry.replayed]).toEqual([201, 201, 'true']);
    expect(retry.json.id).toBe(first.json.id);
    const racing = await Promise.all(Array.from({ length: 6 }, () => add('two-servers-2')));
    expect(racing.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(racing.map((r) => r.json.id)).size).toBe(1);
    const mine = (await handle.db.select().from(s.donations)).filter((r) => r.branchId === branch.id);
    expect(mine).toHaveLength(2);
    expect(mine.every((r) => r.campaignId === RFP_CAMPAIGN_ID)).toBe(true);
  });

  it('counts failed logins across both servers and refuses on both once the limit is reached', async () => {
    const branch = await fixtures.branch(api);
    const user = await fixtures.user(api, { branchIds: [branch.id] });
    const login = (password: string) => call('POST', '/api/user/login', { body: { username: user.username, password } });
    for (let i = 0; i < 5; i++) expect((await login('Wrong-2026')).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      const refused = await login(TEST_PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.json.code).toBe('LOGIN_TOO_MANY');
    }
  });
});
