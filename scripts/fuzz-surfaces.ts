// Malformed requests to every surface of the running app, as a scanner or a broken client sends them: the screens
// (pages, server actions, bodies no form of the app sends), the BFF (/bff/...), next-auth's routes (/api/auth/...)
// and the API (/api/...). Every request is made from a seeded generator, so the same seed sends the same requests
// and a failure replays. Used by e2e/fuzz-surfaces.spec.ts (a few thousand, in CI) and scripts/bench-fuzz.ts (20,000
// or more). Every answer must be below 500: a refusal is a 4xx.
import http from 'node:http';
import { SCREENS } from '../web/screen-access';
import { seededRandom, type Random } from '../tests/api/fuzz-inputs';

export const SURFACES = ['screens', 'bff', 'auth', 'api'] as const;
export type Surface = (typeof SURFACES)[number];

export type FuzzRequest = { surface: Surface; method: string; path: string; headers: Record<string, string>; body?: string };
/** A signed-in browser: its cookies for the screens, the BFF and next-auth; its API token for the API. */
export type Session = { name: string; cookie: string; token: string };
/** What the generator knows of the server: sessions, real ids and the API's operations (from its OpenAPI document). */
export type FuzzWorld = { origin: string; sessions: Session[]; ids: string[]; operations: { method: string; path: string }[] };
export type FuzzAnswer = { request: FuzzRequest; status: number | string; index: number };

/** Path segments that break something: escapes that are not UTF-8, dot segments, NUL, a slash escaped, huge ones. */
const BAD_SEGMENTS = [
  '%FF',
  '%',
  '%ED%A0%80',
  '%C0%AF',
  '%E0%A4%A',
  '%00',
  '%2F',
  '%2e%2e',
  '..',
  '%5C',
  'x',
  '-1',
  '1e309',
  'NaN',
  '9'.repeat(40),
  'a'.repeat(600),
  '%F0%9F%8D%8E',
  '%3Cscript%3E',
  '00000000-0000-0000-0000-000000000000',
];
const BAD_VALUES = [
  '',
  'x',
  '-1',
  '0',
  '1e309',
  '2026-02-30',
  '%FF',
  '%',
  '%ED%A0%80',
  '%00',
  '%01%1B%7F',
  '<script>',
  '9'.repeat(40),
  'x'.repeat(5000),
  '//evil.example',
  'javascript:alert(1)',
];
const QUERY_KEYS = [
  'year',
  'month',
  'province',
  'status',
  'q',
  'sort',
  'order',
  'page',
  'from',
  'to',
  'callbackUrl',
  'error',
  'sso',
  'adminLogin',
  'lang',
  'format',
  'branchId',
  'include',
  'before',
  'token',
];
const GOOD_VALUES: Record<string, string[]> = {
  year: ['2026', '2025'],
  month: ['5', '2026-05', '12'],
  province: ['ON', 'QC'],
  status: ['pending', 'submitted', 'overdue'],
  order: ['asc', 'desc'],
  lang: ['en', 'fr'],
  format: ['csv', 'xlsx'],
};
const AUTH_ROUTES = [
  'csrf',
  'session',
  'providers',
  'signin',
  'signin/credentials',
  'callback/credentials',
  'signout',
  'error',
  'callback/azure-ad',
  'callback/azure-ad-b2c',
  '_log',
  'x',
];
const CONTENT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded; charset=utf-16',
  'application/xml',
  'application/json; charset=latin1',
  '*/*',
  'x',
];

/** A body for a content type: well formed about half the time, else broken in one of the ways a parser meets. */
function bodyFor(r: Random, type: string): string {
  const broken = [
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '"\u0000"',
    '%FF=%',
    'a=%ED%A0%80&b=%',
    '------fuzz\r\nContent-Disposition: form-data; name="x"\r\n\r\n',
    '------fuzz\r\nContent-Disposition: form-data; name="$ACTION_ID_x"\r\n\r\ny\r\n------fuzz--\r\n',
    '------fuzz\r\nContent-Disposition: form-data; name="1_$ACTION_REF_1"\r\n\r\n\r\n------fuzz--\r\n',
    '<?xml version="1.0"?><a/>',
    '\ud800',
    'x'.repeat(40_000),
  ];
  if (r.next() < 0.5) return r.pick(broken);
  if (type.startsWith('multipart')) {
    return `------fuzz\r\nContent-Disposition: form-data; name="${r.pick(['csrfToken', 'username', 'file', '$ACTION_KEY'])}"\r\n\r\n${r.pick(BAD_VALUES)}\r\n------fuzz--\r\n`;
  }
  if (type.includes('urlencoded'))
    return `csrfToken=${r.pick(['x', '', '%FF'])}&username=${r.pick(['demo', '%00', ''])}&password=${r.pick(['x', '%'])}&json=true`;
  return JSON.stringify({ [r.pick(['username', 'year', 'branchId', 'x'])]: r.pick([1, 'x', null, [], {}, '\u0000', 'x'.repeat(3000)]) });
}

function query(r: Random): string {
  if (r.next() < 0.3) return '';
  const parts: string[] = [];
  for (let i = 1 + r.int(3); i > 0; i--) {
    const key = r.pick(QUERY_KEYS);
    const good = GOOD_VALUES[key];
    parts.push(`${key}=${good && r.next() < 0.4 ? r.pick(good) : r.pick(BAD_VALUES)}`);
  }
  return `?${parts.join('&')}`;
}

function segmentFor(r: Random, world: FuzzWorld, name: string): string {
  if (r.next() < 0.45) return r.pick(BAD_SEGMENTS);
  if (/year/i.test(name)) return r.pick(['2026', '2025', '1900', '9999']);
  if (/month/i.test(name)) return r.pick(['5', '1', '12', '13']);
  return encodeURIComponent(r.pick(world.ids));
}

function session(r: Random, world: FuzzWorld): Session | undefined {
  return r.next() < 0.15 ? undefined : r.pick(world.sessions);
}

function screenRequest(r: Random, world: FuzzWorld, origin: string): FuzzRequest {
  const route = r.pick(Object.keys(SCREENS));
  const path = route.replace(/\[(\w+)\]/g, (_, name: string) => segmentFor(r, world, name)) + query(r);
  const s = session(r, world);
  const headers: Record<string, string> = s ? { cookie: s.cookie } : {};
  const roll = r.next();
  if (roll < 0.55) return { surface: 'screens', method: r.pick(['GET', 'GET', 'HEAD']), path, headers };
  if (roll < 0.75) {
    // A server action: a made-up id, from this origin or another, with what a client or a scanner may send.
    const type = r.pick(['text/plain;charset=UTF-8', 'multipart/form-data; boundary=----fuzz', 'application/x-www-form-urlencoded']);
    headers['next-action'] = r.pick(['0'.repeat(42), 'x', '7f' + 'a'.repeat(40), '']);
    headers.origin = r.pick([origin, origin, 'https://evil.example', 'null']);
    headers['content-type'] = type;
    if (r.next() < 0.3) headers['next-router-state-tree'] = r.pick(['%FF', '[]', 'x']);
    return { surface: 'screens', method: 'POST', path, headers, body: r.next() < 0.5 ? '["en"]' : bodyFor(r, type) };
  }
  const type = r.pick(CONTENT_TYPES);
  headers['content-type'] = type;
  if (r.next() < 0.5) headers.origin = r.pick([origin, 'https://evil.example']);
  return {
    surface: 'screens',
    method: r.pick(['POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']),
    path,
    headers,
    body: bodyFor(r, type),
  };
}

function operationPath(r: Random, world: FuzzWorld): { method: string; path: string } {
  const op = r.pick(world.operations);
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => segmentFor(r, world, name));
  const method = r.next() < 0.85 ? op.method : r.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
  return { method, path: path + (r.next() < 0.1 ? `/${r.pick(BAD_SEGMENTS)}` : '') + query(r) };
}

function bffRequest(r: Random, world: FuzzWorld, origin: string): FuzzRequest {
  const { method, path } = operationPath(r, world);
  const s = session(r, world);
  const headers: Record<string, string> = s ? { cookie: s.cookie } : {};
  const request: FuzzRequest = { surface: 'bff', method, path: `/bff${path.replace(/^\/api/, '')}`, headers };
  if (method !== 'GET' && method !== 'HEAD') {
    headers.origin = r.next() < 0.8 ? origin : 'https://evil.example';
    const type = r.next() < 0.6 ? 'application/json' : r.pick(CONTENT_TYPES);
    headers['content-type'] = type;
    request.body = bodyFor(r, type);
    if (r.next() < 0.2) headers['idempotency-key'] = r.pick(['x', '%FF', 'k'.repeat(300), '3f2b9c1e-8a4d-4c2b-9e7f-0123456789ab']);
  }
  return request;
}

function authRequest(r: Random, world: FuzzWorld, origin: string): FuzzRequest {
  const route = r.next() < 0.9 ? r.pick(AUTH_ROUTES) : r.pick(BAD_SEGMENTS);
  const s = session(r, world);
  const headers: Record<string, string> = s ? { cookie: s.cookie } : {};
  const method = r.pick(['GET', 'GET', 'POST', 'POST', 'POST', 'PUT', 'HEAD']);
  const request: FuzzRequest = { surface: 'auth', method, path: `/api/auth/${route}${query(r)}`, headers };
  if (method === 'POST' || method === 'PUT') {
    const type = r.next() < 0.15 ? undefined : r.pick(CONTENT_TYPES);
    if (type) headers['content-type'] = type;
    if (r.next() < 0.7) headers.origin = r.pick([origin, 'https://evil.example']);
    request.body = bodyFor(r, type ?? '');
  }
  return request;
}

function apiRequest(r: Random, world: FuzzWorld): FuzzRequest {
  const { method, path } = operationPath(r, world);
  const s = session(r, world);
  const headers: Record<string, string> = s ? { authorization: `Bearer ${s.token}` } : {};
  const request: FuzzRequest = { surface: 'api', method, path, headers };
  if (method !== 'GET' && method !== 'HEAD') {
    const type = r.next() < 0.7 ? 'application/json' : r.pick(CONTENT_TYPES);
    headers['content-type'] = type;
    request.body = bodyFor(r, type);
  }
  return request;
}

/** The `count` requests of a seed, the four surfaces in turn. */
export function* fuzzRequests(seed: number, count: number, world: FuzzWorld): Generator<FuzzRequest> {
  const r = seededRandom(seed);
  const origin = world.origin;
  for (let i = 0; i < count; i++) {
    const surface = SURFACES[i % SURFACES.length];
    if (surface === 'screens') yield screenRequest(r, world, origin);
    else if (surface === 'bff') yield bffRequest(r, world, origin);
    else if (surface === 'auth') yield authRequest(r, world, origin);
    else yield apiRequest(r, world);
  }
}

/** Sends one request as given (the path byte for byte: fetch would normalise it) and answers its status. */
export function send(origin: string, request: FuzzRequest, agent: http.Agent, timeoutMs = 60_000): Promise<number | string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers = { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const req = http.request({ hostname, port, method: request.method, path: request.path, headers, agent, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    req.end(body);
  });
}

/** Sends every request, `concurrency` at a time over kept-alive connections; answers each status. */
export async function sendAll(origin: string, requests: Iterable<FuzzRequest>, concurrency = 4): Promise<FuzzAnswer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const answers: FuzzAnswer[] = [];
  const queue = [...requests].map((request, index) => ({ request, index }));
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const { request, index } = queue[next++]!;
      answers.push({ request, index, status: await send(origin, request, agent) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return answers.sort((a, b) => a.index - b.index);
}

/** Counts per surface: requests, 4xx, 5xx, and answers that were no HTTP answer at all. */
export function tally(answers: FuzzAnswer[]) {
  const rows = Object.fromEntries(SURFACES.map((s) => [s, { requests: 0, ok: 0, refused: 0, failed: 0, broken: 0 }]));
  for (const { request, status } of answers) {
    const row = rows[request.surface];
    row!.requests++;
    if (typeof status !== 'number') row!.broken++;
    else if (status >= 500) row!.failed++;
    else if (status >= 400) row!.refused++;
    else row!.ok++;
  }
  return rows as Record<Surface, { requests: number; ok: number; refused: number; failed: number; broken: number }>;
}

/** Answers of 500 and up, or none at all (a reset connection, a time-out): what the test and the benchmark report. */
export const failures = (answers: FuzzAnswer[]) => answers.filter((a) => typeof a.status !== 'number' || a.status >= 500);

type CookieJar = Map<string, string>;
const jarHeader = (jar: CookieJar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
function keep(jar: CookieJar, res: Response) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

/** Signs a user in as the browser does (next-auth's CSRF token, then its credentials callback) and through the API. */
export async function signIn(origin: string, username: string, password: string): Promise<Session> {
  const jar: CookieJar = new Map();
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  keep(jar, csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jarHeader(jar), origin },
    body: new URLSearchParams({ csrfToken, username, password, json: 'true', callbackUrl: '/' }),
  });
  keep(jar, res);
  if (![...jar.keys()].some((k) => k.endsWith('session-token'))) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  const login = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`API login of ${username} failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  return { name: username, cookie: jarHeader(jar), token };
}

/** The API's operations, from the document the server publishes. */
export async function apiOperations(origin: string): Promise<{ method: string; path: string }[]> {
  const doc = (await (await fetch(`${origin}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
}

/** Ids the screens and the API know (the demo user's branches and months' donations), so some requests go deep. */
export async function knownIds(origin: string, token: string): Promise<string[]> {
  const get = async (p: string) => {
    const res = await fetch(`${origin}${p}`, { headers: { authorization: `Bearer ${token}` } });
    return res.ok ? ((await res.json()) as unknown) : undefined;
  };
  const me = (await get('/api/user/current-user')) as { branches?: { id: string }[] } | undefined;
  const ids = new Set<string>((me?.branches ?? []).map((b) => b.id));
  return [...ids, '3f2b9c1e-8a4d-4c2b-9e7f-0123456789ab'];
}
