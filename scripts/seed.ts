// npm run seed: demo data into the database named by DATABASE_URL, or the embedded one in DATA_DIR.
// Seeds only a database without users (an existing installation is never touched), and says so.
import './load-env';
import { configFromEnv } from '../donation-api/config';
import { openDb } from '../donation-api/db/client';
import { ensureReferenceData } from '../donation-api/db/reference-data';
import { seedDemo } from '../donation-api/demo/seed-demo';
import { scriptDatabase } from './script-env';

async function main() {
  const { databaseUrl, pgliteDir, where } = scriptDatabase('seed');
  const handle = await openDb({ databaseUrl, dataDir: databaseUrl ? null : pgliteDir });
  try {
    await ensureReferenceData(handle.db);
    const started = performance.now();
    const { timeZone, bananaBoxLbs } = configFromEnv();
    const seeded = await seedDemo(handle.db, { now: new Date(), timeZone, bananaBoxLbs });
    if (seeded)
      console.log(
        `seed: demo data created in the ${where} in ${Math.round(performance.now() - started)} ms (users demo and demo2, password Demo-2026)`,
      );
    else console.log(`seed: the ${where} already has users; nothing was changed (demo data goes only into a database without users)`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error('seed failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
