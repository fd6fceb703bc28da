import { OpenAPIHono } from '@hono/zod-openapi';
import { apiError } from '@/lib/domain/errors';
import type { ApiEnv } from './context';

/** Validation failures of the zod-openapi request schemas: 400 with the first issue in plain words. */
export function validationHook(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  c: { json: (b: unknown, s: 400) => Response },
) {
  if (!result.success) {
    const issue = result.error?.issues[0];
    const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
    return c.json({ code: 'BAD_REQUEST', message: `${apiError('BAD_REQUEST').message} ${where}${issue?.message ?? ''}`.trim() }, 400);
  }
  return undefined;
}

export function newRouter() {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook as never });
}
