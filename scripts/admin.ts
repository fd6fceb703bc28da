// npm run admin -- <command>: administration on the database the app uses (see `npm run admin -- help`); in the
// release folder, bundled by scripts/package.mjs, node admin.cjs <command>.
import './check-node.mjs';
import { inRelease, typedIn } from './admin-folder';
import './load-env';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from '../donation-api/db/backup';
import { openDb } from '../donation-api/db/client';
import { DatabaseInUseError } from '../donation-api/db/pglite-lock';
import { ensureReferenceData } from '../donation-api/db/reference-data';
import { adminHelp, CHECKOUT_COMMAND, runAdminCommand } from './admin-commands';
import { hiddenPrompt } from './admin-prompt';
import { scriptDatabase } from './script-env';

// The release folder has no npm script: its help and usage lines name the command that works there.
const COMMAND = inRelease ? 'node admin.cjs' : CHECKOUT_COMMAND;

const BACKUP_HELP = `Backups
  backup <file>                               the embedded database: PGlite's dump of its folder (tar.gz), taken
                                              while the app is stopped; PostgreSQL: pg_dump's custom format
  restore <file>                              replaces the database with the backup (the embedded folder in place
                                              is kept beside it as pglite.before-restore-…; PostgreSQL: pg_restore
                                              --clean in one transaction)
`;

async function backupCommand(command: 'backup' | 'restore', file: string | undefined): Promise<number> {
  if (!file) {
    console.log(`Usage: ${COMMAND} ${command} <file>`);
    return 1;
  }
  const target = path.resolve(typedIn, file);
  const { databaseUrl, pgliteDir } = scriptDatabase('admin');
  if (command === 'backup') {
    if (databaseUrl) backupPostgres(databaseUrl, target);
    else await backupPglite(pgliteDir, target);
    console.log(`Backup written to ${target}.`);
  } else if (databaseUrl) {
    restorePostgres(databaseUrl, target);
    console.log(`Restored ${target} into the PostgreSQL database.`);
  } else {
    const kept = await restorePglite(pgliteDir, target);
    console.log(`Restored ${target} into ${pgliteDir}.${kept ? ` The previous database is kept in ${kept}.` : ''}`);
  }
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv.filter((a) => !a.startsWith('-'));
  // Help needs no database (and must not lock the embedded one while the app runs).
  if (command === undefined || command === 'help' || argv.includes('--help') || argv.includes('-h')) {
    console.log(`${adminHelp(COMMAND)}\n${BACKUP_HELP}`);
    return 0;
  }
  if (command === 'backup' || command === 'restore') return backupCommand(command, rest[0]);
  const { databaseUrl, pgliteDir } = scriptDatabase('admin');
  const handle = await openDb({ databaseUrl, dataDir: databaseUrl ? null : pgliteDir, poolSize: 2 });
  try {
    await ensureReferenceData(handle.db);
    const actor = process.env.ADMIN_ACTOR || `admin-cli:${os.userInfo().username}`;
    const io = {
      out: (line: string) => console.log(line),
      readFile: (p: string) => fs.readFile(path.resolve(typedIn, p), 'utf8'),
      command: COMMAND,
    };
    return await runAdminCommand(handle.db, argv, { ...io, askPassword: hiddenPrompt() }, actor);
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof DatabaseInUseError) {
      console.error(
        `${err.message}\n\nThe app is running on this embedded database, and opening it from a second process corrupts it.\n` +
          `Stop the app first (Ctrl+C, or systemctl stop / docker compose stop), run the command, then start the app again;\n` +
          `or make the change through the running app's API (/api, described at /api/openapi.json) with an administrator's token.`,
      );
    } else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
