// Node side of instrumentation.ts: runs once when the server process starts (next start, node server.js); Next
// answers no request before it has finished (its handler waits for it), though the HTTP server may already listen:
// - the whole environment is checked, so a wrong variable stops the start with one list instead of answering
//   500 on every call later;
// - the donation API opens its database now, so the embedded one is locked by this process from the start
//   (a second process, such as npm run admin, is refused rather than corrupting it);
// - the API's answerer is published for the edge server (scripts/direct-api.mts) before the database opens, so that
//   from then on the edge answers /api calls itself, without Next's router (which cost two thirds of the API's
//   throughput), and /api/ready answers 503 at once while the migrations and the demo data are still under way
//   (through Next's route it waited for this whole function). In production, app.prepare() and the standalone
//   server do not wait for this function: until it is published, /api calls go to Next's route, which waits for it;
// - the end of the start is published too (API_STARTED), for the edge to say "Ready" only once the API can answer.
import { API_STARTED, DIRECT_API_FETCH } from './scripts/edge-contract.mjs';

export async function registerNode() {
  const { serverEnv } = await import('./web/server/env');
  const { describeDatabase, dataDirOf } = await import('./donation-api/env');
  // Everything the server says goes through the one pino logger (JSON lines, the same redaction as the API's).
  const { logger } = await import('./donation-api/logger');
  const stop = (fields: object, message: string): never => {
    logger.fatal(fields, message);
    logger.flush();
    process.exit(1);
  };
  try {
    serverEnv(process.env);
  } catch (err) {
    if ((err as Error).name !== 'EnvError') throw err;
    stop({ problems: (err as Error).message.split('\n') }, 'the environment is not valid: nothing was started');
  }
  const { APP_VERSION } = await import('./donation-api/version');
  logger.info({ version: APP_VERSION, node: process.version }, 'starting');
  logger.info({ database: describeDatabase(process.env, `${dataDirOf(process.env)}/pglite`) }, 'database');
  const { answerApiRequest, getDonationApi } = await import('./donation-api');
  const globals = globalThis as Record<symbol, unknown>;
  // Published before the database opens, and kept when it did not: answerApiRequest answers /api/health and
  // /api/ready at once meanwhile, waits for the start on other calls, and answers 503 and retries on the next call
  // when the database could not be opened, as the route does.
  globals[DIRECT_API_FETCH] = answerApiRequest;
  const started = getDonationApi().then(
    () => true,
    (err: unknown) => {
      if ((err as Error).name === 'DatabaseInUseError') {
        stop({ err: (err as Error).message }, 'the embedded database is in use by another process: stop that process first');
      }
      // An account opens with the published demo password in production (donation-api/demo/demo-policy.ts).
      if ((err as Error).name === 'DemoPasswordInProductionError') {
        stop({ users: (err as Error & { usernames: string[] }).usernames }, (err as Error).message);
      }
      // PostgreSQL not reachable yet: the first call tries again, and /api/ready answers 503 meanwhile.
      logger.error({ err: (err as Error).message }, 'the database could not be opened yet');
      return false;
    },
  );
  globals[API_STARTED] = started;
  await started;
}
