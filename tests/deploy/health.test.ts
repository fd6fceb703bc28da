// GET /api/health and /api/ready: no token, and nothing in the answer but ok or unavailable (and, for health, the
// product's version). Health is the process alone (a restart would not bring a database back); ready is the database
// and its migrations, and answers at once while they are still being applied.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { answerApiRequest, closeDonationApi, getDonationApi } from '@/donation-api';
import { createTestApi, dbKinds, type TestApi } from '../support/api';

describe.each(dbKinds())('health checks on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  it('GET /api/health answers ok and the product’s version without a token', async () => {
    const res = await api.request('GET', '/api/health');
    expect(res.status).toBe(200);
    const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(res.json).toEqual({ status: 'ok', version });
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /api/ready answers ok when the database answers and is migrated', async () => {
    const res = await api.request('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers 503 with no detail when the newest migration is missing', async () => {
    const { rows } = await api.db.execute<{ id: number; hash: string; created_at: string }>(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const newest = rows[0];
    await api.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const res = await api.request('GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ status: 'unavailable' });
    } finally {
      await api.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await api.request('GET', '/api/ready')).status).toBe(200);
  });

  it('both are in the OpenAPI document', async () => {
    const doc = (await api.request('GET', '/api/openapi.json')).json;
    expect(doc.paths['/api/health'].get.operationId).toBe('getHealth');
    expect(doc.paths['/api/ready'].get.operationId).toBe('getReady');
    expect(Object.keys(doc.paths['/api/ready'].get.responses).sort()).toEqual(['200', '503']);
    expect(doc.paths['/api/ready'].get.responses['503'].headers['retry-after']).toBeDefined();
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503 unavailable with Retry-After, never a 500 or the error; health still answers ok', async () => {
    const api = await createTestApi('pglite');
    await api.close();
    const res = await api.request('GET', '/api/ready');
    expect(res.status).toBe(503);
    expect(res.text).toBe('{"status":"unavailable"}');
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await api.request('GET', '/api/health')).status).toBe(200);
  });
});

describe('a server whose database could not be opened at start (PostgreSQL unreachable)', () => {
  const saved = process.env.DATABASE_URL;
  beforeAll(async () => {
    // Whatever API an earlier test of this file opened is closed: this one must try to open its own.
    await closeDonationApi();
    // Port 1: nothing listens there, so the connection is refused at once.
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/unreachable';
  });
  afterAll(async () => {
    // A check answered at once still starts the API in the background: let that attempt fail here, on this address.
    await getDonationApi().catch(() => undefined);
    await closeDonationApi();
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  });

  it('answers /api/health 200: the process runs, a restart would not help', async () => {
    const res = await answerApiRequest(new Request('http://localhost/api/health'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers /api/ready and every other call 503 with Retry-After', async () => {
    for (const p of ['/api/ready', '/api/branches']) {
      const res = await answerApiRequest(new Request(`http://localhost${p}`));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ status: 'unavailable' });
    }
  });
});

describe('a server still starting (a first start: migrations and demo data on a new embedded database)', () => {
  const saved = { ...process.env };
  let dataDir: string;
  beforeAll(async () => {
    await closeDonationApi();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-starting-'));
    Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true', REMINDERS_CRON: 'off' });
  });
  afterAll(() => {
    process.env = saved;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /api/ready 503 and /api/health 200 at once, not after the start; ready once it has ended', async () => {
    let startEnded = false;
    const start = getDonationApi().finally(() => (startEnded = true));
    // The edge publishes answerApiRequest before the start ends (instrumentation-node.ts): a check that waited for
    // the start hung for as long as the migrations and the demo data took.
    const ready = await answerApiRequest(new Request('http://localhost/api/ready'));
    const health = await answerApiRequest(new Request('http://localhost/api/health'));
    expect(startEnded).toBe(false);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await ready.json()).toEqual({ status: 'unavailable' });
    expect(health.status).toBe(200);
    await start;
    try {
      expect((await answerApiRequest(new Request('http://localhost/api/ready'))).status).toBe(200);
    } finally {
      await closeDonationApi();
    }
  }, 240_000);
});
