import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_BANANA_BOX_LBS } from '@/lib/domain/weight';
import { ssoEnvSchema } from './auth/sso-config';

/** Defaults of the API's variables, shared by the API's and the Next side's validation (and .env.example). */
export const ENV_DEFAULTS = {
  BANANA_BOX_LBS: DEFAULT_BANANA_BOX_LBS,
  TOKEN_TTL_HOURS: 12,
  APP_TIME_ZONE: 'America/Toronto',
  MAIL_FROM: 'Retail Food Program <no-reply@rfp.example.org>',
  SUPPORT_EMAIL: 'retailfoodprogram@foodbanks.example.org',
  LOGIN_MAX_FAILURES: 5,
  LOGIN_LOCK_MINUTES: 15,
  LOGIN_LOCK_MAX_MINUTES: 240,
  FORGOT_MAILS_PER_HOUR: 3,
  TRUSTED_PROXY_HOPS: 0,
  LOG_LEVEL: 'info',
  REMINDER_DAY: 10,
  PARTNER_STATEMENT_DAY: 20,
  REMINDERS_CRON: '0 * * * *',
  MAIL_SEND_CRON: '* * * * *',
  INVITATION_TTL_HOURS: 72,
} as const;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// z.coerce.number() turns '' into 0 and 'abc' into NaN; a clear message names what was expected instead.
const number = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, `expected ${what}`)
    .transform(Number);
const positive = (what: string) => number(what).pipe(z.number().positive(`expected ${what}`));
const integer = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `expected ${what}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `expected ${what}`).max(max, `expected ${what}`));

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const urlWith = (protocols: RegExp, example: string) =>
  z.string().refine((v) => {
    try {
      return protocols.test(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `expected a URL such as ${example}`);

/** Every variable the donation API reads, validated once at start (donation-api/config.ts, web/server/env.ts). */
export const apiEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  DATABASE_URL: urlWith(/^postgres(ql)?:$/, 'postgres://user:password@host:5432/database').optional(),
  DATA_DIR: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false'], 'expected true or false').optional(),
  DEMO_IN_PRODUCTION: z.literal('yes-this-is-a-demo', 'expected yes-this-is-a-demo (or unset)').optional(),
  BANANA_BOX_LBS: positive('a positive number of pounds, e.g. 40').default(ENV_DEFAULTS.BANANA_BOX_LBS),
  TOKEN_TTL_HOURS: positive('a positive number of hours, e.g. 12').default(ENV_DEFAULTS.TOKEN_TTL_HOURS),
  APP_TIME_ZONE: z.string().refine(isTimeZone, 'expected an IANA time zone such as America/Toronto').default(ENV_DEFAULTS.APP_TIME_ZONE),
  SMTP_URL: urlWith(/^smtps?:$/, 'smtp://user:password@mail.example.org:587').optional(),
  MAIL_FROM: z.string().default(ENV_DEFAULTS.MAIL_FROM),
  SUPPORT_EMAIL: z.email('expected an email address').default(ENV_DEFAULTS.SUPPORT_EMAIL),
  LOGIN_MAX_FAILURES: integer('a whole number from 1 to 1000', 1, 1000).default(ENV_DEFAULTS.LOGIN_MAX_FAILURES),
  LOGIN_LOCK_MINUTES: positive('a positive number of minutes, e.g. 15').default(ENV_DEFAULTS.LOGIN_LOCK_MINUTES),
  LOGIN_LOCK_MAX_MINUTES: positive('a positive number of minutes, e.g. 240').default(ENV_DEFAULTS.LOGIN_LOCK_MAX_MINUTES),
  FORGOT_MAILS_PER_HOUR: integer('a whole number from 1 to 100', 1, 100).default(ENV_DEFAULTS.FORGOT_MAILS_PER_HOUR),
  TRUSTED_PROXY_HOPS: integer('a whole number from 0 to 10', 0, 10).default(ENV_DEFAULTS.TRUSTED_PROXY_HOPS),
  LOG_LEVEL: z.enum(LOG_LEVELS, `expected one of ${LOG_LEVELS.join(', ')}`).default(ENV_DEFAULTS.LOG_LEVEL),
  ADMIN_ACTOR: z.string().optional(),
  // The app's address for links in e-mails (the Next side checks the format); the port when it is unset.
  NEXTAUTH_URL: z.string().optional(),
  PORT: z.string().optional(),
  REMINDER_DAY: integer('a day of the month from 1 to 15', 1, 15).default(ENV_DEFAULTS.REMINDER_DAY),
  REMINDERS_CRON: z.string().default(ENV_DEFAULTS.REMINDERS_CRON),
  // When the mail sender sends what waits in the outbox (croner pattern); 'off' to leave it to `admin send-mail`.
  MAIL_SEND_CRON: z.string().default(ENV_DEFAULTS.MAIL_SEND_CRON),
  PARTNER_STATEMENT_DAY: integer('a day of the month from 1 to 28', 1, 28).default(ENV_DEFAULTS.PARTNER_STATEMENT_DAY),
  // The screens' origin for mailed links when it differs from NEXTAUTH_URL; invitation links' lifetime.
  APP_URL: z.string().optional(),
  INVITATION_TTL_HOURS: positive('a positive number of hours, e.g. 72').default(ENV_DEFAULTS.INVITATION_TTL_HOURS),
  ...ssoEnvSchema.shape,
};

/** The configuration is wrong: one line per variable, each naming it. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`The environment is not valid (see .env.example):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

/** t3-env's onValidationError: throw one readable list instead of logging the raw issues. */
export function throwEnvIssues(env: Record<string, string | undefined>) {
  return (issues: readonly Issue[]): never => {
    const problems = issues.map((issue) => {
      const first = issue.path?.[0];
      const key = String(typeof first === 'object' && first !== null ? first.key : (first ?? ''));
      const value = env[key];
      // Secrets and URLs carrying a password are named, never shown.
      const secret = /SECRET|PASSWORD/.test(key) || key === 'DATABASE_URL' || key === 'SMTP_URL';
      const shown = value === undefined ? 'unset' : secret ? 'value hidden' : JSON.stringify(value);
      return key ? `${key}: ${issue.message} (${shown})` : issue.message;
    });
    throw new EnvError(problems);
  };
}

/** Which database a process uses, for the line each entry point prints on start (never the password). */
export function describeDatabase(env: Record<string, string | undefined>, dataDir: string): string {
  if (!env.DATABASE_URL) return `embedded PGlite database in ${dataDir}`;
  try {
    const u = new URL(env.DATABASE_URL);
    return `PostgreSQL database ${u.pathname.slice(1) || 'postgres'} on ${u.hostname}:${u.port || 5432}${u.username ? ` as ${u.username}` : ''}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** Data folder of the embedded database (DATA_DIR, default ./data); PGlite's files are in its pglite folder. */
export function dataDirOf(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR || path.join(/*turbopackIgnore: true*/ process.cwd(), 'data'));
}
