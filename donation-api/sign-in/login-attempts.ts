// Brute-force brake for password logins: failure counters per key in login_attempts, each key locked for a time
// that doubles with every failure past its limit (up to a cap), so a guesser's rate falls while a stranger can only
// ever slow down the pairs (username, address) and addresses they guess from, never a named person everywhere.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { loginAttempts } from '../db/schema';
import { ApiError } from '../errors';

/**
 * Many people share one address (an office behind one NAT, a proxy, or 'unknown' when no proxy header is set), so
 * an address tolerates more failures, over all usernames, than one (username, address) pair before it is braked.
 */
export const ADDRESS_FAILURE_FACTOR = 4;

/** LOGIN_MAX_FAILURES free failures, then a first lock of LOGIN_LOCK_MINUTES, doubling up to LOGIN_LOCK_MAX_MINUTES. */
export type BrakeRule = { firstLockMinutes: number; maxLockMinutes: number };

export type AttemptKey = { key: string; max: number };

/** Failures of one username from one address: what a guesser from that address is refused on. */
export function pairKey(username: string, address: string): string {
  return `pair:${address}|${username}`;
}

export function addressKey(address: string): string {
  return `addr:${address}`;
}

/** Change-password guesses need the account's token, so they are counted on the username itself. */
export function usernameKey(username: string): string {
  return `user:${username}`;
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
  return pick!.slice(0, 100);
}

function trustedProxyHops(): number {
  const n = Number(process.env.TRUSTED_PROXY_HOPS ?? 0);
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 0;
}

/** Minutes a key is locked for after its failure number `failures` (max: the failures allowed before a lock). */
export function lockMinutesAfter(failures: number, max: number, rule: BrakeRule): number {
  if (failures < max) return 0;
  return Math.min(rule.maxLockMinutes, rule.firstLockMinutes * 2 ** Math.min(failures - max, 30));
}

type AttemptState = { failures: number; lockedUntil: Date | null };

/**
 * A counter is forgotten when it never reached a lock and its first failure is older than the first lock's
 * length (as long as a guesser would have waited), or when its last lock ended a whole cap ago.
 */
function isStale(row: { firstFailureAt: Date; lockedUntil: Date | null }, now: Date, rule: BrakeRule): boolean {
  if (!row.lockedUntil) return row.firstFailureAt.getTime() < now.getTime() - rule.firstLockMinutes * 60_000;
  return row.lockedUntil.getTime() < now.getTime() - rule.maxLockMinutes * 60_000;
}

/** The live state of each key (stale or missing counters read as no failures). */
export async function attemptStates(db: DbOrTx, keys: string[], now: Date, rule: BrakeRule): Promise<Map<string, AttemptState>> {
  const states = new Map<string, AttemptState>(keys.map((k) => [k, { failures: 0, lockedUntil: null }]));
  if (keys.length === 0) return states;
  const rows = await db.select().from(loginAttempts).where(inArray(loginAttempts.key, keys));
  for (const r of rows) {
    if (isStale(r, now, rule)) continue;
    states.set(r.key, { failures: r.failures, lockedUntil: r.lockedUntil && r.lockedUntil > now ? r.lockedUntil : null });
  }
  return states;
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
 * Counts one failure on every key, in one statement per key so concurrent failures all count. Reaching the key's
 * maximum locks it for the first lock's length; each failure after that (one per lock, since a locked key is
 * refused before its password is read) doubles the lock, up to the cap. Returns each key's count, in order.
 */
export async function recordFailure(db: DbOrTx, keys: AttemptKey[], now: Date, rule: BrakeRule): Promise<number[]> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - rule.firstLockMinutes * 60_000).toISOString();
  const capStart = new Date(now.getTime() - rule.maxLockMinutes * 60_000).toISOString();
  const counts: number[] = [];
  for (const { key, max } of keys) {
    const stale = sql`(case when ${loginAttempts.lockedUntil} is null
      then ${loginAttempts.firstFailureAt} < ${windowStart}::timestamptz
      else ${loginAttempts.lockedUntil} < ${capStart}::timestamptz end)`;
    const next = sql`(case when ${stale} then 1 else ${loginAttempts.failures} + 1 end)`;
    const lockEnd = sql`${at}::timestamptz + least(${rule.maxLockMinutes}::float8,
      ${rule.firstLockMinutes}::float8 * power(2::float8, least(${next} - ${max}::int, 30))) * interval '1 minute'`;
    const firstLock = lockMinutesAfter(1, max, rule);
    const [row] = await db
      .insert(loginAttempts)
      .values({ key, failures: 1, firstFailureAt: now, lockedUntil: firstLock ? new Date(now.getTime() + firstLock * 60_000) : null })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: next,
          firstFailureAt: sql`case when ${stale} then ${at}::timestamptz else ${loginAttempts.firstFailureAt} end`,
          lockedUntil: sql`case when ${next} >= ${max}::int then ${lockEnd}
            when ${stale} then null else ${loginAttempts.lockedUntil} end`,
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

/**
 * Delay before answering a failure: nothing for the first, then 100 ms doubling, at most 2 s (a held answer
 * costs the server a socket, so the lock, not the delay, is what bounds a guesser's rate).
 */
export function slowdownMs(failures: number): number {
  if (failures < 2) return 0;
  return Math.min(2000, 100 * 2 ** (failures - 2));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** 429 LOGIN_TOO_MANY whose message and Retry-After say when the caller may try again. */
export class LoginLockedError extends ApiError {
  constructor(
    readonly until: Date,
    now: Date,
  ) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    super(
      429,
      'LOGIN_TOO_MANY',
      undefined,
      `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  }
  retryAfterSeconds(now: Date): number {
    return Math.max(1, Math.ceil((this.until.getTime() - now.getTime()) / 1000));
  }
}

/**
 * Counts one event on the key and answers how many fell in the last `windowMinutes` (this one included), in one
 * statement so concurrent events all count. Never locks: callers decide what a high count means.
 */
export async function countRecent(db: DbOrTx, key: string, now: Date, windowMinutes: number): Promise<number> {
  const [count] = await recordFailure(db, [{ key, max: 2 ** 31 - 1 }], now, {
    firstLockMinutes: windowMinutes,
    maxLockMinutes: windowMinutes,
  });
  return count!;
}
