import path from 'node:path';
import { createDonationApi, type DonationApi } from './app';
import { configFromEnv } from './config';
import { dataDirOf } from './env';
import { openDb, type DbHandle } from './db/client';
import { ensureReferenceData } from './db/reference-data';
import { prepareDemoData } from './demo/demo-policy';
import { startMailSender } from './jobs/mail-sender';
import { startReminderSchedule } from './jobs/reminder-schedule';
import { logger } from './logger';
import { createMailer } from './mail/mailer';
import { APP_VERSION } from './version';
import { healthWhileStarting, unavailableWhileStarting } from '../scripts/edge-contract.mjs';

export type DonationApiInstance = { app: DonationApi; handle: DbHandle };

const globalForApi = globalThis as unknown as {
  __donationApi?: Promise<DonationApiInstance>;
  /** Set once the start (database, migrations, reference and demo data) has finished. */
  __donationApiStarted?: DonationApiInstance;
};

// One logger for the API and the Next side (web/server/logger.ts re-exports it).

/** Data folder of the embedded database. */
export function dataDir(): string {
  return dataDirOf(process.env);
}

async function start(): Promise<DonationApiInstance> {
  const config = configFromEnv();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const handle = await openDb({ databaseUrl, dataDir: databaseUrl ? null : path.join(dataDir(), 'pglite'), log: logger });
  await ensureReferenceData(handle.db);
  // Demo data only when wanted (SEED_DEMO; never by default in production), and a warning at every production start
  // while a demo account keeps its published password.
  await prepareDemoData(handle.db, handle.kind, process.env, logger, {
    now: new Date(),
    timeZone: config.timeZone,
    bananaBoxLbs: config.bananaBoxLbs,
  });
  const mailer = createMailer({ db: handle.db, log: logger, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const app = createDonationApi({ db: handle.db, config, mailer, log: logger, now: () => new Date() });
  const reminders = startReminderSchedule({ db: handle.db, config, mailer, log: logger, now: () => new Date() });
  const mailSender = startMailSender({ db: handle.db, config, mailer, log: logger, now: () => new Date() });
  closeOnSignals(handle, () => {
    reminders?.stop();
    mailSender?.stop();
  });
  return { app, handle };
}

/**
 * SIGTERM/SIGINT close the database (and release the embedded one's lock) before the process ends. Next's own
 * handlers (they stop the HTTP server, then exit) would otherwise end the process first: they run after ours.
 */
function closeOnSignals(handle: DbHandle, stopJobs: () => void) {
  // An edge server (scripts/graceful-stop.mts) owns the stop: it closes the database only after its HTTP server has
  // stopped accepting and its requests in flight have finished; closing first answered them 500 "PGlite is closed".
  const edgeStop = (globalThis as Record<symbol, unknown>)[Symbol.for('rfp.edge.onStop')];
  if (typeof edgeStop === 'function') {
    edgeStop(async () => {
      stopJobs();
      await handle.close();
      logger.info('database closed');
    });
    return;
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const others = process.listeners(signal);
    process.removeAllListeners(signal);
    process.once(signal, () => {
      stopJobs();
      void handle
        .close()
        .catch((err: unknown) => logger.error({ err }, 'closing the database failed'))
        .then(() => {
          logger.info({ signal }, 'database closed');
          for (const listener of others) listener(signal);
          // Next's handlers exit once the HTTP server has closed; without them (or if they do not), exit anyway.
          setTimeout(() => process.exit(0), others.length ? 10_000 : 0);
        });
    });
  }
}

/** One donation API per process, opened on first use. */
export function getDonationApi(): Promise<DonationApiInstance> {
  globalForApi.__donationApi ??= start().then(
    (api) => (globalForApi.__donationApiStarted = api),
    (err: unknown) => {
      globalForApi.__donationApi = undefined;
      throw err;
    },
  );
  return globalForApi.__donationApi;
}

/**
 * Closes this process's donation API, if one was opened, and forgets it: the next call opens a new one, with the
 * environment of that moment. For a process that opens APIs in turn, such as a test file trying several starts.
 */
export async function closeDonationApi(): Promise<void> {
  const opening = globalForApi.__donationApi;
  globalForApi.__donationApi = undefined;
  globalForApi.__donationApiStarted = undefined;
  const api = await opening?.catch(() => undefined);
  await api?.handle.close();
}

/**
 * One /api call, however it arrives: Next's route (app/api/[...path]/route.ts) or the edge server directly
 * (scripts/direct-api.mts, through the global instrumentation-node.ts publishes this under).
 * The database could not be opened (PostgreSQL down at start): 503 so load balancers wait; the next call retries.
 * /api/health still answers ok: it is the process alone, and restarting a healthy process would not bring the
 * database back (/api/ready is the one that waits for it).
 * While the API is still starting (a first start's migrations and demo data take seconds to minutes), health and
 * readiness answer at once, ok and 503: a load balancer's check that waited for the start timed out instead, and
 * an orchestrator could not tell a starting server from a hung one. Other calls wait for the start.
 */
export async function answerApiRequest(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const probe = path === '/api/health' || path === '/api/ready';
  const api = globalForApi.__donationApiStarted ?? (probe ? null : await getDonationApi().catch(() => null));
  if (api) return api.app.fetch(request);
  if (probe) void getDonationApi().catch(() => undefined);
  return path === '/api/health' ? healthWhileStarting(APP_VERSION) : unavailableWhileStarting();
}
