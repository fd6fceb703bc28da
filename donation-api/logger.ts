import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Paths pino blanks in every log line, on the API side and the Next side alike (lib/server/logger.ts): a password,
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

/** The one logger setup of the process; `destination` lets a test read what is written. */
export function createLogger(destination?: DestinationStream, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  const options = { level, redact: { paths: LOG_REDACT, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

export const logger = createLogger();
