// Brute-force brake for password logins (and password resets): failure counters per key in login_attempts.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { loginAttempts } from '../db/schema';

/**
 * Many people share one address (an office, a proxy, or 'unknown' when no proxy header is set), so an
 * address tolerates more failures than a username before it is refused.
 */
export const ADDRESS_FAILURE_FACTOR = 4;

export type AttemptKey = { key: string; max: number };

export function usernameKey(username: string): string {
  return `user:${username}`;
}

export function addressKey(address: string): string {
  return `addr:${address}`;
}

/**
 * The client address, only a counter key. x-forwarded-for is a list each proxy appends to, and its left part is
 * whatever the client sent. `npm start` (scripts/serve.mjs) makes its last entry the socket's address; the entry
 * read is the one TRUSTED_PROXY_HOPS places from the right (default 0: the socket itself, when nothing sits in
 * front of the app; N: the address the outermost of N trusted proxies saw). 'unknown' without the header.
 */
export function clientAddress(forwardedFor: string | undefined | null, trustedHops = trustedProxyHops()): string {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  if (hops.length === 0) return 'unknown';
  const pick = hops[Math.max(0, hops.length - 1 - trustedHops)];
  return pick.slice(0, 100);
}

function trustedProxyHops(): number {
  const n = Number(process.env.TRUSTED_PROXY_HOPS ?? 0);
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 0;
}

/** The latest lock still running among the keys, or null. */
export async function lockedUntil(db: DbOrTx, keys: string[], now: Date): Promise<Date | null> {
  if (keys.length === 0) return null;
  const rows = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys), gt(loginAttempts.lockedUntil, now)));
  let latest: Date | null = null;
  for (const r of rows) if (r.lockedUntil && (!latest || r.lockedUntil > latest)) latest = r.lockedUntil;
  return latest;
}

/**
 * Counts one failure on every key, in one statement per key so concurrent failures all count. A counter
 * older than the lock window starts again at 1; reaching its maximum locks the key for the window.
 * Returns the failure count of each key, in order.
 */
export async function recordFailure(db: DbOrTx, keys: AttemptKey[], now: Date, lockMinutes: number): Promise<number[]> {
  const windowStart = new Date(now.getTime() - lockMinutes * 60_000);
  const lockEnd = new Date(now.getTime() + lockMinutes * 60_000);
  const counts: number[] = [];
  for (const { key, max } of keys) {
    const fresh = sql`${loginAttempts.firstFailureAt} < ${windowStart.toISOString()}::timestamptz`;
    const next = sql`case when ${fresh} then 1 else ${loginAttempts.failures} + 1 end`;
    const [row] = await db
      .insert(loginAttempts)
      .values({ key, failures: 1, firstFailureAt: now, lockedUntil: max <= 1 ? lockEnd : null })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: next,
          firstFailureAt: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${loginAttempts.firstFailureAt} end`,
          lockedUntil: sql`case when ${next} >= ${max} then ${lockEnd.toISOString()}::timestamptz else ${loginAttempts.lockedUntil} end`,
        },
      })
      .returning({ failures: loginAttempts.failures });
    counts.push(row?.failures ?? 1);
  }
  return counts;
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

/** Delay before answering a failure: nothing for the first, then doubling, at most 2 s. */
export function slowdownMs(failures: number): number {
  if (failures < 2) return 0;
  return Math.min(2000, 100 * 2 ** (failures - 2));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
