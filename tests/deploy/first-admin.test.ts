// The first program administrator of an empty database, made on the command line (no screen can: the screens need an
// administrator to sign in first), signs in at once through the API: no branch, the program role, every branch.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import * as s from '@/donation-api/db/schema';
import { adminBundle } from '@/scripts/admin-bundle.mjs';
import { runAdminCommand, type AdminIo } from '@/scripts/admin-commands';
import { createTestApi, dbKinds, type TestApi } from '../support/api';

const root = path.resolve(__dirname, '..', '..');
const PASSWORD = 'First-Admin-2026';

describe.each(dbKinds())('create-admin on an empty %s database', (kind) => {
  let api: TestApi;
  const open = async () => {
    api = await createTestApi(kind);
  };
  const close = () => api.close();

  const run = async (argv: string[], io: Partial<AdminIo> = {}) => {
    const lines: string[] = [];
    const code = await runAdminCommand(api.db, argv, { out: (l) => lines.push(l), readFile: async () => '', ...io }, 'admin-cli:test');
    return { code, out: lines.join('\n') };
  };

  // These create nobody: they share one empty database.
  describe('before any administrator', () => {
    beforeAll(open);
    afterAll(close);

    it('lists no user yet, and says how to make the first', async () => {
      expect(await api.db.select().from(s.users)).toEqual([]);
      expect(await run(['list-users'])).toEqual({ code: 0, out: expect.stringContaining('create-admin') });
    });

    it('refuses without a terminal or --password, and when the two typed passwords differ; creates nothing', async () => {
      expect(await run(['create-admin', 'first', 'first@example.org'])).toEqual({
        code: 1,
        out: 'No terminal to type the password in: give it with --password.',
      });
      const typed = ['First-Admin-2026', 'First-Admin-2027'];
      const differ = await run(['create-admin', 'first', 'first@example.org'], { askPassword: async () => typed.shift()! });
      expect(differ).toEqual({ code: 1, out: 'The two passwords differ; nothing was created.' });
      expect(await api.db.select().from(s.users)).toEqual([]);
    });
  });

  // Each of these creates administrators on its own empty database; the one that lists two creates the first itself.
  describe('creating one', () => {
    beforeEach(open);
    afterEach(close);

    it('creates a program administrator from the password typed twice, who signs in at once with no branch', async () => {
      const prompts: string[] = [];
      const askPassword = async (prompt: string) => {
        prompts.push(prompt);
        return PASSWORD;
      };
      const made = await run(['create-admin', 'First', 'first@example.org'], { askPassword });
      expect(made.code).toBe(0);
      expect(made.out).toContain('Created program administrator first');
      expect(made.out).not.toContain(PASSWORD);
      expect(prompts).toEqual(['Password: ', 'Password again: ']);

      const res = await api.request('POST', '/api/user/login', { body: { username: 'first', password: PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ username: 'first', branches: [], branchId: '', program: { role: 'admin', provinces: [] } });
      // The token opens the program's screens' API.
      expect((await api.request('GET', '/api/program/oversight?year=2026&month=1', { token: res.json.token })).status).toBe(200);
    });

    it('takes --password for scripts, and list-users shows both administrators', async () => {
      expect((await run(['create-admin', 'first', 'first@example.org', '--password', PASSWORD])).code).toBe(0);
      expect((await run(['create-admin', 'second', 'second@example.org', '--password', PASSWORD])).code).toBe(0);
      const { code, out } = await run(['list-users']);
      expect(code).toBe(0);
      expect(out.split('\n')).toEqual([
        'first  first@example.org  Admin  active  program admin  no branch',
        'second  second@example.org  Admin  active  program admin  no branch',
      ]);
    });
  });
});

describe('the release folder command line (admin.cjs)', () => {
  // Bundled as scripts/package.mjs bundles it, beside this checkout's node_modules for its external packages.
  const dir = fs.mkdtempSync(path.join(root, 'node_modules', '.rfp-admin-cjs-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names the command that works there in its help and usage lines', async () => {
    await build(adminBundle(path.join(dir, 'admin.cjs')));
    const help = spawnSync(process.execPath, ['admin.cjs', 'help'], { cwd: dir, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: node admin.cjs <command>');
    expect(help.stdout).not.toContain('npm run admin');
    const usage = spawnSync(process.execPath, ['admin.cjs', 'backup'], { cwd: dir, encoding: 'utf8' });
    expect(usage.stdout.trim()).toBe('Usage: node admin.cjs backup <file>');
  });
});
