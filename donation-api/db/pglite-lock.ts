import fs from 'node:fs';
import os from 'node:os';
import lockfile from 'proper-lockfile';

/**
 * Two processes must never open one PGlite folder: each keeps its own copy of the database's shared state, and
 * the second one's writes destroyed the first's (after a restart every call answered 500 with "could not locate a
 * valid checkpoint record"). The folder is locked with proper-lockfile (a `pglite.lock` folder next to it, kept
 * fresh while the process lives, released on exit); who holds it is written next to it for the refusal message.
 */
export type LockHolder = { pid: number; command: string; host: string; since: string };

export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid} (${holder.command}) on ${holder.host}, since ${holder.since}`
      : 'another process (it did not say which)';
    super(`The embedded database in ${dataDir} is in use by ${who}. Only one process may open it at a time.`);
    this.name = 'DatabaseInUseError';
  }
}

const STALE_MS = 30_000; // a lock not refreshed for this long belongs to a process that is gone
const ownerFile = (dir: string) => `${dir}.lock-owner.json`;

function readHolder(dir: string): LockHolder | null {
  try {
    return JSON.parse(fs.readFileSync(ownerFile(dir), 'utf8')) as LockHolder;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Locks the folder for this process; the returned function releases it. Throws DatabaseInUseError. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const options = {
    stale: STALE_MS,
    update: STALE_MS / 3,
    realpath: false,
    // The lock was lost (its folder removed, or not refreshed in time): another process may now open the
    // database, so this one stops before it writes anything more.
    onCompromised: (err: Error) => {
      process.stderr.write(`The lock on the embedded database in ${dir} was lost (${err.message}); stopping.\n`);
      process.exit(1);
    },
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const holder = readHolder(dir);
    // A holder on this machine that no longer runs (killed, crashed): its lock is left over, take it.
    if (holder && holder.host === os.hostname() && holder.pid !== process.pid && !alive(holder.pid)) {
      fs.rmSync(`${dir}.lock`, { recursive: true, force: true });
      release = await lockfile.lock(dir, options).catch(() => {
        throw new DatabaseInUseError(dir, readHolder(dir));
      });
    } else {
      throw new DatabaseInUseError(dir, holder);
    }
  }
  const holder: LockHolder = {
    pid: process.pid,
    command: process.argv
      .map((a) => a.replace(/^.*\/node_modules\//, ''))
      .join(' ')
      .slice(0, 200),
    host: os.hostname(),
    since: new Date().toISOString(),
  };
  fs.writeFileSync(ownerFile(dir), JSON.stringify(holder));
  return async () => {
    fs.rmSync(ownerFile(dir), { force: true });
    await release().catch(() => undefined);
  };
}
