import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Paths pino blanks in every log line, on the API side and the Next side alike (web/server/logger.ts): a password,
 * a token or a cookie is never written, whatever object a caller logs.
 */
export const LOG_REDACT = [
  'password',
  'oldPassword',
  'newPassword',
  'token',
  'idToken',
  'deviceCookie',
  'authorization',
  'cookie',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.token',
  '*.idToken',
  '*.deviceCookie',
  '*.authorization',
  '*.cookie',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
];

const SECRET_KEYS = new Set(LOG_REDACT.filter((p) => !p.includes('.')).map((k) => k.toLowerCase()));
const CENSOR = '[redacted]';
const MAX_DEPTH = 8;

/**
 * pino's redact paths reach a fixed depth ('*.password' is one level down), so a password nested two objects deep
 * (a request body inside an error's details) was written as it was. This copy blanks the same keys at any depth;
 * errors are left to pino's serializer (their own properties are message, stack and a code).
 */
export function redactDeep(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Error || depth > MAX_DEPTH) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) ? CENSOR : redactDeep(v, depth + 1, seen);
  }
  return out;
}

/**
 * The level to log at: LOG_LEVEL when pino knows it, else info. A wrong LOG_LEVEL is one of the problems the start's
 * environment check lists in its one fatal line (donation-api/env.ts); pino given it threw at the logger's creation,
 * before that check could run, and the start ended with a stack trace instead.
 */
export function logLevelOf(level: string | undefined): string {
  return level !== undefined && (level === 'silent' || level in pino.levels.values) ? level : 'info';
}

/** The one logger setup of the process; `destination` lets a test read what is written. */
export function createLogger(destination?: DestinationStream, level = process.env.LOG_LEVEL): Logger {
  const options = {
    level: logLevelOf(level),
    redact: { paths: LOG_REDACT, censor: CENSOR },
    formatters: { log: (object: Record<string, unknown>) => redactDeep(object) as Record<string, unknown> },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const logger = createLogger();
