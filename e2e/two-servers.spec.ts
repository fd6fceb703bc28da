// More than one server: two copies of the whole app (`node scripts/start.mjs`, the Next server with its
// BFF and the API in process, as `npm start` runs it) on ONE PostgreSQL behind a small round-robin proxy, driven by
// the browser. Sessions, idempotency keys and the month lock live in the database or in the signed cookie, so
// consecutive requests landing on different servers must behave as on one. Needs TEST_DATABASE_URL (CI sets it;
// tests/deploy/two-servers.test.ts covers the API's side, the login limit among it, with two API-only servers).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { bffJson, demoMonths, isoDay, MESSAGES, sessionUser } from './support/donations';
import { adminQuery, freePort } from './support/app-process';
import { login } from './support/auth';

const PG = process.env.TEST_DATABASE_URL;
const root = path.join(__dirname, '..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const servers: ChildProcess[] = [];
const served: number[] = [];
let proxy: http.Server | undefined;
let proxyOrigin = '';
let dbUrl = '';

const psql = (statement: string) => adminQuery(PG!, statement);

/** `npm start` as a deployer runs it, on the shared database; resolves once it answers. */
async function startApp(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, DEMO_IN_PRODUCTION: 'yes-this-is-a-demo', ...env, PORT: String(port), HOSTNAME: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  let output = '';
  const keep = (c: Buffer) => (output = (output + c.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`app on port ${port} exited with ${child.exitCode}: ${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`app on port ${port} did not become ready: ${output}`);
}

test.describe('two app servers on one PostgreSQL behind a round-robin proxy', () => {
  test.skip(!PG, 'needs TEST_DATABASE_URL (a PostgreSQL the tests may create databases on)');
  test.describe.configure({ timeout: 240_000 });
  test.use({ baseURL: async ({}, use) => use(proxyOrigin) });

  test.beforeAll(async () => {
    const name = `rfp_two_apps_${process.pid}`;
    await psql(`drop database if exists ${name} with (force)`);
    await psql(`create database ${name}`);
    dbUrl = Object.assign(new URL(PG!), { pathname: `/${name}` }).toString();
    const ports = [await freePort(), await freePort()];
    proxy = http.createServer((req, res) => {
      const i = served.length % ports.length;
      served.push(i);
      const upstream = http.request({ host: '127.0.0.1', port: ports[i], method: req.method, path: req.url, headers: req.headers }, (a) => {
        res.writeHead(a.statusCode ?? 502, a.headers);
        a.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
    proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    // One secret and one public address for both, as behind a real load balancer.
    const env = {
      DATABASE_URL: dbUrl,
      NEXTAUTH_URL: proxyOrigin,
      NEXTAUTH_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-two-apps-')),
    };
    // Both start together on the empty database: the migrations run once, under the advisory lock.
    await Promise.all(ports.map((p) => startApp(p, env)));
    execFileSync(process.execPath, [tsx, 'scripts/seed.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: dbUrl }, stdio: 'pipe' });
  });

  test.afterAll(async () => {
    for (const s of servers) s.kill('SIGTERM');
    await Promise.all(servers.map((s) => (s.exitCode === null ? new Promise((r) => s.once('exit', r)) : null)));
    await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
    if (dbUrl) await psql(`drop database if exists ${new URL(dbUrl).pathname.slice(1)} with (force)`);
  });

  test('sign in, add, edit, see, retry a create and submit, whichever server answers', async ({ page }) => {
    await login(page, { lang: 'en' });
    const user = await sessionUser(page);
    const { open } = demoMonths();
    const before = served.length;

    const [store] = await bffJson<{ id: string }[]>(page, 'GET', `/branch/${user.branchId}/stores`);
    const body = (day: number, weight: number) => ({
      branchId: user.branchId,
      date: isoDay(open, day),
      storeId: store!.id,
      source: 1,
      weight,
      weightUnit: 1,
      categories: [{ categoryId: 2, categoryName: 'Dairy', fraction: 1 }],
    });

    // A create and its retry with the same Idempotency-Key land on different servers: one donation.
    const key = `two-apps-${Date.now()}`;
    const create = async () => {
      const res = await page.request.post(`/bff/branch/${user.branchId}/donations`, {
        headers: { origin: proxyOrigin, 'idempotency-key': key },
        data: body(2, 321.5),
      });
      expect(res.status()).toBe(201);
      return (await res.json()) as { id: string };
    };
    const first = await create();
    const again = await create();
    expect(again.id).toBe(first.id);

    // Edited through one server, read back through the other.
    const other = await bffJson<{ id: string; version: number }>(page, 'POST', `/branch/${user.branchId}/donations`, body(3, 12));
    await bffJson(page, 'PUT', `/donation/${other.id}`, { ...body(3, 13), version: other.version });
    const month = await bffJson<{ id: string; weightInPounds: number }[]>(
      page,
      'GET',
      `/branch/${user.branchId}/donations/${open.year}/${open.month}`,
    );
    expect(month.filter((d) => d.id === first.id)).toHaveLength(1);
    expect(month.find((d) => d.id === other.id)?.weightInPounds).toBe(13);
    await page.goto(`/donations/${open.year}/${open.month}`);
    await expect(page.getByRole('main').getByText('321.5').first()).toBeVisible();

    // Submitted through one server: the month is locked on both.
    await bffJson(page, 'POST', '/branch/submit', { branchId: user.branchId, year: open.year, month: open.month, comments: null });
    for (let i = 0; i < 2; i++) {
      const refused = await page.request.post(`/bff/branch/${user.branchId}/donations`, {
        headers: { origin: proxyOrigin },
        data: body(4, 5),
      });
      expect(refused.status()).toBe(400);
      expect(((await refused.json()) as { code: string }).code).toBe('MONTH_ALREADY_SUBMITTED');
    }
    await page.reload();
    await expect(page.getByText(MESSAGES.en.MonthPage.submittedNote.split('.')[0]!).first()).toBeVisible();

    // Both servers answered this session's requests.
    const mine = served.slice(before);
    expect(new Set(mine)).toEqual(new Set([0, 1]));
  });
});
