import fs from 'node:fs';
import path from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from '../db/client';
import { newRouter } from '../router';
import { access } from '../auth/access';
import { APP_VERSION } from '../version';

export const healthRoutes = newRouter();

// Answers say "ok" or "unavailable", and liveness the product's version: no database kind, error or timing. The version
// is public (its changelog and security policy are): an operator, a load balancer's dashboard or a support call reads
// which release a server runs without a shell on it.
const HealthSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string().openapi({ description: 'The product version this server runs (semantic version)', example: '1.0.0' }),
  })
  .openapi('Health');
const ReadySchema = z.object({ status: z.literal('ok') }).openapi('Ready');
const UnavailableSchema = z.object({ status: z.literal('unavailable') }).openapi('Unavailable');

// Load balancers and orchestrators that honour it wait this long before asking /api/ready again.
const READY_RETRY_SECONDS = '5';

// GET /api/health - the process answers (liveness), whatever the database does; no token
healthRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/health',
    'x-access': access.public(),
    summary: 'Liveness: the server process answers',
    tags: ['Health'],
    operationId: 'getHealth',
    security: [],
    description:
      'Liveness: 200 while the server process runs, even when the database is unreachable (restarting the process would ' +
      'not bring the database back). Readiness, the database and its migrations, is GET /api/ready.',
    responses: { 200: { description: 'The process answers', content: { 'application/json': { schema: HealthSchema } } } },
  }),
  (c) => c.json({ status: 'ok' as const, version: APP_VERSION }, 200),
);

// GET /api/ready - the database answers and every migration of this release is applied (readiness); no token
healthRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/ready',
    'x-access': access.public(),
    summary: 'Readiness: the database answers and its migrations are applied',
    description:
      'Readiness: 200 once the database answers and every migration of this release is applied; 503 with Retry-After ' +
      'while the database is unreachable or not migrated, so a load balancer sends no traffic meanwhile.',
    tags: ['Health'],
    operationId: 'getReady',
    security: [],
    responses: {
      200: { description: 'Ready to serve', content: { 'application/json': { schema: ReadySchema } } },
      503: {
        description: 'Not ready (database unreachable or not migrated); ask again after Retry-After seconds',
        headers: z.object({ 'retry-after': z.string().openapi({ description: 'Seconds to wait before asking again', example: '5' }) }),
        content: { 'application/json': { schema: UnavailableSchema } },
      },
    },
  }),
  async (c) => {
    const { db, log } = c.get('deps');
    const ready = await databaseReady(db).catch((err: unknown) => {
      log.warn({ err, requestId: c.get('requestId') }, 'readiness check failed');
      return false;
    });
    if (ready) return c.json({ status: 'ok' as const }, 200);
    c.header('retry-after', READY_RETRY_SECONDS);
    return c.json({ status: 'unavailable' as const }, 503);
  },
);

let lastMigrationMillis: number | undefined;

/** The newest migration of this release (drizzle's journal), read once. */
function newestMigration(): number {
  if (lastMigrationMillis === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    lastMigrationMillis = Math.max(...journal.entries.map((e) => e.when));
  }
  return lastMigrationMillis;
}

/** drizzle's migrator records each applied migration with its folder time in drizzle.__drizzle_migrations. */
export async function databaseReady(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ newest: number | string | null }>(
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  const newest = Number(rows[0]?.newest ?? 0);
  return newest >= newestMigration();
}
