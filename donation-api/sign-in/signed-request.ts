import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The embedded chat view's signed request, `<base64url signature>.<base64url JSON payload>`, as the
 * Messenger/Workplace extensions SDK produced it: HMAC-SHA256 of the *encoded* payload with the app secret.
 * Pure: no I/O, the clock is passed in.
 *
 * The chat identity is `psid` (the chat extension's getContext payload), else `user_id` (the older
 * canvas/login payload); `tid` is the thread (context) id and, when present, must equal the context id
 * the client sent next to the signed request, so a signed request cannot be replayed for another thread.
 */

export const SIGNED_REQUEST_MAX_LENGTH = 8192;
export const SIGNED_REQUEST_MAX_AGE_SEC = 300;
export const SIGNED_REQUEST_FUTURE_SKEW_SEC = 60;

export type SignedRequestPayload = {
  algorithm: 'HMAC-SHA256';
  issued_at: number;
  psid?: string;
  user_id?: string;
  tid?: string;
  thread_type?: string;
  page_id?: string | number;
  [key: string]: unknown;
};

export type SignedRequestFailure =
  'malformed' | 'bad_signature' | 'bad_algorithm' | 'bad_payload' | 'expired' | 'issued_in_future' | 'no_identity' | 'context_mismatch';

export type SignedRequestResult =
  { ok: true; payload: SignedRequestPayload; identity: string } | { ok: false; reason: SignedRequestFailure };

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
// Ids the chat tools use are numeric or short opaque strings; anything else is refused before it reaches SQL.
const IDENTITY = /^[A-Za-z0-9_.:-]{1,128}$/;

/** Canonical base64url only: Node's decoder ignores stray characters and unused low bits, which would let many strings stand for one signature. */
function decodeB64url(part: string): Buffer | null {
  if (!B64URL.test(part)) return null;
  const bare = part.replace(/=+$/, '');
  const bytes = Buffer.from(bare, 'base64url');
  return bytes.toString('base64url') === bare ? bytes : null;
}

export function signSignedRequest(payload: object, secret: string): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const sig = createHmac('sha256', secret).update(encoded).digest('base64url');
  return `${sig}.${encoded}`;
}

export function verifySignedRequest(
  signedRequest: unknown,
  secret: string,
  opts: { now: Date; contextId?: string; maxAgeSec?: number; futureSkewSec?: number },
): SignedRequestResult {
  if (typeof signedRequest !== 'string' || signedRequest.length === 0 || signedRequest.length > SIGNED_REQUEST_MAX_LENGTH)
    return { ok: false, reason: 'malformed' };
  if (!secret) return { ok: false, reason: 'bad_signature' };
  const parts = signedRequest.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'malformed' };
  const [encodedSig = '', encodedPayload = ''] = parts;
  const sig = decodeB64url(encodedSig);
  if (!sig || !decodeB64url(encodedPayload)) return { ok: false, reason: 'malformed' };

  // The signature is checked before the payload is parsed, so unauthenticated JSON is never interpreted.
  const expected = createHmac('sha256', secret).update(encodedPayload).digest();
  if (sig.length !== expected.length || !timingSafeEqual(sig, expected)) return { ok: false, reason: 'bad_signature' };

  let payload: unknown;
  try {
    payload = JSON.parse(decodeB64url(encodedPayload)!.toString('utf8'));
  } catch {
    return { ok: false, reason: 'bad_payload' };
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return { ok: false, reason: 'bad_payload' };
  const p = payload as Record<string, unknown>;
  // Exactly this value: a signed payload naming any other algorithm is not one we produced the check for.
  if (p.algorithm !== 'HMAC-SHA256') return { ok: false, reason: 'bad_algorithm' };

  const issuedAt = p.issued_at;
  if (typeof issuedAt !== 'number' || !Number.isSafeInteger(issuedAt) || issuedAt <= 0) return { ok: false, reason: 'bad_payload' };
  const nowSec = Math.floor(opts.now.getTime() / 1000);
  if (issuedAt > nowSec + (opts.futureSkewSec ?? SIGNED_REQUEST_FUTURE_SKEW_SEC)) return { ok: false, reason: 'issued_in_future' };
  if (nowSec - issuedAt > (opts.maxAgeSec ?? SIGNED_REQUEST_MAX_AGE_SEC)) return { ok: false, reason: 'expired' };

  const rawIdentity = p.psid ?? p.user_id;
  const identity = typeof rawIdentity === 'number' && Number.isSafeInteger(rawIdentity) ? String(rawIdentity) : rawIdentity;
  if (typeof identity !== 'string' || !IDENTITY.test(identity)) return { ok: false, reason: 'no_identity' };

  if (p.tid !== undefined && p.tid !== null && opts.contextId !== undefined && String(p.tid) !== opts.contextId) {
    return { ok: false, reason: 'context_mismatch' };
  }
  return { ok: true, payload: p as SignedRequestPayload, identity };
}
