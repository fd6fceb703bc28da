import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { apiError } from '@/lib/domain/errors';
import { registerApiDocs } from './api-docs';
import { describeOperations, documentConfig } from './api-document';
import type { ApiDeps } from './context';
import { ApiError } from './errors';
import { requireToken } from './auth/middleware';
import { isDatabaseUnreachable } from './db/client';
import { refuseBadCharacters } from './edge-checks';
import { idempotency } from './idempotency';
import { registerRoutes } from './routes';
import { newRouter } from './router';
import { ProgramTotalsCache } from './program/program-totals-cache';
import { PickupReliabilityCache } from './pickups/reliability-cache';
import { PartnerFiguresCache } from './partners/partner-figures-cache';
import { ReferenceCache } from './db/reference-cache';

export const MAX_BODY_BYTES = 256 * 1024;
/** A retailer's manifest file (a month of a national retailer is tens of thousands of lines): its own, larger limit. */
export const MAX_MANIFEST_BODY_BYTES = 12 * 1024 * 1024;
const MANIFEST_PATH = /^\/api\/(partner\/manifests|partner\/manifest-lines|program\/retailers\/[^/]+\/manifests)$/;
/** The body limit of a call to this API path (the BFF checks the same before forwarding). */
export const bodyLimitFor = (apiPath: string) => (MANIFEST_PATH.test(apiPath) ? MAX_MANIFEST_BODY_BYTES : MAX_BODY_BYTES);
const DB_RETRY_AFTER_SECONDS = 5;
const BRANCH_IN_PATH = /^\/api\/branch\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i;

/** The donation API (docs/product.md, API), mounted under /api. */
export function createDonationApi(deps: ApiDeps) {
  const app = newRouter().basePath('/api');
  const reference = new ReferenceCache();
  const programTotals = new ProgramTotalsCache();
  const pickupReliability = new PickupReliabilityCache();
  const partnerFigures = new PartnerFiguresCache();

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    c.set('reference', reference);
    c.set('programTotals', programTotals);
    c.set('pickupReliability', pickupReliability);
    c.set('partnerFigures', partnerFigures);
    const started = performance.now();
    await next();
    c.header('x-request-id', requestId);
    c.header('cache-control', 'no-store');
    // Who and which food bank, known once the bearer check has run (never the token itself).
    const userId = c.get('user')?.id;
    const branchId = BRANCH_IN_PATH.exec(c.req.path)?.[1];
    deps.log.info(
      {
        requestId,
        ...(userId ? { userId } : {}),
        ...(branchId ? { branchId } : {}),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'api',
    );
  });
  const tooLarge = (c: Context) => c.json(apiError('PAYLOAD_TOO_LARGE'), 413);
  const usualLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  const manifestLimit = bodyLimit({ maxSize: MAX_MANIFEST_BODY_BYTES, onError: tooLarge });
  app.use('*', (c, next) => (MANIFEST_PATH.test(c.req.path) ? manifestLimit(c, next) : usualLimit(c, next)));
  app.use('*', refuseBadCharacters);
  app.use('*', requireToken);
  app.use('*', idempotency);

  registerRoutes(app);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The API token of the login answer. Public calls (sign-in, health, invitations, …) need none.',
  });
  describeOperations(app.openAPIRegistry.definitions);
  app.doc31('/openapi.json', documentConfig());
  // A reference page for people (rendered in their browser by Scalar from the document above, its script served here).
  registerApiDocs(app);

  app.notFound((c) => c.json(apiError('NOT_FOUND'), 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body(), err.status);
    if (err instanceof HTTPException) {
      const status = err.status;
      if (status === 400 && /json/i.test(err.message)) return c.json(apiError('MALFORMED_JSON'), 400);
      if (status === 413) return c.json(apiError('PAYLOAD_TOO_LARGE'), 413);
      if (status < 500) return c.json({ code: 'BAD_REQUEST', message: err.message || apiError('BAD_REQUEST').message }, status);
    }
    if (err instanceof SyntaxError) return c.json(apiError('MALFORMED_JSON'), 400);
    // PostgreSQL down or restarting: the request may succeed in a few seconds, and a new query opens a new
    // connection (the pool's), so the API recovers by itself. Clients and load balancers wait on 503 + Retry-After.
    if (isDatabaseUnreachable(err)) {
      deps.log.warn({ err: err instanceof Error ? err.message : String(err), requestId: c.get('requestId') }, 'database unreachable');
      c.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
      return c.json(apiError('DATABASE_UNAVAILABLE'), 503);
    }
    deps.log.error({ err, requestId: c.get('requestId') }, 'unhandled API error');
    return c.json(apiError('INTERNAL'), 500);
  });
  return app;
}

export type DonationApi = ReturnType<typeof createDonationApi>;
