// npm run admin -- <command>: administration on the database the app uses (see `npm run admin -- help`).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../donation-api/db/client';
import { ensureReferenceData } from '../donation-api/db/reference-data';
import { ADMIN_HELP, runAdminCommand } from '../donation-api/services/admin';

async function main(argv: string[]): Promise<number> {
  const [command] = argv.filter((a) => !a.startsWith('-'));
  // Help needs no database (and must not lock the embedded one while the app runs).
  if (command === undefined || command === 'help' || argv.includes('--help') || argv.includes('-h')) {
    console.log(ADMIN_HELP);
    return 0;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(process.cwd(), 'data'));
  const handle = await openDb({ databaseUrl, dataDir: databaseUrl ? null : path.join(dataDir, 'pglite'), poolSize: 2 });
  try {
    await ensureReferenceData(handle.db);
    const actor = process.env.ADMIN_ACTOR || `admin-cli:${os.userInfo().username}`;
    return await runAdminCommand(handle.db, argv, { out: (line) => console.log(line), readFile: (p) => fs.readFile(p, 'utf8') }, actor);
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
