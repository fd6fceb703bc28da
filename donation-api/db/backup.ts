import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './pglite-lock';

/**
 * Backups of either database. The embedded one: PGlite's own dump of its data folder (a tar.gz), taken and
 * restored under the folder's lock, so never while the app has it open. PostgreSQL: pg_dump's custom format and
 * pg_restore, when the client tools are installed (the same major version as the server, or newer).
 */
export class BackupError extends Error {
  name = 'BackupError';
}

export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${dataDir}.`);
  const unlock = await lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(dataDir);
    try {
      const dump = await client.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      writeOwnerOnly(file, () => fs.writeFileSync(file, bytes));
    } finally {
      await client.close();
    }
  } finally {
    await unlock();
  }
}

/**
 * Replaces the embedded database with the backup. The folder in place is kept beside it (pglite.before-restore-…)
 * until the restored one has opened, so a bad file loses nothing. Answers the kept folder's path.
 */
export async function restorePglite(dataDir: string, file: string): Promise<string | null> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file ${file}.`);
  fs.mkdirSync(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  let kept: string | null = null;
  try {
    if (fs.readdirSync(dataDir).length > 0) {
      kept = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dataDir, kept);
      fs.mkdirSync(dataDir);
    }
    const { PGlite } = await import('@electric-sql/pglite');
    try {
      const client = await PGlite.create(dataDir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
      await client.query('select 1');
      await client.close();
    } catch (err) {
      // Put the previous database back: the backup could not be opened.
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (kept) fs.renameSync(kept, dataDir);
      throw new BackupError(`${file} is not a backup of the embedded database (${(err as Error).message}).`);
    }
    return kept;
  } finally {
    await unlock();
  }
}

/** The password goes in PGPASSWORD, not on the command line where `ps` would show it. */
function run(tool: string, databaseUrl: string, args: string[]): void {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const r = spawnSync(tool, [...args, `--dbname=${url.toString()}`], { encoding: 'utf8', env });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new BackupError(`${tool} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client).`);
  if (r.status !== 0) throw new BackupError(`${tool} failed: ${(r.stderr || r.stdout || '').trim().split('\n').slice(-3).join(' ')}`);
}

export function backupPostgres(databaseUrl: string, file: string): void {
  writeOwnerOnly(file, () => run('pg_dump', databaseUrl, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`]));
}

/**
 * A backup holds every user's data and password hashes: readable by its owner only (0600). The file is made with
 * that mode before anything is written (pg_dump would create it with the umask's, usually 0644, and a mode given to
 * writeFileSync counts only for a new file), and set again after, in case it already existed with a wider one.
 */
function writeOwnerOnly(file: string, write: () => void): void {
  fs.closeSync(fs.openSync(file, 'w', 0o600));
  fs.chmodSync(file, 0o600);
  write();
  fs.chmodSync(file, 0o600);
}

/** Replaces every object of the dump in the database (in one transaction: all or nothing). */
export function restorePostgres(databaseUrl: string, file: string): void {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file ${file}.`);
  run('pg_restore', databaseUrl, ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', file]);
}
