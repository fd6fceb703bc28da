import path from 'node:path';
import pino from 'pino';
import { createDonationApi, type DonationApi } from './app';
import { configFromEnv } from './config';
import { openDb, type DbHandle } from './db/client';
import { ensureReferenceData } from './db/reference-data';
import { seedDemo } from './db/seed-demo';
import { createMailer } from './mail/mailer';

export type DonationApiInstance = { app: DonationApi; handle: DbHandle };

const globalForApi = globalThis as unknown as { __donationApi?: Promise<DonationApiInstance> };

export const logger = pino({ level: process.env.LOG_LEVEL ?? 'info', redact: ['password', '*.password', 'token', '*.token', 'req.headers.authorization'] });

/** Data folder of the embedded database. */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), 'data'));
}

async function start(): Promise<DonationApiInstance> {
  const config = configFromEnv();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const handle = await openDb({ databaseUrl, dataDir: databaseUrl ? null : path.join(dataDir(), 'pglite') });
  await ensureReferenceData(handle.db);
  // Demo data only on the embedded database, unless asked for (npm run seed).
  if (handle.kind === 'pglite' && process.env.SEED_DEMO !== 'false') {
    if (await seedDemo(handle.db, { today: new Date(), bananaBoxLbs: config.bananaBoxLbs })) logger.info('demo data created');
  }
  const mailer = createMailer({ db: handle.db, log: logger, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const app = createDonationApi({ db: handle.db, config, mailer, log: logger, now: () => new Date() });
  const close = async () => {
    await handle.close().catch(() => undefined);
  };
  process.once('SIGTERM', () => void close().then(() => process.exit(0)));
  process.once('SIGINT', () => void close().then(() => process.exit(0)));
  return { app, handle };
}

/** One donation API per process, opened on first use. */
export function getDonationApi(): Promise<DonationApiInstance> {
  globalForApi.__donationApi ??= start().catch((err) => {
    globalForApi.__donationApi = undefined;
    throw err;
  });
  return globalForApi.__donationApi;
}
