// Every refusal a 4xx, across every surface of the built app: the screens, the BFF, next-auth's routes and the API
// get malformed requests from a seeded generator (scripts/fuzz-surfaces.ts; FUZZ_SEED replays a run, FUZZ_REQUESTS
// changes its size), and none may answer 5xx or go unanswered. The server is this spec's own `node scripts/serve.mjs`
// (npm start's server) on a copy of the demo data, so that its log can be read too: a refusal is information, so
// nothing of the run may be logged at error level. `npm run bench:fuzz` runs the same generator at 20,000 requests.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { freePort } from './support/app-process';
import { expect, test } from './support/test';
import {
  apiOperations,
  failures,
  fuzzRequests,
  knownIds,
  send,
  sendAll,
  signIn,
  tally,
  type FuzzRequest,
  type FuzzWorld,
} from '../scripts/fuzz-surfaces';

// A fixed seed by default, so that CI sends the same requests every run; npm run bench:fuzz tries other seeds.
const SEED = Number(process.env.FUZZ_SEED ?? 20261202);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1_000);
const root = path.join(__dirname, '..');
let server: ChildProcess | undefined;
let output = '';
let origin = '';

/**
 * The server's lines at error level or above (pino: 50 error, 60 fatal), and Next's own error lines, which are plain
 * text ("⨯ SyntaxError: …" for an exception a route handler did not catch, answered 500).
 */
const errorLines = () =>
  output.split('\n').flatMap((l) => {
    if (/^(⨯|\w*Error\b)/.test(l)) return [l];
    if (!l.startsWith('{')) return [];
    const entry = JSON.parse(l) as { level: number; msg: string; err?: { message?: string } };
    return entry.level >= 50 ? [`${entry.msg}${entry.err?.message ? `: ${entry.err.message}` : ''}`] : [];
  });

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DEMO_IN_PRODUCTION: 'yes-this-is-a-demo',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DATA_DIR: process.env.E2E_FUZZ_DATA_DIR,
      DATABASE_URL: '',
      NEXTAUTH_URL: origin,
      NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'info',
      // As npm start runs the embedded database: the demo (its data is already in the copy).
      SEED_DEMO: 'true',
      REMINDERS_CRON: 'off',
      TRUSTED_PROXY_HOPS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  try {
    await expect
      .poll(
        async () => {
          if (server!.exitCode !== null) throw new Error(`serve.mjs exited (${server!.exitCode}): ${output}`);
          return fetch(`${origin}/api/ready`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 240_000, intervals: [500] },
      )
      .toBe(200);
  } catch (err) {
    throw new Error(`serve.mjs did not become ready: ${output.slice(-2_000)}`, { cause: err });
  }
});

test.afterAll(() => {
  if (server?.exitCode === null) server.kill('SIGKILL');
});

const raw = (method: string, p: string, headers: Record<string, string> = {}, body?: string): FuzzRequest => ({
  surface: 'screens',
  method,
  path: p,
  headers,
  body,
});

test('the requests that answered 500 before are refused with a 4xx', async () => {
  const demo = await signIn(origin, 'demo', 'Demo-2026');
  const agent = new http.Agent({ keepAlive: true });
  const cases: [string, FuzzRequest][] = [];
  for (const bad of ['%FF', '%', '%ED%A0%80', '%C0%AF', 'x/%E0%A4%A']) {
    cases.push([`a malformed escape in a /bff path (${bad})`, raw('GET', `/bff/${bad}`, { cookie: demo.cookie })]);
    cases.push([`a malformed escape in a screen's path (${bad})`, raw('GET', `/donations/${bad}`, { cookie: demo.cookie })]);
  }
  cases.push(['GET of the credentials callback', raw('GET', '/api/auth/callback/credentials')]);
  cases.push(['GET of the credentials callback, signed in', raw('GET', '/api/auth/callback/credentials', { cookie: demo.cookie })]);
  // Bodies next-auth reads (a form, a JSON object): with a CSRF token that is no token, it sends the browser to its
  // sign-in or error page (302), as it always did; below 500 is all that is asked of them.
  const nextAuthReads: [string, FuzzRequest][] = [];
  const multipartCsrf = '------fuzz\r\nContent-Disposition: form-data; name="csrfToken"\r\n\r\nx\r\n------fuzz--\r\n';
  for (const route of ['session', 'callback/credentials', 'csrf', 'signout', 'signin/credentials']) {
    for (const [type, body] of [
      ['application/json', '{"csrfToken":1}'],
      ['application/json', '{'],
      ['text/plain', 'x'],
      ['multipart/form-data; boundary=----fuzz', multipartCsrf],
      ['multipart/form-data', 'x'],
      ['application/x-www-form-urlencoded', '%FF=%'],
    ]) {
      const request = raw('POST', `/api/auth/${route}`, { 'content-type': type!, cookie: demo.cookie, origin }, body);
      const read = (body!.startsWith('{"') || type!.endsWith('urlencoded')) && route !== 'csrf';
      (read ? nextAuthReads : cases).push([`POST /api/auth/${route} as ${type} (${body!.slice(0, 20)})`, request]);
    }
    const noAddress = raw('GET', `/api/auth/${route}?callbackUrl=javascript:alert(1)`);
    cases.push([`GET /api/auth/${route} with a callback address that is none`, noAddress]);
  }
  const multipart = '------fuzz\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n------fuzz--\r\n';
  cases.push([
    'a multipart/form-data POST to a screen',
    raw('POST', '/', { 'content-type': 'multipart/form-data; boundary=----fuzz', cookie: demo.cookie }, multipart),
  ]);
  cases.push([
    'a multipart/form-data POST to the sign-in page',
    raw('POST', '/login', { 'content-type': 'multipart/form-data; boundary=----fuzz' }, multipart),
  ]);
  cases.push([
    'a server action from another origin',
    raw(
      'POST',
      '/',
      { 'next-action': '0'.repeat(42), origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8', cookie: demo.cookie },
      '["en"]',
    ),
  ]);
  cases.push([
    'an unknown server action',
    raw('POST', '/login', { 'next-action': '0'.repeat(42), origin, 'content-type': 'text/plain;charset=UTF-8' }, '["en"]'),
  ]);
  const answered: string[] = [];
  for (const [name, request] of cases) answered.push(`${name}: ${await send(origin, request, agent)}`);
  const read: string[] = [];
  for (const [name, request] of nextAuthReads) read.push(`${name}: ${await send(origin, request, agent)}`);
  agent.destroy();
  expect(answered.filter((a) => !/: 4\d\d$/.test(a))).toEqual([]);
  expect(read.filter((a) => !/: [1-4]\d\d$/.test(a))).toEqual([]);
});

test(`${REQUESTS} fuzzed requests across the screens, the BFF, next-auth and the API: no 5xx, nothing logged as an error`, async () => {
  const demo = await signIn(origin, 'demo', 'Demo-2026');
  const sessions = [demo, await signIn(origin, 'program', 'Demo-2026'), await signIn(origin, 'retail', 'Demo-2026')];
  const world: FuzzWorld = { origin, sessions, ids: await knownIds(origin, demo.token), operations: await apiOperations(origin) };
  console.log(`fuzz-surfaces: seed ${SEED}, ${REQUESTS} requests (replay: FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS})`);
  const answers = await sendAll(origin, fuzzRequests(SEED, REQUESTS, world), 4);
  const counts = tally(answers);
  console.log(JSON.stringify(counts));
  const failed = failures(answers).map(
    (a) =>
      `#${a.index} ${a.request.method} ${a.request.path.slice(0, 200)} ${JSON.stringify(a.request.headers).slice(0, 300)} → ${a.status}`,
  );
  expect(failed, `seed ${SEED}`).toEqual([]);
  for (const row of Object.values(counts)) expect(row.refused).toBeGreaterThan(0);
  expect(errorLines(), `seed ${SEED}`).toEqual([]);
});
