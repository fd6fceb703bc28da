import 'server-only';
import { ApiCallError } from './donation-api-client';
import { requestLogger } from './logger';

/**
 * A screen's read that failed, in the log. A refusal the API answered (a 4xx: not found, out of scope, a bad filter
 * in the address) is what the screen shows the person, not a fault of the server: it is logged at info. Anything
 * else (the API unreachable, a 5xx, a bug) is an error. Refusals at error level (hundreds of "program oversight
 * failed: Not found" lines under a scan of the screens) hid the real errors among them.
 */
export async function logLoadFailure(err: unknown, what: string): Promise<void> {
  const log = await requestLogger();
  if (err instanceof ApiCallError && err.status >= 400 && err.status < 500) {
    log.info({ status: err.status, code: err.code }, `${what}: refused`);
  } else {
    log.error({ err }, what);
  }
}
