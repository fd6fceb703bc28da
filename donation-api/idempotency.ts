import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from './context';
import { idempotencyKeys } from './db/schema';
import { ApiError } from './errors';

/** How long a create's answer is replayed to a retry carrying the same key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
export const IDEMPOTENCY_KEY_MAX = 200;

/** Thrown inside the transaction to undo the key of an answer that is not kept (anything but 2xx). */
class NotKept extends Error {}

/** Creates are the signed-in POSTs; /api/user/... (sign-in, sign-out, password) are no creates. */
function isCreate(method: string, path: string) {
  return method === 'POST' && !path.startsWith('/api/user/');
}

/**
 * Idempotency-Key on every create: the key row, the create and its stored answer are one transaction, so a create
 * committed without its answer cannot happen, and a retry racing the first attempt waits on the key's unique index
 * (PostgreSQL) or the single connection (PGlite) and then replays the first answer: same status, same body. The same
 * key with another request is 422 IDEMPOTENCY_KEY_REUSED. Refusals (4xx, 5xx) are not kept: a corrected retry may
 * reuse the key.
 */
export const idempotency: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (key === undefined || !isCreate(c.req.method, c.req.path) || !c.get('user')) return next();
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX) throw new ApiError(400, 'IDEMPOTENCY_KEY_INVALID');
  const deps = c.get('deps');
  const user = c.get('user');
  const now = deps.now();
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}?${new URL(c.req.url).search}\n`)
    .update(await c.req.text())
    .digest('hex');

  let replay: Response | undefined;
  try {
    await deps.db.transaction(async (tx) => {
      // Expired keys go first (this user's key, and any other old ones while here; the index on created_at keeps it cheap).
      await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
      const mine = await tx
        .insert(idempotencyKeys)
        .values({ userId: user.id, key, requestHash, status: 0, body: '', createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (mine.length === 0) {
        const [first] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
        if (!first || first.requestHash !== requestHash) throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED');
        replay = new Response(first.body, {
          status: first.status,
          headers: { 'content-type': first.contentType ?? 'application/json', 'idempotency-replayed': 'true' },
        });
        return;
      }
      c.set('deps', { ...deps, db: tx as unknown as typeof deps.db });
      await next();
      c.set('deps', deps);
      if (c.res.status < 200 || c.res.status > 299) throw new NotKept();
      const body = await c.res.clone().text();
      await tx
        .update(idempotencyKeys)
        .set({
          status: c.res.status,
          body,
          contentType: c.res.headers.get('content-type'),
          createdAt: sql`${now.toISOString()}::timestamptz`,
        })
        .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
    });
  } catch (err) {
    if (!(err instanceof NotKept)) throw err;
  } finally {
    c.set('deps', deps);
  }
  if (replay) c.res = replay;
};
