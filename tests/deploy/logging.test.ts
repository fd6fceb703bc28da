// One pino setup for both sides; the API's per-request line names the request, the user and the food bank,
// never a password or a token; the edge gives every request an id.
import { Writable } from 'node:stream';
import { createDonationApi } from '@/donation-api/app';
import { createLogger } from '@/donation-api/logger';
import { ensureRequestId } from '../../scripts/forwarded-for.mjs';
import { createTestApi, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';

/** A pino destination that keeps every line. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  let raw = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, raw: () => raw, stream };
}

describe('log lines', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi('pglite');
  });
  afterAll(() => api.close());

  it('carry the request id, user and branch ids of an API call, and never its password or token', async () => {
    const out = capture();
    const log = createLogger(out.stream, 'info');
    const app = createDonationApi({
      db: api.db,
      config: api.config,
      mailer: { send: async () => ({ status: 'outbox' }) },
      log,
      now: () => api.clock.now,
    });
    const branch = await fixtures.branch(api);
    const u = await fixtures.user(api, { branchIds: [branch.id] });

    const login = await app.request('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'page-load-1' },
      body: JSON.stringify({ username: u.username, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const res = await app.request(`/api/branch/${branch.id}`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'page-load-1' },
    });
    expect(res.status).toBe(200);

    const line = out.lines.find((l) => l.msg === 'api' && l.path === `/api/branch/${branch.id}`);
    expect(line).toMatchObject({ requestId: 'page-load-1', userId: u.id, branchId: branch.id, status: 200, method: 'GET' });
    expect(out.lines.find((l) => l.path === '/api/user/login')).toMatchObject({ requestId: 'page-load-1', status: 200 });
    expect(out.raw()).not.toContain(token);
    expect(out.raw()).not.toContain(TEST_PASSWORD);
  });

  it('blank passwords, tokens, cookies and authorization headers whatever object is logged', () => {
    const out = capture();
    const log = createLogger(out.stream, 'info');
    log.info(
      {
        password: 'Secret-1',
        body: { newPassword: 'Secret-2', token: 'tok-3' },
        headers: { authorization: 'Bearer tok-4', cookie: 'c=5' },
      },
      'x',
    );
    log.child({ requestId: 'r1' }).warn({ user: { idToken: 'tok-6', deviceCookie: 'v1.7' } }, 'y');
    for (const secret of ['Secret-1', 'Secret-2', 'tok-3', 'tok-4', 'c=5', 'tok-6', 'v1.7']) expect(out.raw()).not.toContain(secret);
    expect(out.lines[1]).toMatchObject({ requestId: 'r1', level: 40 });
  });

  it('the edge keeps a proxy’s request id, and makes one when none (or a strange one) comes in', () => {
    const fresh = () => 'new-id';
    expect(ensureRequestId({ 'x-request-id': 'a1b2c3' }, fresh)).toBe('a1b2c3');
    const headers: Record<string, string | undefined> = {};
    expect(ensureRequestId(headers, fresh)).toBe('new-id');
    expect(headers['x-request-id']).toBe('new-id');
    expect(ensureRequestId({ 'x-request-id': 'evil\nline' }, fresh)).toBe('new-id');
    expect(ensureRequestId({ 'x-request-id': 'x'.repeat(65) }, fresh)).toBe('new-id');
  });
});

describe('redaction at any depth', () => {
  it('blanks a password, token or cookie however deep it is nested, in arrays too, and keeps the rest', () => {
    const out = capture();
    const log = createLogger(out.stream, 'info');
    log.info(
      {
        details: { request: { body: { user: { password: 'Deep-1', name: 'kept-name' } } } },
        calls: [{ headers: { Authorization: 'Bearer deep-2' } }, { body: { data: { token: 'deep-3' } } }],
      },
      'nested',
    );
    for (const secret of ['Deep-1', 'deep-2', 'deep-3']) expect(out.raw()).not.toContain(secret);
    expect(out.raw()).toContain('kept-name');
    expect(out.lines[0]).toMatchObject({ details: { request: { body: { user: { password: '[redacted]' } } } } });
  });

  it('still writes errors with their message and stack', () => {
    const out = capture();
    createLogger(out.stream, 'info').error({ err: new Error('boom') }, 'failed');
    expect(out.lines[0]).toMatchObject({ err: { message: 'boom', type: 'Error' } });
    expect(String((out.lines[0]!.err as { stack: string }).stack)).toContain('boom');
  });
});
