// Demo data and production: a production server (the release folder, the container) creates no demo users unless
// SEED_DEMO=true; npm start's demo and development keep them; and while a demo account opens with the published
// password, every production start logs a warning naming it.
import { Writable } from 'node:stream';
import pino from 'pino';
import { prepareDemoData, wantsDemoData } from '@/donation-api/db/demo-policy';
import * as s from '@/donation-api/db/schema';
import { setPassword, setUserDisabled } from '@/donation-api/services/user-admin';
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

const opts = { today: new Date('2026-06-10T12:00:00Z'), bananaBoxLbs: 40 };

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
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  it('creates no demo user by default, and warns of nothing', async () => {
    const { log, warnings } = capturingLogger();
    await prepareDemoData(api.db, kind, { NODE_ENV: 'production' }, log, opts);
    expect(await api.db.select().from(s.users)).toEqual([]);
    expect(warnings()).toEqual([]);
  });

  it('with SEED_DEMO=true creates them, and warns at every start while one keeps the published password', async () => {
    const first = capturingLogger();
    await prepareDemoData(api.db, kind, { NODE_ENV: 'production', SEED_DEMO: 'true' }, first.log, opts);
    expect((await api.db.select({ u: s.users.username }).from(s.users)).map((r) => r.u)).toContain('program');
    expect(first.warnings().map((w) => w.users)).toEqual([['demo', 'demo2', 'ontario', 'program', 'retail']]);
    expect(first.warnings()[0].msg).toContain('Demo-2026');

    // A later start, demo data not asked for: still warned, until every demo door is closed.
    await setPassword(api.db, 'program', 'Changed-2026-pw', 'test', new Date());
    await setUserDisabled(api.db, 'demo', true, 'test', new Date(), 'not used here');
    const again = capturingLogger();
    await prepareDemoData(api.db, kind, { NODE_ENV: 'production' }, again.log, opts);
    expect(again.warnings().map((w) => w.users)).toEqual([['demo2', 'ontario', 'retail']]);

    await setPassword(api.db, 'demo2', 'Changed-2026-pw', 'test', new Date());
    await setPassword(api.db, 'ontario', 'Changed-2026-pw', 'test', new Date());
    await setPassword(api.db, 'retail', 'Changed-2026-pw', 'test', new Date());
    const closed = capturingLogger();
    await prepareDemoData(api.db, kind, { NODE_ENV: 'production' }, closed.log, opts);
    expect(closed.warnings()).toEqual([]);
  });
});
