import { createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { OidcProviderConfig, SsoConfig, SsoProviderId } from '../auth/sso-config';

/** Asymmetric algorithms only: `none` and HS* (which would let a public key act as a shared secret) are refused. */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'PS256'];
export const MAX_ID_TOKEN_LENGTH = 16 * 1024;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const DISCOVERY_FAILURE_TTL_MS = 10 * 1000;
const FETCH_TIMEOUT_MS = 5000;

/** What a verified ID token says about the person, and which provider vouched for it. */
export type VerifiedIdentity = {
  provider: SsoProviderId;
  loginType: number;
  /** Azure's `oid` (stable across the tenant's apps), else the standard `sub`. */
  objectId: string;
  /** Lower-cased, from email / preferred_username / emails[0]; absent when the token has none or says it is unverified. */
  email?: string;
  claims: JWTPayload;
};

/** The token is not acceptable: 401. */
export class InvalidIdTokenError extends Error {
  constructor(readonly reason: string) {
    super(`invalid ID token: ${reason}`);
  }
}
/** The provider's discovery document or keys cannot be fetched: 503, the token may well be fine. */
export class ProviderUnavailableError extends Error {}
/** The named (or the token's) provider is not configured: 404. */
export class ProviderDisabledError extends Error {}

type Discovery = { issuer: string; jwks: ReturnType<typeof createRemoteJWKSet> };
type CacheEntry = { at: number; value?: Discovery; failed?: boolean; pending?: Promise<Discovery> };

async function discover(provider: OidcProviderConfig): Promise<Discovery> {
  let doc: { issuer?: unknown; jwks_uri?: unknown };
  try {
    const res = await fetch(provider.wellKnownUrl, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    doc = (await res.json()) as typeof doc;
  } catch (err) {
    throw new ProviderUnavailableError(`${provider.id} discovery failed: ${(err as Error).message}`);
  }
  if (typeof doc.issuer !== 'string' || typeof doc.jwks_uri !== 'string' || !/^https?:\/\//.test(doc.jwks_uri)) {
    throw new ProviderUnavailableError(`${provider.id} discovery document lacks issuer or jwks_uri`);
  }
  // jose caches the key set and refetches it (with a cool-down) when a token names an unknown kid: key rotation works.
  return { issuer: doc.issuer, jwks: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS }) };
}

function emailOf(claims: JWTPayload): string | undefined {
  if (claims.email_verified === false) return undefined;
  const emails = claims.emails;
  const raw = [claims.email, claims.preferred_username, Array.isArray(emails) ? emails[0] : undefined].find(
    (v): v is string => typeof v === 'string' && /^[^\s@]+@[^\s@]+$/.test(v) && v.length <= 320,
  );
  return raw?.toLowerCase();
}

export type IdTokenVerifier = {
  verify(token: unknown, opts: { now: Date; provider?: SsoProviderId; nonce?: string }): Promise<VerifiedIdentity>;
};

/** A verifier over the configured providers, caching each provider's discovery document for an hour. */
export function createIdTokenVerifier(config: SsoConfig | undefined): IdTokenVerifier {
  const cache = new Map<SsoProviderId, CacheEntry>();

  async function discovery(provider: OidcProviderConfig, now: number): Promise<Discovery> {
    const hit = cache.get(provider.id);
    if (hit?.pending) return hit.pending;
    if (hit?.value && now - hit.at < DISCOVERY_TTL_MS) return hit.value;
    // A provider that is down is not asked again for a few seconds: sign-ins fail fast instead of piling up.
    if (hit?.failed && now - hit.at < DISCOVERY_FAILURE_TTL_MS)
      throw new ProviderUnavailableError(`${provider.id} discovery failed recently`);
    const pending = discover(provider);
    cache.set(provider.id, { at: now, pending, value: hit?.value });
    try {
      const value = await pending;
      cache.set(provider.id, { at: Date.now(), value });
      return value;
    } catch (err) {
      cache.set(provider.id, { at: Date.now(), failed: true });
      throw err;
    }
  }

  function enabledProviders(): OidcProviderConfig[] {
    return [config?.aad, config?.aadb2c].filter((p): p is NonNullable<typeof p> => Boolean(p));
  }

  return {
    async verify(token, opts) {
      if (typeof token !== 'string' || token.length === 0 || token.length > MAX_ID_TOKEN_LENGTH) throw new InvalidIdTokenError('malformed');
      let unverified: JWTPayload;
      try {
        unverified = decodeJwt(token);
      } catch {
        throw new InvalidIdTokenError('malformed');
      }

      let candidates = enabledProviders();
      if (opts.provider) {
        candidates = candidates.filter((p) => p.id === opts.provider);
        if (candidates.length === 0) throw new ProviderDisabledError(opts.provider);
      } else if (candidates.length === 0) {
        throw new ProviderDisabledError('none');
      }

      // The unverified iss and aud only pick which provider checks the token; that provider then checks everything.
      const aud = Array.isArray(unverified.aud) ? unverified.aud : [unverified.aud];
      const byAudience = candidates.filter((p) => aud.includes(p.clientId));
      if (byAudience.length === 0) throw new InvalidIdTokenError('audience');
      let lastError: unknown;
      for (const provider of byAudience) {
        const { issuer: issuerTemplate, jwks } = await discovery(provider, Date.now());
        const issuer = expectedIssuer(issuerTemplate, unverified);
        if (unverified.iss !== issuer) {
          lastError = new InvalidIdTokenError('issuer');
          continue;
        }
        try {
          const { payload } = await jwtVerify(token, jwks, {
            algorithms: ID_TOKEN_ALGORITHMS,
            issuer,
            audience: provider.clientId,
            currentDate: opts.now,
            clockTolerance: config?.clockToleranceSec ?? 60,
            requiredClaims: ['iss', 'aud', 'exp', 'iat', 'sub'],
          });
          if (opts.nonce !== undefined && payload.nonce !== opts.nonce) throw new InvalidIdTokenError('nonce');
          // A token for several audiences must name us as the authorized party.
          if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId)
            throw new InvalidIdTokenError('azp');
          const objectId = typeof payload.oid === 'string' && payload.oid ? payload.oid : payload.sub;
          if (typeof objectId !== 'string' || !objectId || objectId.length > 256) throw new InvalidIdTokenError('subject');
          return { provider: provider.id, loginType: provider.loginType, objectId, email: emailOf(payload), claims: payload };
        } catch (err) {
          if (err instanceof InvalidIdTokenError) throw err;
          if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid)
            throw new ProviderUnavailableError(String(err));
          if (err instanceof joseErrors.JOSEError) throw new InvalidIdTokenError((err as joseErrors.JOSEError).code);
          // fetch of the key set failed (connection refused, DNS): the provider, not the token.
          throw new ProviderUnavailableError(String(err));
        }
      }
      throw lastError ?? new InvalidIdTokenError('issuer');
    },
  };
}

/** Microsoft's multi-tenant ("common") discovery names the issuer `…/{tenantid}/v2.0`: fill in the token's tenant. */
function expectedIssuer(template: string, unverified: JWTPayload): string {
  if (!template.includes('{tenantid}')) return template;
  const tid = unverified.tid;
  return typeof tid === 'string' && /^[0-9a-f-]{36}$/i.test(tid) ? template.replace('{tenantid}', tid) : template;
}

const verifiers = new WeakMap<SsoConfig, IdTokenVerifier>();

/** One verifier (and discovery cache) per configuration object, so an injected config gets its own. */
export function idTokenVerifierFor(config: SsoConfig | undefined): IdTokenVerifier {
  if (!config) return createIdTokenVerifier(undefined);
  let v = verifiers.get(config);
  if (!v) {
    v = createIdTokenVerifier(config);
    verifiers.set(config, v);
  }
  return v;
}
