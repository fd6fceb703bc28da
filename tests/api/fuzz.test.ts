// Bad input gets a clear 4xx, never a 5xx: every operation of the OpenAPI registry receives malformed paths, queries
// and bodies (bad JSON, wrong types, huge strings, half surrogate pairs, control characters, bad ids, escapes that
// are not UTF-8), in process, signed in as a real user who is also a program administrator (so that the program's
// routes run their handlers too). FUZZ_SEED picks another sequence; FUZZ_REQUESTS another count.
import pino from 'pino';
import { Writable } from 'node:stream';
import { createDonationApi } from '@/donation-api/app';
import type { TokenMemo } from '@/donation-api/context';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, fixtures, type TestApi } from '../support/api';
import { addDonation, donationWorld, type World } from './donation-setup';
import { jsonBody, jsonSchemaOf, queryString, seededRandom, segment, type KnownIds } from './fuzz-inputs';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);

/** Query values that let a call get past the first check, so that the broken one next to it is what is read. */
const GOOD_QUERY: Record<string, string> = {
  year: '2026',
  month: '5',
  from: '2026-01-01',
  to: '2026-06-30',
  startDate: '2026-05-01',
  endDate: '2026-05-31',
  format: 'csv',
  lang: 'en',
  page: '1',
  pageSize: '10',
  order: 'desc',
  province: 'ON',
  status: 'pending',
  email: 'fuzz@example.org',
};

/** Operations that hash or verify a password whenever their input is well formed. */
const HASHING = new Set(['POST /user/login', 'POST /user/current-user/change-password', 'POST /invitation/accept']);

type Operation = { method: string; path: string; params: string[]; query: string[]; body?: ReturnType<typeof jsonSchemaOf> };

function operations(app: ReturnType<typeof createDonationApi>): Operation[] {
  return app.openAPIRegistry.definitions.flatMap((d) => {
    if (d.type !== 'route') return [];
    const { method, path, request } = d.route;
    const keys = (schema: unknown) => Object.keys(jsonSchemaOf(schema).properties ?? {});
    const body = (request?.body?.content?.['application/json'] as { schema?: unknown } | undefined)?.schema;
    return [
      {
        method: method.toUpperCase(),
        path,
        params: keys(request?.params),
        query: keys(request?.query),
        body: body ? jsonSchemaOf(body) : undefined,
      },
    ];
  });
}

describe('fuzzing every operation on pglite', () => {
  let api: TestApi;
  let w: World;
  let ids: KnownIds;
  const errors: string[] = [];

  beforeAll(async () => {
    api = await createTestApi('pglite');
    w = await donationWorld(api);
    await grantProgramRole(api.db, w.member.username, 'admin', [], 'fuzz test');
    const donation = await addDonation(api, w, { date: '2026-05-04' });
    ids = {
      branch: w.branch.id,
      other: w.other.id,
      store: w.store.id,
      campaign: w.campaign!.id,
      user: w.member.id,
      outsider: w.outsider.id,
      donation: donation.id,
    };
  });
  afterAll(() => api.close());

  it(`answers no 5xx to ${REQUESTS} malformed requests (seed ${SEED})`, async () => {
    // The same database, with a logger that keeps what the API could not answer.
    const sink = new Writable({
      write(chunk, _enc, done) {
        const line = JSON.parse(String(chunk));
        errors.push(`${line.requestId}: ${line.err?.message ?? line.msg}`);
        done();
      },
    });
    const app = createDonationApi({
      db: api.db,
      config: api.config,
      // Mail is not what this test fuzzes: every mail is taken as queued, as on a server without SMTP (the outbox
      // itself is tested in mail-outbox.test.ts), so that ten thousand requests stay quick.
      mailer: { send: async () => ({ status: 'queued' }) } as never,
      log: pino({ level: 'error' }, sink),
      now: () => api.clock.now,
    });
    const ops = operations(app);
    expect(ops.length).toBeGreaterThan(90);
    const r = seededRandom(SEED);
    let token = w.token;
    let memo: TokenMemo = new Map();
    const failures: string[] = [];
    const notJson: string[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();
    const cpu = process.cpuUsage();
    const slow = new Map<string, number>();

    // Password checks (argon2) cost a hundred ordinary calls: those operations get one turn in five.
    const schedule = Array.from({ length: 5 }, (_, round) =>
      ops.filter((op) => round === 0 || !HASHING.has(`${op.method} ${op.path}`)),
    ).flat();
    for (let i = 0; i < REQUESTS; i++) {
      const op = schedule[i % schedule.length];
      let path = `/api${op!.path}`.replace(/\{([^}]+)\}/g, (_, name: string) => segment(r, name, ids));
      path += queryString(r, op!.query, ids, GOOD_QUERY);
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-request-id': `fuzz-${SEED}-${i}` };
      let body: string | undefined;
      if (op!.method !== 'GET' && op!.method !== 'DELETE') {
        body = jsonBody(r, op!.body ?? {}, ids).text;
        headers['content-type'] =
          r.next() < 0.05
            ? r.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'])
            : 'application/json';
        if (r.next() < 0.05) headers['idempotency-key'] = r.pick(['', 'k'.repeat(500), `fuzz-${i % 7}`]);
      }
      const t0 = Date.now();
      // Reads share one token lookup per 100 calls, as a page render's calls do (auth/token-memo.ts): the lookup
      // is most of a refused call's cost on the embedded database. Writes look the token up each time.
      if (i % 100 === 0) memo = new Map();
      const res = await app.request(path, { method: op!.method, headers, body }, { tokenMemo: memo });
      if (process.env.FUZZ_PROFILE) slow.set(op!.method + ' ' + op!.path, (slow.get(op!.method + ' ' + op!.path) ?? 0) + Date.now() - t0);
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `#${i} ${op!.method} ${path.slice(0, 200)} ${body === undefined ? '' : body.slice(0, 200)}`;
      if (res.status >= 500) failures.push(`${where} → ${res.status} ${text.slice(0, 200)}`);
      else if (res.status >= 400 && !/^\{"code":"[A-Z_]+","message":/.test(text))
        notJson.push(`${where} → ${res.status} ${text.slice(0, 100)}`);
      // A logout (or a refused token) signs the user out: sign in again so that the calls after it reach the routes.
      if (res.status === 401 || (op!.path === '/user/logout' && res.status < 300)) {
        token = await fixtures.token(api, w.member.id);
        memo = new Map();
      }
    }

    if (process.env.FUZZ_PROFILE) console.info([...slow].sort((a, b) => b[1] - a[1]).slice(0, 25));
    const seconds = (Date.now() - started) / 1000;
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    const cpuSeconds = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1e6;
    console.info(
      `fuzz seed ${SEED}: ${REQUESTS} requests in ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s of CPU); ${summary.join(', ')}`,
    );
    expect({ failures: failures.slice(0, 20), logged: errors.slice(0, 20) }).toEqual({ failures: [], logged: [] });
    expect(notJson.slice(0, 20)).toEqual([]);
    expect(REQUESTS).toBeGreaterThanOrEqual(10_000);
  }, 600_000);
});
