import 'server-only';
import { randomUUID } from 'node:crypto';
import { cache } from 'react';
import { logger } from '@/donation-api/logger';

/** The Next side logs through the API's pino setup (one format, one redaction list): no plain console calls. */
export { logger };

// One id per server render when nothing set one (next dev has no edge): every API call of that page shares it.
const renderRequestId = cache(() => randomUUID());

/**
 * The id of the request being served: the x-request-id the edge guarantees (scripts/serve.mjs, the release's
 * server.js: the reverse proxy's, else a new one), else one per render; undefined outside a request.
 */
export async function currentRequestId(): Promise<string | undefined> {
  try {
    const { headers } = await import('next/headers');
    return (await headers()).get('x-request-id')?.slice(0, 64) || renderRequestId();
  } catch {
    return undefined; // outside a request (build, scripts)
  }
}

/** A logger whose lines carry the current request's id. */
export async function requestLogger() {
  const requestId = await currentRequestId();
  return requestId ? logger.child({ requestId }) : logger;
}
