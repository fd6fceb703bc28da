// Node side of instrumentation.ts: runs once when the server process starts (next start, node server.js), before it serves anything:
// - the whole environment is checked, so a wrong variable stops the start with one list instead of answering
//   500 on every call later;
// - the donation API opens its database now, so the embedded one is locked by this process from the start
//   (a second process, such as npm run admin, is refused rather than corrupting it).
export async function registerNode() {
  const { serverEnv } = await import('./lib/server/env');
  const { describeDatabase, dataDirOf } = await import('./donation-api/env');
  try {
    serverEnv(process.env);
  } catch (err) {
    if ((err as Error).name !== 'EnvError') throw err;
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(`Database: ${describeDatabase(process.env, `${dataDirOf(process.env)}/pglite`)}\n`);
  const { getDonationApi } = await import('./donation-api');
  try {
    await getDonationApi();
  } catch (err) {
    if ((err as Error).name === 'DatabaseInUseError') {
      process.stderr.write(`${(err as Error).message}\nStop that process first; this one will not start.\n`);
      process.exit(1);
    }
    // PostgreSQL not reachable yet: the first call tries again, and /api/ready answers 503 meanwhile.
    process.stderr.write(`The database could not be opened yet: ${(err as Error).message}\n`);
  }
}
