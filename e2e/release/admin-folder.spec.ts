import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { bareEnv, releaseDir } from '../support/release';

// `node admin.cjs` acts on its release folder as `node server.js` does, wherever it is typed: that folder's
// .env.production.local and ./data (DATA_DIR's default), not those of the folder the operator stands in. Started
// from another folder it used to read that folder's settings, make an empty ./data there and fail ("Can't find
// meta/_journal.json file"). The other folder here holds settings of its own that must not count.
const envFile = path.join(releaseDir, '.env.production.local');
const dataDir = path.join(releaseDir, 'data');
const PASSWORD = 'Release-Admin-2026';
let elsewhere: string;

test.beforeEach(() => {
  elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-admin-elsewhere-'));
  expect(fs.existsSync(envFile), `${envFile} belongs to one test at a time`).toBe(false);
  expect(fs.existsSync(dataDir), `${dataDir} belongs to this spec only`).toBe(false);
});
test.afterEach(() => {
  for (const p of [envFile, dataDir, elsewhere]) fs.rmSync(p, { recursive: true, force: true });
});

/** node admin.cjs … typed in cwd, with no setting in the environment. */
function admin(cwd: string, ...args: string[]) {
  const script = cwd === releaseDir ? 'admin.cjs' : path.join(releaseDir, 'admin.cjs');
  const r = spawnSync(process.execPath, [script, ...args], { cwd, env: bareEnv(), encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

const listed = (username: string) => `${username}  ${username}@example.org  Admin  active  program admin  no branch`;

test('embedded database: the data lands in the release folder’s ./data, typed there or elsewhere', () => {
  fs.writeFileSync(path.join(elsewhere, '.env.production.local'), `DATA_DIR=${path.join(elsewhere, 'not-this-data')}\n`);
  const made = admin(elsewhere, 'create-admin', 'first', 'first@example.org', '--password', PASSWORD);
  expect(made).toMatchObject({ status: 0, stderr: `admin: using the embedded PGlite database in ${path.join(dataDir, 'pglite')}` });
  expect(admin(releaseDir, 'list-users')).toMatchObject({ status: 0, stdout: listed('first') });
  // A file named on the command line is the operator's: relative to where the command was typed.
  expect(admin(elsewhere, 'backup', 'first.tar.gz').status).toBe(0);
  expect(fs.readdirSync(elsewhere).sort()).toEqual(['.env.production.local', 'first.tar.gz']);
});

test('PostgreSQL named only in the release folder’s .env.production.local: create-admin and list-users use it', async () => {
  test.skip(!process.env.TEST_DATABASE_URL, 'needs TEST_DATABASE_URL');
  const urlOf = (name: string) => Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();
  const name = `rfp_release_admin_${process.pid}`;
  const server = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await server.connect();
  try {
    await server.query(`drop database if exists ${name} with (force)`);
    await server.query(`create database ${name}`);
    fs.writeFileSync(envFile, `DATABASE_URL=${urlOf(name)}\n`);
    // The other folder names a database that does not exist: reading it would fail.
    fs.writeFileSync(path.join(elsewhere, '.env.production.local'), `DATABASE_URL=${urlOf(`${name}_not_this_one`)}\n`);

    expect(admin(releaseDir, 'create-admin', 'first', 'first@example.org', '--password', PASSWORD).status).toBe(0);
    expect(admin(elsewhere, 'create-admin', 'second', 'second@example.org', '--password', PASSWORD).status).toBe(0);
    for (const cwd of [releaseDir, elsewhere])
      expect(admin(cwd, 'list-users')).toMatchObject({ status: 0, stdout: `${listed('first')}\n${listed('second')}` });

    const db = new Client({ connectionString: urlOf(name) });
    await db.connect();
    const { rows } = await db.query<{ username: string }>('select username from users order by username');
    await db.end();
    expect(rows.map((r) => r.username)).toEqual(['first', 'second']);
    // Nothing went to an embedded database, here or there.
    expect([fs.existsSync(dataDir), fs.readdirSync(elsewhere)]).toEqual([false, ['.env.production.local']]);
  } finally {
    await server.query(`drop database if exists ${name} with (force)`);
    await server.end();
  }
});
