// Several app servers on one PostgreSQL may start at the same moment: each migrates under an advisory lock, so
// the migrations run once and every server comes up on the same schema. Each server logs which migrations it
// applied, or that none were due, so an operator reads in the log what an upgrade changed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, openDb } from '@/donation-api/db/client';
import { databaseReady } from '@/donation-api/routes/health';

jest.setTimeout(120_000);
const pgIt = process.env.TEST_DATABASE_URL ? it : it.skip;
const migrationNames = (): string[] =>
  JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')).entries.map((e: { tag: string }) => e.tag);

/** A log that keeps what it is told. */
function keptLog() {
  const lines: { message: string; fields: object }[] = [];
  return { lines, info: (fields: object, message: string) => void lines.push({ message, fields }) };
}

it('the embedded database: the first opening logs every migration it applied, the next one that none were due', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-migration-log-'));
  try {
    const log = keptLog();
    await (await openDb({ dataDir: dir, log })).close();
    await (await openDb({ dataDir: dir, log })).close();
    const names = migrationNames();
    expect(log.lines).toEqual([
      { message: 'database migrations applied', fields: { migrations: names } },
      { message: 'database migrations up to date', fields: { latest: names.at(-1) } },
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

pgIt('three servers starting together on an empty database apply each migration once, and one of them logs it', async () => {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `rfp_migrate_${process.pid}`;
  const admin = new Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  try {
    const logs = [keptLog(), keptLog(), keptLog()];
    const handles = await Promise.all(logs.map((log) => openDb({ databaseUrl: url.toString(), poolSize: 2, log })));
    try {
      const { rows } = await handles[0]!.db.execute<{ n: number; distinct_hashes: number }>(
        sql`select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
      );
      expect(rows[0]).toEqual({ n: migrationNames().length, distinct_hashes: migrationNames().length });
      for (const h of handles) expect(await databaseReady(h.db)).toBe(true);
      // One server applied them all and says so; the two that waited on the lock found nothing due.
      const told = logs.map((l) => l.lines).sort((a, b) => a[0]!.message.localeCompare(b[0]!.message));
      const names = migrationNames();
      expect(told).toEqual([
        [{ message: 'database migrations applied', fields: { migrations: names } }],
        [{ message: 'database migrations up to date', fields: { latest: names.at(-1) } }],
        [{ message: 'database migrations up to date', fields: { latest: names.at(-1) } }],
      ]);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
