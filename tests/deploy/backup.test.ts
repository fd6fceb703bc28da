// npm run admin -- backup / restore: back up, delete, restore, and every table is as it was, on both databases.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { backupPglite, backupPostgres, BackupError, restorePglite, restorePostgres } from '@/donation-api/db/backup';
import { openDb, type Db } from '@/donation-api/db/client';
import { ensureReferenceData } from '@/donation-api/db/reference-data';
import { seedDemo } from '@/donation-api/db/seed-demo';

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
    const { rows } = await db.execute(sql`select * from ${sql.identifier(schema)}.${sql.identifier(table)}`);
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function seeded(db: Db) {
  await ensureReferenceData(db);
  await seedDemo(db, { today: new Date(), bananaBoxLbs: 40 });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-backup-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

it('embedded database: backup, delete, restore gives back every table', async () => {
  const dir = path.join(work, 'data', 'pglite');
  let handle = await openDb({ dataDir: dir });
  await seeded(handle.db);
  const before = await snapshot(handle.db);
  expect(before['public.donations'].length).toBeGreaterThan(10);
  await handle.close();

  const file = path.join(work, 'pglite.tar.gz');
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
  const dir = path.join(work, 'data', 'pglite');
  const bogus = path.join(work, 'bogus.tar.gz');
  fs.writeFileSync(bogus, 'not a backup');
  await expect(restorePglite(dir, bogus)).rejects.toThrow(BackupError);
  const handle = await openDb({ dataDir: dir });
  expect((await snapshot(handle.db))['public.donations'].length).toBeGreaterThan(10);
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
