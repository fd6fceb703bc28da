import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { logger } from '../logger';
import { lockDataDir } from './pglite-lock';
import { yieldBetweenStatements } from './pglite-turns';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * Both drivers answer `execute()` with `{ rows }`; typing the handle as node-postgres's gives raw SQL
 * results a usable type on PGlite too.
 */
export type Db = Omit<NodePgDatabase<Schema>, '$client'>;
/** A transaction handle is a Db for our purposes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), 'donation-api', 'db', 'migrations');

export type OpenDbOptions = {
  /** postgres://… ; when absent, the embedded PGlite in dataDir (or in memory when dataDir is null). */
  databaseUrl?: string;
  dataDir?: string | null;
  migrate?: boolean;
  poolSize?: number;
  /** PGlite only: start from this dump of a data folder (the tests' migrated template) instead of an empty one. */
  loadDataDir?: Blob;
  /** Told which migrations this opening applied (the server logs them; scripts and tests pass none). */
  log?: { info: (fields: object, message: string) => void };
};

/** The migrations of this release in order, by name (drizzle's journal). */
function migrationNames(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

/** How many migrations the database has recorded (drizzle's own table; none before the first). */
async function appliedCount(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  try {
    const { rows } = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
    return Number((rows[0] as { n: number }).n);
  } catch {
    return 0;
  }
}

/** Runs a migrator between two counts and tells the log which migrations it applied, or that none were due. */
async function migrateAndTell(
  query: (text: string) => Promise<{ rows: unknown[] }>,
  migrate: () => Promise<void>,
  log: OpenDbOptions['log'],
): Promise<void> {
  // Counted only for a log: every test and script opening a database would otherwise pay a query for nothing.
  if (!log) return migrate();
  const before = await appliedCount(query);
  await migrate();
  const names = migrationNames();
  const applied = names.slice(before, await appliedCount(query));
  if (applied.length) log.info({ migrations: applied }, 'database migrations applied');
  else log.info({ latest: names.at(-1) }, 'database migrations up to date');
}

export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    if (opts.migrate !== false) await migratePostgres(opts.databaseUrl, opts.log);
    return openPostgres(opts.databaseUrl, opts.poolSize);
  }
  const handle = await openPglite(opts.dataDir ?? null, opts.loadDataDir);
  if (opts.migrate !== false) {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await migrateAndTell(
      (text) => handle.db.execute(sql.raw(text)),
      () => run(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      opts.log,
    );
  }
  return handle;
}

async function openPostgres(url: string, poolSize = 10): Promise<DbHandle> {
  const { Pool, types } = await import('pg');
  // int8 (counts, sums of integers) as numbers; our sums stay far below 2^53.
  types.setTypeParser(20, (v: string) => Number(v));
  types.setTypeParser(1700, (v: string) => Number(v));
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: url, max: poolSize });
  // An idle connection dropped by the server (restart, failover, a dropped test database) must not crash
  // the process: pg emits 'error' on the pool, and the next query opens a fresh connection.
  pool.on('error', (err) => logger.warn({ err: err.message }, 'PostgreSQL idle connection error'));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<DbHandle> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true }); // PGlite does not create parent folders
  // One process per folder (pglite-lock.ts): throws DatabaseInUseError naming the holder.
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => undefined;
  if (dataDir && !loadDataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await createDatabaseFolder(dataDir).catch(async (err: unknown) => {
      await unlock();
      throw err;
    });
  }
  const client = await PGlite.create(dataDir ?? undefined, {
    loadDataDir,
    // A buffer pool of 16 MB instead of Postgres's 128 MB: PGlite's WebAssembly memory never shrinks, so a pool filled
    // once stays in the server's memory for good (about 100 MB more after a day's use, bench:http's memory scenario);
    // a food bank's working set (this month's rows, the running totals, their indexes) fits, and the rest of the
    // folder is read through the operating system's file cache.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    parsers: { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => Number(v) },
  }).catch(async (err: unknown) => {
    await unlock();
    throw err;
  });
  yieldBetweenStatements(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
      await unlock();
    },
  };
}

// PostgreSQL's initdb, which a new data folder needs, is one synchronous WebAssembly call of 3 to 8 seconds: run in
// the server's thread it froze every answer meanwhile, /api/ready's "starting" included. A worker thread makes the
// folder (PGlite writes it and closes); the server then opens it as an existing one.
const CREATE_FOLDER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const { pathToFileURL } = require('node:url');
const entry = createRequire(workerData.cwd + '/').resolve('@electric-sql/pglite');
import(pathToFileURL(entry).href)
  .then(({ PGlite }) => PGlite.create(workerData.dataDir))
  .then((db) => db.close())
  .then(() => parentPort.postMessage('created'));
`;

async function createDatabaseFolder(dataDir: string): Promise<void> {
  const { Worker } = await import('node:worker_threads');
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(CREATE_FOLDER, { eval: true, workerData: { dataDir, cwd: process.cwd() } });
    let created = false;
    worker.once('message', () => (created = true));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      created ? resolve() : reject(new Error(`creating the embedded database in ${dataDir} failed (worker exit ${code})`)),
    );
  });
}

async function migratePostgres(url: string, log: OpenDbOptions['log']): Promise<void> {
  const { Client } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
  // Several app servers may start at once against one PostgreSQL: migrate on one connection under an advisory lock.
  const client = new Client({ connectionString: url });
  // A connection lost mid-migration fails the query running on it, which reports it; pg also emits it as 'error',
  // which with no listener would end the process with an unhandled error instead of that report. Logged as the
  // pool's are, so a loss between two queries keeps its cause.
  client.on('error', (err) => logger.warn({ err: err.message }, 'PostgreSQL migration connection error'));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migrateAndTell(
      (text) => client.query(text),
      () => run(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      log,
    );
    await client.query('select pg_advisory_unlock(727274)');
  } finally {
    await client.end();
  }
}

// Error mapping: a database the API cannot reach is an outage, not a fault of the request. node-postgres's socket
// errors, PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash,
// starting up), 53300 (too many connections), and a closed PGlite; drizzle wraps each in a DrizzleQueryError (cause).
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '53300']);
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed)/;

/** True when the error (or one it wraps) says the database cannot be reached right now. */
export function isDatabaseUnreachable(err: unknown, depth = 0): boolean {
  if (depth > 5 || !err || typeof err !== 'object') return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  // net.connect with several addresses (localhost: ::1 and 127.0.0.1) refuses with an AggregateError.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnreachable(e, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}
