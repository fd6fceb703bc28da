import type { MiddlewareHandler } from 'hono';
import { apiError } from '@/lib/domain/errors';
import { badTextIn, jsonMayHoldBadText, urlHoldsBadEscape, urlHoldsNul } from '@/lib/domain/nul';
import type { ApiEnv } from './context';
import { ApiError } from './errors';

/** The path and query of a request URL as the client sent them (escapes kept). */
function pathAndQuery(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '' : url.slice(start);
}

/**
 * Refuses, for every route and before a handler or the database sees it:
 * - a percent-encoding of the path or query that is not UTF-8 (Hono would hand the raw escape to the route);
 * - a NUL character in the query or in any string of a JSON body (PostgreSQL refuses it in text, which was a 500,
 *   or a 503 after the feedback mail had gone);
 * - half of a UTF-16 surrogate pair in any string of a JSON body (PostgreSQL's jsonb refuses it: the audit log's
 *   values, which was a 500 on the write routes).
 * The body is read once here; Hono keeps it for the route's own validator.
 */
export const refuseBadCharacters: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const target = pathAndQuery(c.req.url);
  if (urlHoldsBadEscape(target)) throw new ApiError(400, 'MALFORMED_URL');
  if (urlHoldsNul(target)) throw new ApiError(400, 'INVALID_CHARACTERS');
  const type = c.req.header('content-type') ?? '';
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && /json/i.test(type)) {
    const text = await c.req.text();
    if (text.includes('\u0000')) throw new ApiError(400, 'INVALID_CHARACTERS');
    if (jsonMayHoldBadText(text)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined; // the route's validator answers MALFORMED_JSON
      }
      const bad = badTextIn(parsed);
      if (bad?.kind === 'nul') throw new ApiError(400, 'INVALID_CHARACTERS', bad.field);
      if (bad) throw new ApiError(400, 'BROKEN_CHARACTER', bad.field, `${apiError('BROKEN_CHARACTER').message} Field: ${bad.field}.`);
    }
  }
  return next();
};
