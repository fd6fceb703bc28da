// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser where the owner signed
// in successfully carries a signed cookie naming that user. Attempts that carry a valid one are counted against
// that device alone, so a stranger's five wrong passwords (which lock the username for anonymous attempts) do not
// keep the owner out of their own browser; five wrong passwords from the device lock that device only.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';

const KEY_SETTING = 'device_cookie_key';
const PREFIX = 'v1';
/** A device cookie is good for a year after the sign-in that issued it. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

let cachedKey: { db: DbOrTx; key: Buffer } | undefined;

/** The signing key: 32 random bytes made on first use and kept in app_settings (no configuration to forget). */
async function signingKey(db: DbOrTx): Promise<Buffer> {
  if (cachedKey?.db === db) return cachedKey.key;
  await db
    .insert(appSettings)
    .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY_SETTING));
  const key = Buffer.from(String(row!.value), 'base64');
  cachedKey = { db, key };
  return key;
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** A new device cookie for the user: v1.<username, base64url>.<nonce>.<issued at, s>.<HMAC>. */
export async function issueDeviceCookie(db: DbOrTx, username: string, now: Date): Promise<string> {
  const body = [
    PREFIX,
    Buffer.from(username).toString('base64url'),
    randomBytes(16).toString('base64url'),
    Math.floor(now.getTime() / 1000),
  ].join('.');
  return `${body}.${sign(await signingKey(db), body)}`;
}

/** The device's nonce when the cookie is ours, unexpired and names this username; else null. */
export async function verifyDeviceCookie(db: DbOrTx, cookie: string | undefined, username: string, now: Date): Promise<string | null> {
  if (!cookie || cookie.length > 400) return null;
  const parts = cookie.split('.');
  if (parts.length !== 5 || parts[0] !== PREFIX) return null;
  const body = parts.slice(0, 4).join('.');
  const expected = Buffer.from(sign(await signingKey(db), body));
  const given = Buffer.from(parts[4]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Buffer.from(parts[1]!, 'base64url').toString() !== username) return null;
  const issued = Number(parts[3]);
  if (!Number.isFinite(issued) || now.getTime() / 1000 - issued > DEVICE_COOKIE_MAX_AGE_S) return null;
  return parts[2]!;
}
