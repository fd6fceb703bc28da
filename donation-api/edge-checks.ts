import type { MiddlewareHandler } from 'hono';
import { holdsNul, urlHoldsNul } from '@/lib/domain/nul';
import type { ApiEnv } from './context';
import { ApiError } from './errors';

/**
 * Refuses a NUL character in the query or in any string of a JSON body, for every route, before a handler or the
 * database sees it (PostgreSQL refuses it in text, which was a 500, or a 503 after the feedback mail had gone).
 * The body is read once here; Hono keeps it for the route's own validator.
 */
export const refuseNul: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (urlHoldsNul(c.req.url)) throw new ApiError(400, 'INVALID_CHARACTERS');
  const type = c.req.header('content-type') ?? '';
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && /json/i.test(type)) {
    const text = await c.req.text();
    if (text.includes('\u0000')) throw new ApiError(400, 'INVALID_CHARACTERS');
    if (text.includes('\\u0000')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined; // the route's validator answers MALFORMED_JSON
      }
      if (holdsNul(parsed)) throw new ApiError(400, 'INVALID_CHARACTERS');
    }
  }
  return next();
};
