// Several app servers on one PostgreSQL may start at the same moment: each migrates under an advisory lock, so
// the migrations run once and every server comes up on the same schema.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, openDb } from '@/donation-api/db/client';
import { databaseReady } from '@/donation-api/routes/health';

jest.setTimeout(120_000);
const pgIt = process.env.TEST_DATABASE_URL ? it : it.skip;

pgIt('three servers starting together on an empty database apply each migration once', async () => {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `rfp_migrate_${process.pid}`;
  const admin = new Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  try {
    const handles = await Promise.all([1, 2, 3].map(() => openDb({ databaseUrl: url.toString(), poolSize: 2 })));
    try {
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
      const { rows } = await handles[0].db.execute<{ n: number; distinct_hashes: number }>(
        sql`select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
      );
      expect(rows[0]).toEqual({ n: journal.entries.length, distinct_hashes: journal.entries.length });
      for (const h of handles) expect(await databaseReady(h.db)).toBe(true);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
