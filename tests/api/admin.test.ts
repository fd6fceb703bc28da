import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { openDb } from '@/donation-api/db/client';
import { importBranches, importStores } from '@/donation-api/people-places/csv-import';
import { AdminError, createUser, linkUser, parseLoginType, setPassword, unlinkUser } from '@/donation-api/people-places/user-admin';
import { runAdminCommand } from '@/scripts/admin-commands';
import { verifyPassword } from '@/donation-api/sign-in/users';
import { LoginType, RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import { migratedDataDir } from '../support/template-db';

const ACTOR = 'admin-cli:test';

describe.each(dbKinds())('admin service on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  // Files the commands read, by name: the CSV imports see these instead of the disk.
  const files: Record<string, string> = {};
  const withFile = (name: string, text: string) => {
    files[name] = text;
  };
  const readFile = async (p: string) => {
    if (!(p in files)) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: p });
    return files[p]!;
  };
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdminCommand(api.db, argv, { out: (l) => lines.push(l), readFile }, ACTOR);
    return { code, out: lines.join('\n') };
  };

  describe('create-user', () => {
    it('creates an Admin user who can sign in, lower-cased, audited without the hash', async () => {
      const { code, out } = await run('create-user', ' New.Admin ', 'new.admin@example.org', '--password', 'Start-2026', '--locale', 'fr');
      expect(code).toBe(0);
      expect(out).toContain('Created user new.admin');
      expect(out).not.toContain('Start-2026');
      const [u] = await api.db.select().from(s.users).where(eq(s.users.username, 'new.admin'));
      expect(u).toMatchObject({ email: 'new.admin@example.org', loginType: LoginType.Admin, locale: 'fr', workplace: false });
      expect(u!.passwordHash).toMatch(/^\$argon2id\$/);
      const branch = await fixtures.branch(api);
      await linkUser(api.db, 'NEW.ADMIN', branch.id, ACTOR);
      const login = await api.request('POST', '/api/user/login', { body: { username: 'new.admin', password: 'Start-2026' } });
      expect(login.status).toBe(200);
      const audits = await api.db
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entity, 'user'), eq(s.auditLog.entityId, u!.id)));
      expect(audits[0]).toMatchObject({ action: 'create', actor: ACTOR });
      expect(JSON.stringify(audits)).not.toContain(u!.passwordHash!);
    });

    it('generates a password for an Admin without one and shows it once', async () => {
      const { code, out } = await run('create-user', 'gen.user', 'gen@example.org');
      expect(code).toBe(0);
      const pw = /Generated password: (\S+)/.exec(out)![1];
      const [u] = await api.db.select().from(s.users).where(eq(s.users.username, 'gen.user'));
      expect(await verifyPassword(u!.passwordHash!, pw!)).toBe(true);
    });

    it('accepts positional password, login type and locale; SSO users may have no password', async () => {
      expect((await run('create-user', 'pos.user', 'pos@example.org', 'Posit-2026', 'AAD', 'en')).code).toBe(0);
      const [u] = await api.db.select().from(s.users).where(eq(s.users.username, 'pos.user'));
      expect(u!.loginType).toBe(LoginType.AAD);
      expect((await run('create-user', 'b2c.user', 'b2c@example.org', '--login-type', 'aadb2c', '--workplace')).code).toBe(0);
      const [b] = await api.db.select().from(s.users).where(eq(s.users.username, 'b2c.user'));
      expect(b).toMatchObject({ loginType: LoginType.AADB2C, passwordHash: null, workplace: true });
    });

    it.each([
      [['create-user', 'dup.user', 'dup@example.org', '--password', 'Start-2026'], 'taken'],
      [['create-user', 'x1', 'not-an-email'], 'not an e-mail'],
      [['create-user', 'x2', 'x2@example.org', '--password', 'weak'], 'at least 6'],
      [['create-user', 'x3', 'x3@example.org', '--locale', 'de'], 'en or fr'],
      [['create-user', 'x4', 'x4@example.org', '--login-type', 'Root'], 'Unknown login type'],
      [['create-user', 'x5'], 'Usage'],
    ])('refuses %j', async (argv, message) => {
      if (message === 'taken') await run('create-user', 'dup.user', 'dup@example.org', '--password', 'Start-2026');
      const { code, out } = await run(...argv);
      expect(code).toBe(1);
      expect(out).toContain(message);
    });
  });

  describe('set-password', () => {
    it('sets a password, signs the user out everywhere and audits it', async () => {
      const branch = await fixtures.branch(api);
      const u = await fixtures.user(api, { branchIds: [branch.id] });
      const token = await fixtures.token(api, u.id);
      const { code } = await run('set-password', u.username.toUpperCase(), '--password', 'Reset-2026');
      expect(code).toBe(0);
      expect((await api.request('GET', '/api/user/current-user', { token })).status).toBe(401);
      expect((await api.request('POST', '/api/user/login', { body: { username: u.username, password: 'Reset-2026' } })).status).toBe(200);
      const audits = await api.db
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entityId, u.id), eq(s.auditLog.action, 'password')));
      expect(audits).toHaveLength(1);
    });

    it('generates one when none is given, and refuses an unknown user or a weak password', async () => {
      const u = await fixtures.user(api);
      const { out } = await run('set-password', u.username);
      const pw = /Generated password: (\S+)/.exec(out)![1];
      const [row] = await api.db.select().from(s.users).where(eq(s.users.id, u.id));
      expect(await verifyPassword(row!.passwordHash!, pw!)).toBe(true);
      expect((await run('set-password', 'ghost', '--password', 'Reset-2026')).out).toContain('No user');
      await expect(setPassword(api.db, u.username, 'short', ACTOR, new Date())).rejects.toThrow(AdminError);
    });
  });

  describe('link-user and unlink-user', () => {
    it('links by id or name in order, is idempotent, and unlinks', async () => {
      const a = await fixtures.branch(api, { name: 'Link Bank A' });
      const b = await fixtures.branch(api, { name: 'Link Bank B' });
      const u = await fixtures.user(api);
      expect((await run('link-user', u.username, a.id)).code).toBe(0);
      expect((await run('link-user', u.username, 'link bank b')).out).toContain('now belongs to Link Bank B');
      expect((await run('link-user', u.username, 'Link', 'Bank', 'B')).out).toContain('already belongs');
      const links = await api.db.select().from(s.userBranches).where(eq(s.userBranches.userId, u.id)).orderBy(s.userBranches.position);
      expect(links.map((l) => l.branchId)).toEqual([a.id, b.id]);
      expect((await run('unlink-user', u.username, a.id)).out).toContain('no longer belongs');
      expect((await unlinkUser(api.db, u.username, a.id, ACTOR)).unlinked).toBe(false);
      const after = await api.db.select().from(s.userBranches).where(eq(s.userBranches.userId, u.id));
      expect(after.map((l) => l.branchId)).toEqual([b.id]);
      const audits = await api.db
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entity, 'user_branch'), eq(s.auditLog.entityId, u.id)));
      expect(audits.map((x) => x.action)).toEqual(['create', 'create', 'delete']);
    });

    it('refuses an unknown or ambiguous branch', async () => {
      const u = await fixtures.user(api);
      await fixtures.branch(api, { name: 'Twin Bank' });
      await fixtures.branch(api, { name: 'twin bank' });
      expect((await run('link-user', u.username, 'No Such Bank')).out).toContain('No branch');
      expect((await run('link-user', u.username, 'Twin Bank')).out).toContain('use the branch id');
      expect((await run('link-user', u.username, '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b')).code).toBe(1);
    });
  });

  describe('import-branches', () => {
    it('creates and then updates branches from CSV, normalising provinces and statistics', async () => {
      withFile(
        'branches.csv',
        [
          '\uFEFFName,Email,Phone Number,Province,City,Address 1,Postal Code,Num Staff,Total Pounds Distributed Annually',
          'Import Bank One,one@example.org,416-555-0101,Ontario,Toronto,1 Front St,M5J 2N8,12,"1,200,000"',
          '"Banque, Deux",deux@example.org,514-555-0102,Québec,Montréal,2 rue Sainte-Catherine,H2X 1K4,many,',
        ].join('\r\n'),
      );
      const first = await run('import-branches', 'branches.csv');
      expect(first).toEqual({ code: 0, out: 'Branches: 2 created, 0 updated.' });
      const [one] = await api.db.select().from(s.branches).where(eq(s.branches.name, 'Import Bank One'));
      expect(one).toMatchObject({ province: 'ON', numStaff: 12, totalPoundsDistributedAnnually: 1200000, postalCode: 'M5J 2N8' });
      const [two] = await api.db.select().from(s.branches).where(eq(s.branches.name, 'Banque, Deux'));
      expect(two).toMatchObject({ province: 'QC', city: 'Montréal', numStaff: null });

      withFile('update.csv', `id,city,website\n${one!.id},North York,https://one.example.org\n`);
      expect((await run('import-branches', 'update.csv')).out).toBe('Branches: 0 created, 1 updated.');
      const [again] = await api.db.select().from(s.branches).where(eq(s.branches.id, one!.id));
      expect(again).toMatchObject({ city: 'North York', website: 'https://one.example.org', email: 'one@example.org' });
      const audits = await api.db
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entity, 'branch'), eq(s.auditLog.entityId, one!.id)));
      expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    });

    it('imports nothing when any line is bad, and lists the bad lines', async () => {
      const before = (await api.db.select().from(s.branches)).length;
      withFile('bad.csv', 'name,email,province\nGood Bank,good@example.org,ON\nBad Bank,nope,ON\nWorse Bank,w@example.org,Texas\n');
      const { code, out } = await run('import-branches', 'bad.csv');
      expect(code).toBe(1);
      expect(out).toContain('line 3');
      expect(out).toContain('line 4');
      expect((await api.db.select().from(s.branches)).length).toBe(before);
      withFile('cols.csv', 'name,colour\nX,red\n');
      expect((await run('import-branches', 'cols.csv')).out).toContain('Unknown column "colour"');
      expect((await run('import-branches', 'missing.csv')).out).toContain('No such file');
    });
  });

  describe('import-stores', () => {
    it('creates retailers, banners and stores, links them to branches, and is idempotent', async () => {
      const bank = await fixtures.branch(api, { name: 'Store Import Bank' });
      withFile(
        'stores.csv',
        [
          'Retailer,Banner,Store Name,Store #,Branch',
          'Loblaw Companies,No Frills,Queen St W,3001,Store Import Bank',
          'Loblaw Companies,Zehrs,Kitchener,3002,' + bank.id,
          'Sobeys Inc.,,Dartmouth Crossing,,store import bank',
        ].join('\n'),
      );
      const first = await run('import-stores', 'stores.csv');
      expect(first).toEqual({ code: 0, out: 'Stores: 3 created, 0 updated, 3 new branch links.' });
      const links = await api.db.select().from(s.branchStores).where(eq(s.branchStores.branchId, bank.id));
      expect(links).toHaveLength(3);
      expect(links.every((l) => l.campaignId === RFP_CAMPAIGN_ID)).toBe(true);
      const retailers = await api.db.select().from(s.retailers).where(eq(s.retailers.name, 'Sobeys Inc.'));
      expect(retailers).toHaveLength(1);
      const [dartmouth] = await api.db.select().from(s.stores).where(eq(s.stores.name, 'Dartmouth Crossing'));
      expect(dartmouth).toMatchObject({ number: null, bannerId: null, retailerId: retailers[0]!.id });

      const again = await run('import-stores', 'stores.csv');
      expect(again.out).toBe('Stores: 0 created, 0 updated, 0 new branch links.');

      // The same number of the same retailer is the same store: a rename updates it.
      withFile('rename.csv', 'retailer,banner,name,number,branch\nLoblaw Companies,No Frills,Queen St West,3001,Store Import Bank\n');
      expect((await run('import-stores', 'rename.csv')).out).toBe('Stores: 0 created, 1 updated, 0 new branch links.');
      const [renamed] = await api.db.select().from(s.stores).where(eq(s.stores.number, '3001'));
      expect(renamed!.name).toBe('Queen St West');
    });

    it('imports nothing when a branch or a required cell is missing', async () => {
      const before = (await api.db.select().from(s.stores)).length;
      withFile('bad-stores.csv', 'retailer,banner,store name,number,branch\nMetro Inc.,Food Basics,Main St,9001,Nowhere Bank\n');
      const r = await run('import-stores', 'bad-stores.csv');
      expect(r.code).toBe(1);
      expect(r.out).toContain('line 2');
      expect(r.out).toContain('No branch');
      withFile('bad-stores2.csv', 'retailer,store name,branch\n,Main St,X\n');
      expect((await run('import-stores', 'bad-stores2.csv')).out).toContain('a retailer is required');
      expect((await api.db.select().from(s.stores)).length).toBe(before);
      await expect(importStores(api.db, '', ACTOR)).rejects.toThrow('empty');
    });
  });

  it('prints help, and refuses unknown commands and options', async () => {
    expect((await run('help')).out).toContain('reopen-month');
    expect((await run()).code).toBe(0);
    expect((await run('drop-everything')).code).toBe(2);
    expect((await run('create-user', 'a', 'a@example.org', '--admin')).code).toBe(2);
  });

  it('parses login types by name or number', () => {
    expect(parseLoginType(undefined)).toBe(LoginType.Admin);
    expect(parseLoginType('aad')).toBe(LoginType.AAD);
    expect(parseLoginType('3')).toBe(LoginType.AADB2C);
    expect(() => parseLoginType('7')).toThrow(AdminError);
  });

  it('creates users through the service API too', async () => {
    const { user, generatedPassword } = await createUser(
      api.db,
      { username: 'svc.user', email: 'svc@example.org', password: TEST_PASSWORD },
      ACTOR,
    );
    expect(user.username).toBe('svc.user');
    expect(generatedPassword).toBeUndefined();
    await expect(createUser(api.db, { username: 'svc user', email: 'svc2@example.org' }, ACTOR)).rejects.toThrow('without spaces');
  });

  it('importBranches reports ambiguous names instead of guessing', async () => {
    await fixtures.branch(api, { name: 'Same Name Bank' });
    await fixtures.branch(api, { name: 'Same Name Bank' });
    await expect(importBranches(api.db, 'name,city\nSame Name Bank,Ottawa\n', ACTOR)).rejects.toThrow('add an id column');
  });
});

describe('npm run admin (the script itself, on an embedded database)', () => {
  const root = path.resolve(__dirname, '../..');
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  let dataDir: string;
  // Already migrated: what is tested is the script's work, not a first start (initdb and the migrations, 4-9 s of CPU).
  beforeAll(async () => {
    dataDir = (await migratedDataDir()).dataDir;
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const cliIn = (dir: string, ...args: string[]) =>
    spawnSync(tsx, ['scripts/admin.ts', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, ADMIN_ACTOR: 'admin-cli:jest' },
      timeout: 90_000,
    });
  const cli = (...args: string[]) => cliIn(dataDir, ...args);

  it('prints help without opening a database', () => {
    // A data folder of its own: the other tests here make the database in theirs.
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-admin-help-'));
    try {
      const r = cliIn(empty, 'help');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('import-stores');
      expect(fs.existsSync(path.join(empty, 'pglite'))).toBe(false);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('creates a user and a branch link in DATA_DIR/pglite, exiting 1 on a refusal', async () => {
    const csv = path.join(dataDir, 'b.csv');
    // A new branch meets the organisation details' rules, as on the screens.
    fs.writeFileSync(
      csv,
      'name,province,email,phone,address,city,postal code\nCLI Bank,NS,cli@example.org,902-555-0100,1 Water St,Halifax,B3H 1A1\n',
    );
    expect(cli('import-branches', csv).stdout).toContain('1 created');
    const created = cli('create-user', 'cli.user', 'cli@example.org', '--password', 'Cli-2026x');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Created user cli.user');
    expect(cli('link-user', 'cli.user', 'CLI Bank').status).toBe(0);
    const refused = cli('link-user', 'cli.user', 'Nowhere');
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain('No branch "Nowhere"');

    const handle = await openDb({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const [u] = await handle.db.select().from(s.users).where(eq(s.users.username, 'cli.user'));
      expect(await verifyPassword(u!.passwordHash!, 'Cli-2026x')).toBe(true);
      const links = await handle.db.select().from(s.userBranches).where(eq(s.userBranches.userId, u!.id));
      expect(links).toHaveLength(1);
      const [audit] = await handle.db.select().from(s.auditLog).where(eq(s.auditLog.entityId, u!.id));
      expect(audit!.actor).toBe('admin-cli:jest');
    } finally {
      await handle.close();
    }
  }, 240_000);
});
