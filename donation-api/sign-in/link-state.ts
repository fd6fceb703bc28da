import { createHmac } from 'node:crypto';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { BOT_SOURCES, type BotSource } from '@/lib/domain/enums';
import type { SsoConfig } from '../auth/sso-config';

/**
 * A short-lived proof that the caller holds a verified chat identity that no account is linked to yet.
 * /login/facebook hands it out when a valid signed request maps to nobody; the e-mail code challenge
 * accepts it instead of an API token. It is an HS256 JWT keyed by a value derived from the variant's app
 * secret, so every API server can check it without shared state, and it dies when the secret is rotated.
 */

export const LINK_STATE_TTL_SEC = 15 * 60;
const ISSUER = 'rfp-donation-api';
const AUDIENCE = 'rfp-login-challenge';

export type LinkState = { subject: string; botSource: BotSource };

function keyFor(appSecret: string): Uint8Array {
  return createHmac('sha256', appSecret).update('rfp-link-state-v1').digest();
}

export async function signLinkState(config: SsoConfig, state: LinkState, now: Date): Promise<string> {
  const variant = config.workplace[state.botSource];
  if (!variant) throw new Error(`embedded variant ${state.botSource} is not enabled`);
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ bs: state.botSource })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(state.subject)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LINK_STATE_TTL_SEC)
    .sign(keyFor(variant.appSecret));
}

/** The chat identity of a valid link state, or null for anything else (never throws on bad input). */
export async function verifyLinkState(config: SsoConfig | undefined, token: unknown, now: Date): Promise<LinkState | null> {
  if (!config || typeof token !== 'string' || token.length === 0 || token.length > 2048) return null;
  try {
    // The unverified claim only picks the variant's key; the signature then vouches for it.
    const bs = decodeJwt(token).bs;
    if (typeof bs !== 'string' || !(BOT_SOURCES as readonly string[]).includes(bs)) return null;
    const variant = config.workplace[bs as BotSource];
    if (!variant) return null;
    const { payload } = await jwtVerify(token, keyFor(variant.appSecret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (payload.bs !== bs || typeof payload.sub !== 'string') return null;
    return { subject: payload.sub, botSource: bs as BotSource };
  } catch {
    return null;
  }
}
