// When a server start creates the demo data, and the warning for demo accounts that still open with the published
// password. The demo users' password is in the README: on a server reachable by others they are an open door.
import { verify } from '@node-rs/argon2';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from './client';
import { users } from './schema';
import { DEMO_PASSWORD, seedDemo } from './seed-demo';

/** The demo users that sign in with DEMO_PASSWORD (seed-demo.ts); the single sign-on ones have no password. */
const DEMO_PASSWORD_USERS = ['demo', 'demo2', 'program', 'ontario', 'retail'];

type DemoEnv = { NODE_ENV?: string; SEED_DEMO?: string };

/**
 * SEED_DEMO=true asks for the demo data on any database and SEED_DEMO=false refuses it. Unset, only the embedded
 * database outside production gets it: a production server (the release folder, the container) never creates
 * users with a published password unless asked. npm start, the checkout's demo, sets SEED_DEMO=true itself.
 */
export function wantsDemoData(env: DemoEnv, kind: 'pglite' | 'postgres'): boolean {
  if (env.SEED_DEMO === 'true') return true;
  if (env.SEED_DEMO === 'false') return false;
  return kind === 'pglite' && env.NODE_ENV !== 'production';
}

/** The active demo users whose password is still the published one. */
export async function demoAccountsWithPublishedPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.username, DEMO_PASSWORD_USERS), isNotNull(users.passwordHash), eq(users.disabled, false)));
  const open = await Promise.all(rows.map(async (r) => ((await verify(r.passwordHash!, DEMO_PASSWORD)) ? r.username : null)));
  return open.filter((u): u is string => u !== null).sort();
}

/** At every server start: the demo data when wanted, then (in production) the warning while a demo door is open. */
export async function prepareDemoData(
  db: Db,
  kind: 'pglite' | 'postgres',
  env: DemoEnv,
  log: Logger,
  opts: { today: Date; bananaBoxLbs: number },
): Promise<void> {
  if (wantsDemoData(env, kind) && (await seedDemo(db, opts))) log.info('demo data created');
  if (env.NODE_ENV !== 'production') return;
  const open = await demoAccountsWithPublishedPassword(db);
  if (open.length === 0) return;
  log.warn(
    { users: open },
    `demo accounts ${open.join(', ')} still have the published password ${DEMO_PASSWORD}: anyone can sign in as them. ` +
      'Deactivate them or change their passwords with the administration command line (deactivate-user, set-password).',
  );
}
