// Demo data and production: a production server (the release folder, the container) creates no demo users unless
// SEED_DEMO=true; npm start's demo and development keep them; and while any account opens with the published
// password, a production start refuses to start, unless DEMO_IN_PRODUCTION=yes-this-is-a-demo (then it warns).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { hash } from '@node-rs/argon2';
import pino from 'pino';
import { DemoPasswordInProductionError, prepareDemoData, wantsDemoData } from '@/donation-api/demo/demo-policy';
import * as s from '@/donation-api/db/schema';
import { setPassword, setUserDisabled } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, type TestApi } from '../support/api';

jest.setTimeout(300_000);

/** A logger whose warnings land in lines (JSON, as in production). */
function capturingLogger() {
  const lines: { level: number; msg: string; users?: string[] }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), warnings: () => lines.filter((l) => l.level === 40) };
}

const opts = { now: new Date('2026-06-10T12:00:00Z'), timeZone: 'America/Toronto', bananaBoxLbs: 40 };

describe('who gets demo data', () => {
  it('production gets it only when SEED_DEMO=true; npm start (which sets it) and development keep it', () => {
    expect(wantsDemoData({ NODE_ENV: 'production' }, 'pglite')).toBe(false);
    expect(wantsDemoData({ NODE_ENV: 'production' }, 'postgres')).toBe(false);
    expect(wantsDemoData({ NODE_ENV: 'production', SEED_DEMO: 'true' }, 'pglite')).toBe(true);
    expect(wantsDemoData({ NODE_ENV: 'development' }, 'pglite')).toBe(true);
    expect(wantsDemoData({ NODE_ENV: 'development', SEED_DEMO: 'false' }, 'pglite')).toBe(false);
    expect(wantsDemoData({ NODE_ENV: 'development' }, 'postgres')).toBe(false);
  });
});

describe.each(dbKinds())('a production start on %s', (kind) => {
  let api: TestApi;
  // Each test its own empty database: the demo's accounts, and any other with the published password, are the test's.
  beforeEach(async () => {
    api = await createTestApi(kind);
  });
  afterEach(() => api.close());

  it('creates no demo user by default, and warns of nothing', async () => {
    const { log, warnings } = capturingLogger();
    await prepareDemoData(api.db, kind, { NODE_ENV: 'production' }, log, opts);
    expect(await api.db.select().from(s.users)).toEqual([]);
    expect(warnings()).toEqual([]);
  });

  it('with SEED_DEMO=true creates them, then refuses to start in one line while one keeps the published password', async () => {
    const first = capturingLogger();
    const refusal = await prepareDemoData(api.db, kind, { NODE_ENV: 'production', SEED_DEMO: 'true' }, first.log, opts).catch(
      (err: unknown) => err,
    );
    expect((await api.db.select({ u: s.users.username }).from(s.users)).map((r) => r.u)).toContain('program');
    expect(refusal).toBeInstanceOf(DemoPasswordInProductionError);
    const message = (refusal as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(
      'accounts demo, demo2, edmonton, hamilton, ontario, outaouais, program, retail, sudbury still have the published demo password Demo-2026',
    );
    expect(message).toContain('nothing was started');
    expect(message).toContain('DEMO_IN_PRODUCTION=yes-this-is-a-demo');

    // Any account, not only the demo's usernames.
    await api.db.insert(s.users).values({ username: 'lookalike', email: 'l@example.org', passwordHash: await hash('Demo-2026') });
    const second = await prepareDemoData(api.db, kind, { NODE_ENV: 'production' }, capturingLogger().log, opts).catch((e: Error) => e);
    expect((second as DemoPasswordInProductionError).usernames).toContain('lookalike');
    await setPassword(api.db, 'lookalike', 'Changed-2026-pw', 'test', new Date());

    // The operator's say-so: it starts, and warns at every start while one keeps the published password.
    const demo = { NODE_ENV: 'production', DEMO_IN_PRODUCTION: 'yes-this-is-a-demo' };
    const warned = capturingLogger();
    await expect(prepareDemoData(api.db, kind, demo, warned.log, opts)).resolves.toBeUndefined();
    expect(warned.warnings().map((w) => w.users)).toEqual([
      ['demo', 'demo2', 'edmonton', 'hamilton', 'ontario', 'outaouais', 'program', 'retail', 'sudbury'],
    ]);
    expect(warned.warnings()[0]!.msg).toContain('Demo-2026');

    // Doors closed one by one: still refused until the last one is.
    await setPassword(api.db, 'program', 'Changed-2026-pw', 'test', new Date());
    await setUserDisabled(api.db, 'demo', true, 'test', new Date(), 'not used here');
    const again = await prepareDemoData(api.db, kind, { NODE_ENV: 'production' }, capturingLogger().log, opts).catch((e: Error) => e);
    expect((again as DemoPasswordInProductionError).usernames).toEqual([
      'demo2',
      'edmonton',
      'hamilton',
      'ontario',
      'outaouais',
      'retail',
      'sudbury',
    ]);

    for (const username of ['demo2', 'edmonton', 'hamilton', 'ontario', 'outaouais', 'retail', 'sudbury'])
      await setPassword(api.db, username, 'Changed-2026-pw', 'test', new Date());
    const closed = capturingLogger();
    await expect(prepareDemoData(api.db, kind, { NODE_ENV: 'production' }, closed.log, opts)).resolves.toBeUndefined();
    expect(closed.warnings()).toEqual([]);
  });

  it('outside production nothing is refused (development, and npm start, the demo)', async () => {
    await api.db.insert(s.users).values({ username: 'dev-demo', email: 'd@example.org', passwordHash: await hash('Demo-2026') });
    await expect(prepareDemoData(api.db, kind, { NODE_ENV: 'development' }, capturingLogger().log, opts)).resolves.toBeUndefined();
  });
});

// The server itself: the API alone in production (node --import tsx scripts/api-server.ts, which opens the database
// as the web server's instrumentation does) on an embedded database holding an account with the published password.
describe('a production server process', () => {
  const root = path.resolve(__dirname, '..', '..');
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-demo-refusal-'));
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', 'create-user', 'frontdesk', 'frontdesk@example.org', 'Demo-2026'],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    );
    expect(`${r.stdout}${r.stderr}`).not.toContain('rror');
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  function startApi(extra: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api-server.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOSTNAME: '127.0.0.1', ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    return { child, output: () => output };
  }

  it('refuses to start with one line naming the account and the way out', async () => {
    const api = startApi({ LOG_LEVEL: 'warn', REMINDERS_CRON: 'off' });
    const code = await new Promise<number | null>((resolve) => api.child.once('exit', resolve));
    expect(code).toBe(1);
    const lines = api
      .output()
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('api: using'));
    expect(lines).toEqual([expect.stringContaining('accounts frontdesk still have the published demo password Demo-2026')]);
    expect(lines[0]).toContain('DEMO_IN_PRODUCTION=yes-this-is-a-demo');
  }, 120_000);

  it('starts with DEMO_IN_PRODUCTION=yes-this-is-a-demo, warning of the open account', async () => {
    const api = startApi({ LOG_LEVEL: 'warn', REMINDERS_CRON: 'off', DEMO_IN_PRODUCTION: 'yes-this-is-a-demo' });
    try {
      const until = Date.now() + 110_000;
      while (!api.output().includes('api: listening') && api.child.exitCode === null && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
      expect(api.output()).toContain('api: listening');
      expect(api.output()).toContain('demo accounts frontdesk still have the published password');
    } finally {
      const exited = new Promise((resolve) => api.child.once('exit', resolve));
      api.child.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});
