import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { randomUUID } from 'node:crypto';
import { apiError } from '@/lib/domain/errors';
import type { ApiDeps, ApiEnv } from './context';
import { ApiError } from './errors';
import { requireToken } from './auth/middleware';
import { registerRoutes } from './routes';
import { newRouter } from './router';

export const MAX_BODY_BYTES = 256 * 1024;

/** The donation API of section 7, mounted under /api. */
export function createDonationApi(deps: ApiDeps) {
  const app = newRouter().basePath('/api');

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    const started = performance.now();
    await next();
    c.header('x-request-id', requestId);
    c.header('cache-control', 'no-store');
    deps.log.info({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'api');
  });
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json(apiError('PAYLOAD_TOO_LARGE'), 413) }));
  app.use('*', requireToken);

  registerRoutes(app);

  app.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 'Retail Food Program donation API', version: '1.0.0' } });

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
    deps.log.error({ err, requestId: c.get('requestId') }, 'unhandled API error');
    return c.json(apiError('INTERNAL'), 500);
  });
  return app;
}

export type DonationApi = ReturnType<typeof createDonationApi>;
