import 'server-only';
// What a sign-in writes into the session (the API token, the display user, the saved-token cookie), and the silent
// renewal of single sign-on sessions before their API token expires.
import type { JWT } from 'next-auth/jwt';
import type { LoginAnswer } from '@/lib/domain/answers';
import { SAVED_TOKEN_COOKIE, SAVED_TOKEN_MAX_AGE, trySetCookie } from './auth-cookies';
import type { SessionUser } from '@/lib/domain/user-answers';
import { callDonationApi, donationApiJson } from './donation-api-client';
import { discovery, SSO_PROVIDERS, ssoEndpoints } from './sso-providers';

function displayUser(u: LoginAnswer): SessionUser {
  return {
    id: u.id,
    username: u.username,
    branches: u.branches,
    branchId: u.branchId,
    contactEmail: u.contactEmail,
    locale: u.locale,
    workplace: u.workplace,
    loginType: u.loginType,
    program: u.program,
    partner: u.partner,
  };
}

/** Every sign-in keeps the API token in the (encrypted) JWT and, as the saved token, in its own cookie. */
export async function applyAnswer(token: JWT, answer: LoginAnswer): Promise<void> {
  token.apiToken = answer.token;
  token.apiTokenExpiresAt = answer.expiresAt;
  token.user = displayUser(answer);
  await trySetCookie(SAVED_TOKEN_COOKIE(), answer.token, SAVED_TOKEN_MAX_AGE);
}

/** Renew this long before the API token expires, so a session in use never meets an expired token. */
export const RENEW_BEFORE_MS = 30 * 60_000;

/**
 * Silent renewal (docs/product.md, Single sign-on): the provider's refresh token buys a new ID
 * token at its token endpoint, without any prompt while the provider's own session lasts, and that ID token is
 * exchanged again. Issuers that return no new ID token on refresh (or no refresh token at all) end the session
 * at the API token's expiry instead: an access token alone proves nothing the donation API can verify.
 */
export async function renewSso(token: JWT): Promise<boolean> {
  const sso = token.sso;
  const endpoints = sso ? ssoEndpoints()[sso.provider] : undefined;
  if (!sso?.refreshToken || !endpoints) return false;
  const doc = await discovery(endpoints.wellKnown);
  const tokenEndpoint = typeof doc?.token_endpoint === 'string' ? doc.token_endpoint : undefined;
  if (!tokenEndpoint) return false;
  try {
    const res = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(endpoints.clientId)}:${encodeURIComponent(endpoints.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: sso.refreshToken }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return false;
    const tokens = (await res.json()) as { id_token?: string; refresh_token?: string };
    if (!tokens.id_token) return false;
    const answer = await donationApiJson<LoginAnswer>('/api/user/login/sso', {
      method: 'POST',
      body: { token: tokens.id_token, provider: SSO_PROVIDERS[sso.provider].apiId },
    });
    const old = token.apiToken;
    // Keep the branch the user chose; the new answer starts at the first one.
    const branchId = token.user?.branchId;
    await applyAnswer(token, answer);
    if (branchId && token.user?.branches.some((b) => b.branchId === branchId)) token.user = { ...token.user, branchId };
    token.sso = { ...sso, idToken: tokens.id_token, refreshToken: tokens.refresh_token ?? sso.refreshToken };
    if (old) await callDonationApi('/api/user/logout', { method: 'POST', token: old }).catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}
