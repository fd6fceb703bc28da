// Which counters one password sign-in is checked and counted on, and what a failure costs (see docs/operations.md,
// "Sign-in brake"). A stranger who knows a username can lock only the (username, address) pairs and the addresses
// they guess from: the owner elsewhere, a colleague behind the same address and a browser that signed in before
// all keep signing in with the right password.
import type { ApiConfig } from '../config';
import type { DbOrTx } from '../db/client';
import {
  ADDRESS_FAILURE_FACTOR,
  addressKey,
  attemptStates,
  clearFailures,
  lockMinutesAfter,
  LoginLockedError,
  pairKey,
  recordFailure,
  sleep,
  slowdownMs,
  type AttemptKey,
  type BrakeRule,
} from './login-attempts';

function deviceKey(nonce: string): string {
  return `device:${nonce}`;
}

export function brakeRule(config: ApiConfig): BrakeRule {
  return { firstLockMinutes: config.loginLockMinutes, maxLockMinutes: Math.max(config.loginLockMinutes, config.loginLockMaxMinutes) };
}

export type Brake = { keys: [AttemptKey, ...AttemptKey[]]; rule: BrakeRule; addressLocked: Date | null };

/**
 * Refuses (429) an attempt whose own counter is locked: the device's, when the attempt carries a valid device
 * cookie of this username (counted apart from anonymous attempts); else the (username, address) pair's. A braked
 * address refuses only pairs that already failed there: a pair without failures (a colleague behind the same NAT)
 * is let through to the password check, so the right password still signs in.
 */
export async function checkBrake(
  db: DbOrTx,
  who: { username: string; address: string; device: string | null },
  config: ApiConfig,
  now: Date,
): Promise<Brake> {
  const rule = brakeRule(config);
  const max = config.loginMaxFailures;
  if (who.device) {
    const key = deviceKey(who.device);
    const state = (await attemptStates(db, [key], now, rule)).get(key)!;
    if (state.lockedUntil) throw new LoginLockedError(state.lockedUntil, now);
    return { keys: [{ key, max }], rule, addressLocked: null };
  }
  const pair = pairKey(who.username, who.address);
  const address = addressKey(who.address);
  const states = await attemptStates(db, [pair, address], now, rule);
  const p = states.get(pair)!;
  const a = states.get(address)!;
  if (p.lockedUntil) throw new LoginLockedError(p.lockedUntil, now);
  if (a.lockedUntil && p.failures > 0) throw new LoginLockedError(a.lockedUntil, now);
  return {
    keys: [
      { key: pair, max },
      { key: address, max: max * ADDRESS_FAILURE_FACTOR },
    ],
    rule,
    addressLocked: a.lockedUntil,
  };
}

/**
 * Counts a failure, then holds the answer: by the pair's (or device's) count, and by the address's count past its
 * limit, so spraying many usernames from one address slows down too. A failure from an address that was already
 * braked answers 429 with the address's wait: the owner of a pair without failures learns why, and well-behaved
 * clients stop.
 */
export async function brakeFailure(db: DbOrTx, brake: Brake, now: Date): Promise<void> {
  const [own, address = 0] = await recordFailure(db, brake.keys, now, brake.rule);
  const addressMax = brake.keys[1]?.max ?? Infinity;
  // The address's failures past its limit delay its answers too: 100 ms for the first one over, then doubling.
  await sleep(Math.max(slowdownMs(own!), slowdownMs(address - addressMax + 1)));
  if (brake.addressLocked) {
    const minutes = lockMinutesAfter(address, addressMax, brake.rule);
    throw new LoginLockedError(new Date(now.getTime() + minutes * 60_000), now);
  }
}

/** The right password clears its own counter only: an attacker's own good login must not clear the address. */
export async function brakeSuccess(db: DbOrTx, brake: Brake): Promise<void> {
  await clearFailures(db, brake.keys[0].key);
}
