// PostgreSQL unreachable (stopped, restarting, the network cut) is an outage, not a fault: every call answers 503
// with Retry-After in the API's error shape while it lasts, and the API recovers by itself when the database is back.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { Client } from 'pg';
import { createDonationApi } from '@/donation-api/app';
import { configFromEnv } from '@/donation-api/config';
import { isDatabaseUnreachable, openDb, type DbHandle } from '@/donation-api/db/client';
import { ensureReferenceData } from '@/donation-api/db/reference-data';
import { createMailer } from '@/donation-api/mail/mailer';
import { createTestApi, fixtures, type TestApi } from '../support/api';

/** A TCP relay to PostgreSQL that the test can cut (close and drop every connection) and restore on the same port. */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  await start();
  return { port: () => port, cut, restore: start };
}

const withPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

withPostgres('PostgreSQL outage', () => {
  const base = new URL(process.env.TEST_DATABASE_URL || 'postgres://localhost/postgres');
  const name = `rfp_test_${randomBytes(6).toString('hex')}`;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let handle: DbHandle;
  let app: ReturnType<typeof createDonationApi>;
  let token: string;
  let branchId: string;

  beforeAll(async () => {
    const admin = new Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    relay = await relayTo(base);
    const url = new URL(base.toString());
    url.host = `127.0.0.1:${relay.port()}`;
    url.pathname = `/${name}`;
    handle = await openDb({ databaseUrl: url.toString(), poolSize: 2 });
    await ensureReferenceData(handle.db);
    const log = pino({ level: 'silent' });
    const clock = { now: new Date() };
    const config = { ...configFromEnv({}), smtpUrl: undefined };
    const mailer = createMailer({ db: handle.db, log, smtpUrl: undefined, from: config.mailFrom });
    app = createDonationApi({ db: handle.db, config, mailer, log, now: () => clock.now });
    const world = { db: handle.db, clock } as unknown as TestApi;
    branchId = (await fixtures.branch(world)).id;
    const user = await fixtures.user(world, { branchIds: [branchId] });
    token = await fixtures.token(world, user.id);
  });
  afterAll(async () => {
    await handle.close();
    await relay.cut();
    const admin = new Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const get = () => app.request(`/api/branch/${branchId}`, { headers: { authorization: `Bearer ${token}` } });

  it('answers 503 with Retry-After while the database is unreachable, and recovers without a restart', async () => {
    expect((await get()).status).toBe(200);
    await relay.cut(); // the open connections are terminated, new ones are refused
    for (let i = 0; i < 3; i++) {
      const res = await get();
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(await res.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.stringContaining('database') });
    }
    await relay.restore();
    const back = await get();
    expect(back.status).toBe(200);
    expect((await back.json()).id).toBe(branchId);
  });

  it('counts a connection PostgreSQL terminates (57P01, pg_terminate_backend) as unreachable', async () => {
    const admin = new Client({ connectionString: base.toString() });
    await admin.connect();
    try {
      // A query still running when the server shuts its backend down gets 57P01.
      const sleeper = new Client({ connectionString: `${base.protocol}//${base.username}@127.0.0.1:${relay.port()}/${name}` });
      // The terminated backend also closes the connection. pg reports a close it did not ask for as the client's
      // 'error' event ("Connection terminated unexpectedly"), unless end() was called first: when the close is read
      // before this test's await has resumed and ended the client, an 'error' with no listener fails the whole file
      // (it did, once, in a clean-clone CI run). The app's pool listens for it (donation-api/db/client.ts); so must
      // this client.
      const closed: Error[] = [];
      sleeper.on('error', (err) => closed.push(err));
      await sleeper.connect();
      const pid = (await sleeper.query('select pg_backend_pid() as pid')).rows[0].pid;
      const sleeping = sleeper.query('select pg_sleep(5)').catch((err: unknown) => err);
      await new Promise((r) => setTimeout(r, 100));
      await admin.query('select pg_terminate_backend($1)', [pid]);
      const err = await sleeping;
      expect((err as { code?: string }).code).toBe('57P01');
      expect(isDatabaseUnreachable(err)).toBe(true);
      await sleeper.end().catch(() => undefined);
      for (const e of closed) expect(isDatabaseUnreachable(e)).toBe(true);
      // The pool's own connections were not touched: the API answers as before.
      expect((await get()).status).toBe(200);
    } finally {
      await admin.end();
    }
  });
});

describe('embedded database closed', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi('pglite');
  });

  it('answers 503 with Retry-After once PGlite is closed', async () => {
    const branch = await fixtures.branch(api);
    const user = await fixtures.user(api, { branchIds: [branch.id] });
    const token = await fixtures.token(api, user.id);
    await api.close();
    const res = await api.request('GET', `/api/branch/${branch.id}`, { token });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.json.code).toBe('DATABASE_UNAVAILABLE');
  });
});

describe('what counts as unreachable', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, true],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }, true],
    [{ code: '08006' }, true],
    [new Error('Connection terminated unexpectedly'), true],
    [
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      }),
      true,
    ],
    [Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), {}), true],
    [{ code: '23505', message: 'duplicate key value' }, false],
    [{ code: '22P02' }, false],
    [new Error('boom'), false],
  ])('%o: %s', (err, expected) => {
    expect(isDatabaseUnreachable(err)).toBe(expected);
  });
});
