// An upgrade (docs/operations.md, scripts/upgrade-release.sh) starts a new release folder on the database an older
// release has migrated: only the migrations the old one lacked run, each once, even when several servers of the new
// release start together (PostgreSQL, under the advisory lock). A release reads its migrations from the folder it
// runs in (MIGRATIONS_FOLDER, from the working directory, as Next's standalone server.js sets it), so each "release"
// here is a folder holding its migrations, the old one without the newest two.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import type { DbHandle, OpenDbOptions } from '@/donation-api/db/client';

jest.setTimeout(180_000);
const root = path.join(__dirname, '..', '..');
const migrations = path.join(root, 'donation-api', 'db', 'migrations');
const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-upgrade-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A release folder's migrations: the first `count` of the journal. */
function releaseWith(count: number): string {
  const dir = path.join(work, `release-${count}`);
  const into = path.join(dir, 'donation-api', 'db', 'migrations');
  fs.mkdirSync(path.join(into, 'meta'), { recursive: true });
  for (const { tag } of journal.entries.slice(0, count))
    fs.copyFileSync(path.join(migrations, `${tag}.sql`), path.join(into, `${tag}.sql`));
  fs.writeFileSync(path.join(into, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return dir;
}

/** openDb as a server started in `release` opens it (its migrations folder is read from the working directory). */
function openFrom(release: string): (opts: OpenDbOptions) => Promise<DbHandle> {
  const cwd = process.cwd();
  let open: ((opts: OpenDbOptions) => Promise<DbHandle>) | undefined;
  process.chdir(release);
  try {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      open = (require('@/donation-api/db/client') as typeof import('@/donation-api/db/client')).openDb;
    });
  } finally {
    process.chdir(cwd);
  }
  return open!;
}

async function applied(handle: DbHandle): Promise<{ hash: string; created_at: string }[]> {
  const { rows } = await handle.db.execute<{ hash: string; created_at: string }>(
    sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`,
  );
  return rows;
}

const total = journal.entries.length;
const oldRelease = releaseWith(total - 2);
const newRelease = releaseWith(total);

it('embedded database: the new release applies the two migrations the old one lacked, once', async () => {
  const dataDir = path.join(work, 'data', 'pglite');
  const old = await openFrom(oldRelease)({ dataDir });
  const before = await applied(old);
  expect(before).toHaveLength(total - 2);
  await old.close();

  const upgraded = await openFrom(newRelease)({ dataDir });
  const after = await applied(upgraded);
  await upgraded.close();
  expect(after).toHaveLength(total);
  expect(after.slice(0, total - 2)).toEqual(before);
  // Started again (a restart, or the check of scripts/upgrade-release.sh before the switch): nothing more runs.
  const again = await openFrom(newRelease)({ dataDir });
  expect(await applied(again)).toEqual(after);
  await again.close();
});

const pgIt = process.env.TEST_DATABASE_URL ? it : it.skip;

pgIt('PostgreSQL: three servers of the new release starting together apply the new migrations once', async () => {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `rfp_upgrade_${process.pid}`;
  const admin = new Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  try {
    const old = await openFrom(oldRelease)({ databaseUrl: url.toString(), poolSize: 1 });
    const before = await applied(old);
    expect(before).toHaveLength(total - 2);
    await old.close();

    const open = openFrom(newRelease);
    const handles = await Promise.all([1, 2, 3].map(() => open({ databaseUrl: url.toString(), poolSize: 1 })));
    try {
      const after = await applied(handles[0]!);
      expect(after).toHaveLength(total);
      expect(new Set(after.map((r) => r.hash)).size).toBe(total);
      expect(after.slice(0, total - 2)).toEqual(before);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
