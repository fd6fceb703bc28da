// Migrated databases for the tests, made once per set of migrations and then copied: migrating a fresh database
// costs 3-5 s on PGlite, a copy well under one. PGlite copies load a dump of a migrated data folder (a tar file in
// the temporary folder); PostgreSQL copies are CREATE DATABASE … TEMPLATE of a migrated database.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, openDb, type Db } from '@/donation-api/db/client';
import * as schema from '@/donation-api/db/schema';
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

let pgliteDump: Blob | undefined;

/** A dump of a migrated PGlite data folder with the reference data, made by the first test file that needs it. */
export async function pgliteTemplate(): Promise<Blob> {
  if (pgliteDump) return pgliteDump;
  const file = path.join(os.tmpdir(), `rfp-test-template-${templateKey()}.tar`);
  if (!fs.existsSync(file)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create();
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await ensureReferenceData(db as unknown as Db);
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written aside, then renamed: a test file starting at the same moment reads a whole dump or makes its own.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  pgliteDump = new Blob([fs.readFileSync(file)]);
  return pgliteDump;
}

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
