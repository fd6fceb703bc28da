// When a server start creates the demo data, and what a production start does while an account still opens with the
// published demo password: it refuses to start, unless the operator says in so many words that the server is a demo.
// The demo users' password is in the README: on a server reachable by others they are an open door.
import { verify } from '@node-rs/argon2';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { DEMO_PASSWORD, seedDemo, type DemoSeedOptions } from './seed-demo';

/** The value of DEMO_IN_PRODUCTION by which an operator runs a production server with the demo's open accounts. */
export const DEMO_IN_PRODUCTION_OPT_IN = 'yes-this-is-a-demo';

type DemoEnv = { NODE_ENV?: string; SEED_DEMO?: string; DEMO_IN_PRODUCTION?: string };

/** A production start refused while accounts open with the published password (instrumentation-node.ts, api-server.ts). */
export class DemoPasswordInProductionError extends Error {
  override name = 'DemoPasswordInProductionError';
  constructor(readonly usernames: string[]) {
    super(
      `accounts ${usernames.join(', ')} still have the published demo password ${DEMO_PASSWORD}, so anyone can sign in ` +
        'as them: nothing was started. Change their passwords or deactivate them (admin command line: set-password, ' +
        `deactivate-user), or set DEMO_IN_PRODUCTION=${DEMO_IN_PRODUCTION_OPT_IN} if this server is a demo.`,
    );
  }
}

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

/**
 * The active accounts, of any username, whose password is the published one. Each distinct hash is checked once:
 * the demo seed gives all its users one hash, so a demo database costs one check, and a real program's database one
 * per password account (about 15 ms each on two cores), only at a production start.
 */
export async function accountsWithPublishedPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(and(isNotNull(users.passwordHash), eq(users.disabled, false)));
  const byHash = new Map<string, string[]>();
  for (const r of rows) byHash.set(r.passwordHash!, [...(byHash.get(r.passwordHash!) ?? []), r.username]);
  const open: string[] = [];
  const hashes = [...byHash.keys()];
  // A few at a time: argon2 runs on libuv's four threads, and a start should not queue thousands of checks at once.
  for (let i = 0; i < hashes.length; i += 8) {
    const batch = hashes.slice(i, i + 8);
    const found = await Promise.all(batch.map((h) => verify(h, DEMO_PASSWORD).catch(() => false)));
    batch.forEach((h, j) => found[j] && open.push(...byHash.get(h)!));
  }
  return open.sort();
}

/**
 * At every server start: the demo data when wanted; then, in production, a refusal (DemoPasswordInProductionError)
 * while an account opens with the published password, or only a warning when DEMO_IN_PRODUCTION says it is a demo.
 */
export async function prepareDemoData(
  db: Db,
  kind: 'pglite' | 'postgres',
  env: DemoEnv,
  log: Logger,
  opts: DemoSeedOptions,
): Promise<void> {
  if (wantsDemoData(env, kind) && (await seedDemo(db, opts))) log.info('demo data created');
  if (env.NODE_ENV !== 'production') return;
  const open = await accountsWithPublishedPassword(db);
  if (open.length === 0) return;
  if (env.DEMO_IN_PRODUCTION !== DEMO_IN_PRODUCTION_OPT_IN) throw new DemoPasswordInProductionError(open);
  log.warn(
    { users: open },
    `demo accounts ${open.join(', ')} still have the published password ${DEMO_PASSWORD}: anyone can sign in as them ` +
      `(DEMO_IN_PRODUCTION=${DEMO_IN_PRODUCTION_OPT_IN}). Deactivate them or change their passwords with the ` +
      'administration command line (deactivate-user, set-password).',
  );
}
