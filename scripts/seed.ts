// npm run seed: demo data into the database named by DATABASE_URL, or the embedded one in DATA_DIR.
// Seeds only a database without users (an existing installation is never touched), and says so.
import path from 'node:path';
import { configFromEnv } from '../donation-api/config';
import { openDb } from '../donation-api/db/client';
import { ensureReferenceData } from '../donation-api/db/reference-data';
import { seedDemo } from '../donation-api/db/seed-demo';

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(process.cwd(), 'data'));
  const where = databaseUrl ? new URL(databaseUrl).pathname.slice(1) || 'postgres' : path.join(dataDir, 'pglite');
  const handle = await openDb({ databaseUrl, dataDir: databaseUrl ? null : path.join(dataDir, 'pglite') });
  try {
    await ensureReferenceData(handle.db);
    const started = performance.now();
    const seeded = await seedDemo(handle.db, { today: new Date(), bananaBoxLbs: configFromEnv().bananaBoxLbs });
    if (seeded) console.log(`seed: demo data created in ${where} in ${Math.round(performance.now() - started)} ms (users demo and demo2, password Demo-2026)`);
    else console.log(`seed: ${where} already has users; nothing was changed (demo data goes only into a database without users)`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error('seed failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
