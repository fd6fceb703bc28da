// Migrated databases for the tests, made once per set of migrations and then copied: migrating a fresh database
// costs 3-5 s on PGlite, a copy well under one. PGlite copies are copies of a migrated data folder in the temporary
// folder; PostgreSQL copies are CREATE DATABASE … TEMPLATE of a migrated database.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, openDb } from '@/donation-api/db/client';
import { ensureReferenceData } from '@/donation-api/db/reference-data';

/** What the template is made from: every migration file and the reference data's source. */
function templateKey(): string {
  const h = createHash('sha256');
  const files = fs
    .readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  files.push(path.join(process.cwd(), 'donation-api', 'db', 'reference-data.ts'));
  for (const f of files) h.update(f).update(fs.readFileSync(f));
  return h.digest('hex').slice(0, 12);
}

/**
 * Where the PGlite test databases live: the memory file system when the machine has one (/dev/shm on Linux), else the
 * temporary folder; TEST_SCRATCH_DIR overrides both. A copy is about 600 files, and creating a file costs about a
 * millisecond of system time on the CI machine's disk (ext4 with online discard): a copy took about 1 s of CPU there,
 * and 20 ms in memory, for a few hundred copies a run (docs/benchmarks.md, CI).
 */
function scratchRoot(): string {
  if (process.env.TEST_SCRATCH_DIR) return process.env.TEST_SCRATCH_DIR;
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

/**
 * A migrated PGlite data folder with the reference data, made once per set of migrations by the first test file that
 * needs it. Each test database is a copy of it (freshPgliteFolder): copying the folder and opening it costs a fraction
 * of a second, where loading a dump of it (PGlite's loadDataDir: a 42 MB tar unpacked into memory in JavaScript) cost
 * 3-4 s of CPU per database. PGlite works in the "postgres" database only, so the template drops template0 and
 * template1: half the files of a copy.
 */
export async function pgliteTemplateFolder(): Promise<string> {
  const folder = path.join(scratchRoot(), `rfp-test-template-${templateKey()}`);
  if (!fs.existsSync(folder)) {
    // Made aside, then renamed: a test file starting at the same moment finds a whole folder or makes its own.
    const partial = `${folder}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const handle = await openDb({ dataDir: partial, migrate: true });
    await ensureReferenceData(handle.db);
    for (const name of ['template0', 'template1']) {
      await handle.db.execute(sql.raw(`alter database ${name} is_template false`));
      await handle.db.execute(sql.raw(`drop database ${name}`));
    }
    await handle.close();
    removeStaleTemplates(folder);
    try {
      fs.renameSync(partial, folder);
    } catch {
      fs.rmSync(partial, { recursive: true, force: true }); // another file made it first
    }
  }
  return folder;
}

/** Templates of older migrations, left by earlier runs (in memory they would hold on to RAM until a reboot). */
function removeStaleTemplates(current: string) {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of fs.readdirSync(path.dirname(current))) {
    const other = path.join(path.dirname(current), name);
    if (!/^rfp-test-template-[0-9a-f]+$/.test(name) || other === current) continue;
    if (fs.statSync(other).mtimeMs < dayAgo) fs.rmSync(other, { recursive: true, force: true });
  }
}

const copies = new Set<string>();
const removeCopy = (dataDir: string) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  copies.delete(dataDir);
};
// A test file that fails before closing its database still leaves no 26 MB folder behind (in memory, one would stay
// until a reboot).
process.once('exit', () => copies.forEach(removeCopy));

/** A copy of the migrated template in a new folder (or in its `inside` subfolder), and how to remove it. */
async function templateCopy(prefix: string, inside = ''): Promise<{ dataDir: string; remove: () => void }> {
  const template = await pgliteTemplateFolder();
  const dataDir = fs.mkdtempSync(path.join(scratchRoot(), prefix));
  copies.add(dataDir);
  fs.cpSync(template, path.join(dataDir, inside), { recursive: true });
  return { dataDir, remove: () => removeCopy(dataDir) };
}

/** A new PGlite data folder copied from the migrated template, and how to remove it. */
export const freshPgliteFolder = () => templateCopy('rfp-test-db-');

/**
 * A new data folder (DATA_DIR) whose embedded database is already migrated, for a test that starts a server or the
 * command line and is not about a first start: PostgreSQL's initdb and the migrations cost a new folder 4-9 s of CPU.
 */
export const migratedDataDir = () => templateCopy('rfp-test-data-', 'pglite');

const TEMPLATE_LOCK = 727275;

async function withAdmin<T>(base: URL, fn: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (base: URL, name: string) => {
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return url.toString();
};

/** The name of a migrated PostgreSQL database with the reference data, made under an advisory lock if missing. */
async function postgresTemplate(base: URL): Promise<string> {
  const name = `rfp_template_${templateKey()}`;
  await withAdmin(base, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      // Built under another name and renamed when complete, so a run stopped half-way leaves no broken template.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const handle = await openDb({ databaseUrl: databaseUrl(base, building), poolSize: 1 });
      await ensureReferenceData(handle.db);
      await handle.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

/** A new database copied from the migrated template, and how to drop it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const template = await postgresTemplate(base);
  const name = `rfp_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(base, async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        return;
      } catch (err) {
        // 55006: the template's last connection (the migration's) has not quite gone yet.
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  return {
    url: databaseUrl(base, name),
    drop: () => withAdmin(base, async (admin) => void (await admin.query(`drop database if exists ${name} with (force)`))),
  };
}
