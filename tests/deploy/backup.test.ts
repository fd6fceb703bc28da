// npm run admin -- backup / restore: back up, delete, restore, and every table is as it was, on both databases; and
// on PostgreSQL the backup and restore-test lines of docs/operations.md, run as written there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import { Client } from 'pg';
import { backupPglite, backupPostgres, BackupError, restorePglite, restorePostgres } from '@/donation-api/db/backup';
import { openDb, type Db } from '@/donation-api/db/client';
import { ensureReferenceData } from '@/donation-api/db/reference-data';
import { seedDemo } from '@/donation-api/demo/seed-demo';
import { adminBundle } from '@/scripts/admin-bundle.mjs';

jest.setTimeout(180_000);

/** Every row of every table of the app (and drizzle's migration log), in a stable order. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const { rows: tables } = await db.execute<{ name: string }>(
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.');
    const { rows } = await db.execute(sql`select * from ${sql.identifier(schema!)}.${sql.identifier(table!)}`);
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function seeded(db: Db) {
  await ensureReferenceData(db);
  await seedDemo(db, { now: new Date(), timeZone: 'America/Toronto', bananaBoxLbs: 40 });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-backup-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

let seededPglite: Promise<string> | undefined;
/** A seeded embedded database of its own for a test: a copy of one seeded once per run of this file (seeding costs
 * seconds; copying the closed data folder, a fraction of one). */
async function embeddedDatabase(test: string): Promise<string> {
  seededPglite ??= (async () => {
    const dir = path.join(work, 'seeded', 'pglite');
    const handle = await openDb({ dataDir: dir });
    await seeded(handle.db);
    await handle.close();
    return dir;
  })();
  const dir = path.join(work, test, 'data', 'pglite');
  fs.cpSync(await seededPglite, dir, { recursive: true });
  return dir;
}

it('embedded database: backup, delete, restore gives back every table', async () => {
  const dir = await embeddedDatabase('restored');
  let handle = await openDb({ dataDir: dir });
  const before = await snapshot(handle.db);
  expect(before['public.donations']!.length).toBeGreaterThan(10);
  await handle.close();

  const file = path.join(work, 'restored', 'pglite.tar.gz');
  // Even over a file that was readable by everyone: a backup is its owner's only.
  fs.writeFileSync(file, 'old', { mode: 0o644 });
  fs.chmodSync(file, 0o644);
  await backupPglite(dir, file);
  expect(fs.statSync(file).size).toBeGreaterThan(1000);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);

  handle = await openDb({ dataDir: dir });
  await handle.db.execute(sql`delete from donation_categories`);
  await handle.db.execute(sql`delete from donations`);
  expect((await snapshot(handle.db))['public.donations']).toEqual([]);
  await handle.close();

  const kept = await restorePglite(dir, file);
  expect(kept && fs.existsSync(kept)).toBeTruthy();
  handle = await openDb({ dataDir: dir });
  expect(await snapshot(handle.db)).toEqual(before);
  await handle.close();
});

it('embedded database: a file that is not a backup is refused and the database in place is kept', async () => {
  const dir = await embeddedDatabase('kept');
  const bogus = path.join(work, 'kept', 'bogus.tar.gz');
  fs.writeFileSync(bogus, 'not a backup');
  await expect(restorePglite(dir, bogus)).rejects.toThrow(BackupError);
  const handle = await openDb({ dataDir: dir });
  expect((await snapshot(handle.db))['public.donations']!.length).toBeGreaterThan(10);
  await handle.close();
});

const pgIt = process.env.TEST_DATABASE_URL ? it : it.skip;

pgIt('PostgreSQL: pg_dump, delete, pg_restore gives back every table', async () => {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `rfp_backup_${process.pid}`;
  const admin = new Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  try {
    let handle = await openDb({ databaseUrl: url.toString(), poolSize: 2 });
    await seeded(handle.db);
    const before = await snapshot(handle.db);
    await handle.close();

    const file = path.join(work, 'postgres.dump');
    backupPostgres(url.toString(), file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    handle = await openDb({ databaseUrl: url.toString(), poolSize: 2, migrate: false });
    await handle.db.execute(sql`truncate donation_categories, donations, sent_mail cascade`);
    expect((await snapshot(handle.db))['public.donations']).toEqual([]);
    await handle.close();

    restorePostgres(url.toString(), file);
    handle = await openDb({ databaseUrl: url.toString(), poolSize: 2, migrate: false });
    expect(await snapshot(handle.db)).toEqual(before);
    await handle.close();
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

/** The line of docs/operations.md that holds `marker`, as a shell runs it (a crontab line without its schedule). */
function documented(marker: string): string {
  const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'operations.md'), 'utf8');
  const line = doc.split('\n').find((l) => l.includes(marker));
  if (!line) throw new Error(`docs/operations.md has no line with ${marker}`);
  // cron runs the rest of its line with sh, after turning each \% into %.
  return line
    .trim()
    .replace(/^0 2 \* \* \* /, '')
    .replaceAll('\\%', '%');
}

/** command with each of the doc's names replaced by this test's; every name must be in it. */
function ours(command: string, names: Record<string, string>): string {
  for (const [doc, mine] of Object.entries(names)) {
    expect(command).toContain(doc);
    command = command.replaceAll(doc, mine);
  }
  return command;
}

// Operators back up with the documented lines, not with backupPostgres: the nightly crontab line, run in a release
// folder (admin.cjs bundled as the release's, scripts/admin-bundle.mjs) whose .env.production.local alone names the
// database, then the restore test into another, empty database. The lines are read from docs/operations.md and run
// by sh as written; only the folders and the databases' addresses are this test's.
pgIt('PostgreSQL: the documented nightly backup, restored into a scratch database, has every row of every table', async () => {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const admin = new Client({ connectionString: base.toString() });
  await admin.connect();
  const urlOf = (name: string) => Object.assign(new URL(base.toString()), { pathname: `/${name}` }).toString();
  const [source, scratch] = [`rfp_nightly_${process.pid}`, `rfp_restore_test_${process.pid}`];
  const release = fs.mkdtempSync(path.join(__dirname, '..', '..', 'node_modules', '.rfp-backup-release-'));
  const backups = path.join(work, 'backups');
  fs.mkdirSync(backups);
  try {
    for (const name of [source, scratch]) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
    // pg_dump must be the server's major version or newer (the doc's Client versions): say which pair ran.
    const client = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout.trim();
    const server = (await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
    process.stdout.write(`backup test: ${client}, server PostgreSQL ${server}\n`);
    expect(Number(/\d+/.exec(client)?.[0])).toBeGreaterThanOrEqual(Number(/\d+/.exec(server)?.[0]));

    const handle = await openDb({ databaseUrl: urlOf(source), poolSize: 2 });
    await seeded(handle.db);
    const before = await snapshot(handle.db);
    await handle.close();
    expect(before['public.donations']!.length).toBeGreaterThan(10);

    await build(adminBundle(path.join(release, 'admin.cjs')));
    fs.writeFileSync(path.join(release, '.env.production.local'), `DATABASE_URL=${urlOf(source)}\n`);
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` };
    for (const name of ['DATABASE_URL', 'DATA_DIR', 'NODE_ENV']) delete env[name];
    const sh = (command: string) => {
      const r = spawnSync('sh', ['-c', command], { env, encoding: 'utf8' });
      expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: expect.any(String) });
    };
    const folders = { '/srv/rfp/current': release, '/var/backups/rfp': backups };
    sh(ours(documented('0 2 * * * cd '), folders));
    expect(fs.readdirSync(backups)).toEqual([expect.stringMatching(/^rfp-\d{4}-\d\d-\d\d\.dump$/)]);
    sh(
      ours(documented('rfp_restore_test node admin.cjs restore'), {
        ...folders,
        'postgres://rfp:…@db.internal:5432/rfp_restore_test': urlOf(scratch),
      }),
    );

    const restored = await openDb({ databaseUrl: urlOf(scratch), poolSize: 2, migrate: false });
    expect(await snapshot(restored.db)).toEqual(before);
    await restored.close();
  } finally {
    for (const name of [source, scratch]) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(release, { recursive: true, force: true });
  }
});
