import { OpenAPIHono } from '@hono/zod-openapi';
import { apiError } from '@/lib/domain/errors';
import { TOO_LONG_MESSAGE, tooLongMessage } from '@/lib/domain/text-limits';
import { checkAccess, declaredAccess } from './auth/access';
import type { ApiEnv } from './context';

type Issue = { path: PropertyKey[]; message: string; code?: string; origin?: string; maximum?: number | bigint };

/**
 * Validation failures of the zod-openapi request schemas: 400 with the first issue in plain words. A text over its
 * limit is FIELD_TOO_LONG naming the field and the limit (the schema's own English label when it has one).
 */
export function validationHook(result: { success: boolean; error?: { issues: Issue[] } }, c: { json: (b: unknown, s: 400) => Response }) {
  if (!result.success) {
    const issue = result.error?.issues[0];
    const field = issue?.path.map(String).join('.') ?? '';
    if (issue?.code === 'too_big' && issue.origin === 'string' && field) {
      const message = TOO_LONG_MESSAGE.test(issue.message) ? issue.message : tooLongMessage(field, Number(issue.maximum));
      return c.json({ code: 'FIELD_TOO_LONG', message, field }, 400);
    }
    const where = field ? `${field}: ` : '';
    return c.json({ code: 'BAD_REQUEST', message: `${apiError('BAD_REQUEST').message} ${where}${issue?.message ?? ''}`.trim() }, 400);
  }
  return undefined;
}

/**
 * A router whose every route declares who may call it (`'x-access'`, auth/access.ts). The declared check runs after
 * the request's validation (a malformed call is the same 400 for everyone, as before) and before the handler, which
 * reads what was checked with the getters of auth/access.ts. A route without a declaration stops the API at start.
 */
export function newRouter() {
  const router = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook as never });
  const register = router.openapi;
  router.openapi = ((route, handler, hook) => {
    const declared = declaredAccess(route);
    if (!declared) throw new Error(`${route.method.toUpperCase()} ${route.path} declares no access ('x-access' in its createRoute)`);
    const guarded = (async (c, next) => {
      c.set('access', await checkAccess(c as never, declared));
      return handler(c, next);
    }) as typeof handler;
    return register(route, guarded, hook);
  }) as typeof register;
  return router;
}
