import 'server-only';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import AzureADProvider from 'next-auth/providers/azure-ad';
import AzureADB2CProvider from 'next-auth/providers/azure-ad-b2c';
import { LoginType } from '@/lib/domain/enums';

// The two single sign-on providers (docs/product.md, Single sign-on), from the environment (the variables the API
// reads in donation-api/auth/sso-config.ts). A provider exists only when configured, so /login never offers a
// button that cannot work. `wellKnown` may point at any OpenID Connect issuer: Microsoft Entra ID, Azure AD B2C,
// its successor Entra External ID, or the tests' local oidc-provider.

/** next-auth provider id → the donation API's provider id and the login type its users have. */
export const SSO_PROVIDERS = {
  'azure-ad': { apiId: 'aad', loginType: LoginType.AAD },
  'azure-ad-b2c': { apiId: 'aadb2c', loginType: LoginType.AADB2C },
  // The forgot-password user flow of the customer identity: its ID token is a customer-identity token too.
  'azure-ad-b2c-reset': { apiId: 'aadb2c', loginType: LoginType.AADB2C },
} as const;
export type SsoProviderId = keyof typeof SSO_PROVIDERS;

export function isSsoProvider(id: string | undefined): id is SsoProviderId {
  return !!id && Object.hasOwn(SSO_PROVIDERS, id);
}

const val = (name: string, env: Record<string, string | undefined>) => {
  const v = env[name]?.trim();
  return v ? v : undefined;
};
const WELL_KNOWN = '/v2.0/.well-known/openid-configuration';

export type SsoEndpoints = { wellKnown: string; clientId: string; clientSecret: string };

/** Where each configured provider's discovery document is, with its client; undefined entries are off. */
export function ssoEndpoints(env: Record<string, string | undefined> = process.env): Partial<Record<SsoProviderId, SsoEndpoints>> {
  const out: Partial<Record<SsoProviderId, SsoEndpoints>> = {};
  const aadId = val('AAD_CLIENT_ID', env);
  const aadSecret = val('AAD_CLIENT_SECRET', env);
  const tenant = val('AAD_TENANT_ID', env);
  const aadWellKnown = val('AAD_WELL_KNOWN_URL', env) ?? (tenant ? `https://login.microsoftonline.com/${tenant}${WELL_KNOWN}` : undefined);
  if (aadId && aadSecret && aadWellKnown) out['azure-ad'] = { wellKnown: aadWellKnown, clientId: aadId, clientSecret: aadSecret };

  const b2cId = val('AAD_B2C_CLIENT_ID', env);
  const b2cSecret = val('AAD_B2C_CLIENT_SECRET', env);
  const domain = val('AAD_B2C_AUTH_DOMAIN', env);
  // An authority (its discovery document below it), or the discovery document's own URL.
  const authority = (auth: string | undefined, policy: string | undefined) =>
    auth?.endsWith('/.well-known/openid-configuration')
      ? auth
      : auth
        ? `${auth.replace(/\/+$/, '')}${WELL_KNOWN}`
        : domain && policy
          ? `https://${domain}/${domain.split('.')[0]}.onmicrosoft.com/${encodeURIComponent(policy)}${WELL_KNOWN}`
          : undefined;
  const b2cWellKnown = val('AAD_B2C_WELL_KNOWN_URL', env) ?? authority(val('AAD_B2C_SIGN_IN_AUTH', env), val('AAD_B2C_SIGN_IN_NAME', env));
  if (b2cId && b2cSecret && b2cWellKnown) {
    out['azure-ad-b2c'] = { wellKnown: b2cWellKnown, clientId: b2cId, clientSecret: b2cSecret };
    // The forgot-password policy is another authority of the same tenant and client. Entra External ID has no
    // such policy (the reset is part of its sign-in page): without its variables the reset provider is off.
    const resetWellKnown = authority(val('AAD_B2C_FORGOT_PASSWORD_AUTH', env), val('AAD_B2C_FORGOT_PASSWORD_NAME', env));
    if (resetWellKnown) out['azure-ad-b2c-reset'] = { wellKnown: resetWellKnown, clientId: b2cId, clientSecret: b2cSecret };
  }
  return out;
}

type Claims = { sub?: string; oid?: string; name?: string; email?: string; emails?: string[]; preferred_username?: string };

/** The ID token's e-mail: `email`, B2C's `emails[0]`, else the work account's `preferred_username` (a UPN). */
function emailOf(p: Claims): string | null {
  return p.email ?? (Array.isArray(p.emails) ? p.emails[0] : undefined) ?? p.preferred_username ?? null;
}

/** Only what next-auth needs; the donation API maps the verified ID token to a user, not this profile. */
function profile(p: Claims) {
  return { id: p.oid ?? p.sub ?? '', name: p.name ?? null, email: emailOf(p), image: null };
}

export function ssoProviders(env: Record<string, string | undefined> = process.env): OAuthConfig<Claims>[] {
  const endpoints = ssoEndpoints(env);
  const providers: OAuthConfig<Claims>[] = [];
  // offline_access asks for a refresh token (silent renewal); issuers that do not grant it simply send none.
  const scope = 'openid profile email offline_access';
  const common = {
    checks: ['pkce', 'state', 'nonce'] as ('pkce' | 'state' | 'nonce')[],
    idToken: true,
    authorization: { params: { scope } },
    client: { token_endpoint_auth_method: 'client_secret_basic' as const },
    // Never the stock profile(): azure-ad's fetches a photo from Microsoft Graph on every sign-in.
    profile,
  };
  const aad = endpoints['azure-ad'];
  if (aad) {
    providers.push({
      ...AzureADProvider({ clientId: aad.clientId, clientSecret: aad.clientSecret, tenantId: val('AAD_TENANT_ID', env) }),
      ...common,
      name: 'Work account',
      wellKnown: aad.wellKnown,
    } as OAuthConfig<Claims>);
  }
  for (const id of ['azure-ad-b2c', 'azure-ad-b2c-reset'] as const) {
    const e = endpoints[id];
    if (!e) continue;
    providers.push({
      ...AzureADB2CProvider({ clientId: e.clientId, clientSecret: e.clientSecret, tenantId: 'unused', primaryUserFlow: 'unused' }),
      ...common,
      id,
      name: id === 'azure-ad-b2c' ? 'Customer identity' : 'Customer identity password reset',
      wellKnown: e.wellKnown,
    } as OAuthConfig<Claims>);
  }
  return providers;
}

/** The discovery document (cached a few minutes): token endpoint for renewal, end-session endpoint for log out. */
const discoveryCache = new Map<string, { at: number; doc: Record<string, unknown> }>();
export async function discovery(wellKnown: string): Promise<Record<string, unknown> | null> {
  const hit = discoveryCache.get(wellKnown);
  if (hit && Date.now() - hit.at < 5 * 60_000) return hit.doc;
  try {
    const res = await fetch(wellKnown, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) return null;
    const doc = (await res.json()) as Record<string, unknown>;
    discoveryCache.set(wellKnown, { at: Date.now(), doc });
    return doc;
  } catch {
    return null;
  }
}
