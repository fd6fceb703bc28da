import { z } from 'zod';
import { LoginType, type BotSource } from '@/lib/domain/enums';

export const SSO_PROVIDER_IDS = ['aad', 'aadb2c'] as const;
export type SsoProviderId = (typeof SSO_PROVIDER_IDS)[number];

/** One OpenID Connect issuer whose ID tokens the API accepts, and the login type its users have. */
export type OidcProviderConfig = {
  id: SsoProviderId;
  loginType: typeof LoginType.AAD | typeof LoginType.AADB2C;
  clientId: string;
  /** Discovery document; its issuer and jwks_uri are trusted, nothing else from it is used. */
  wellKnownUrl: string;
};

/** An embedded-mode variant: the chat tool's app whose secret signs the signed requests. */
export type WorkplaceVariantConfig = { appId: string; appSecret: string };

export type SsoConfig = {
  aad?: OidcProviderConfig & { tenantId?: string };
  aadb2c?: OidcProviderConfig & {
    signInName?: string;
    signInAuth?: string;
    forgotPasswordName?: string;
    forgotPasswordAuth?: string;
    authDomain?: string;
  };
  workplace: Partial<Record<BotSource, WorkplaceVariantConfig>>;
  facebookUser: { showEmptyPage: boolean; message?: string; url?: string };
  /** Seconds of clock skew tolerated on exp/iat/nbf of ID tokens and issued_at of signed requests. */
  clockToleranceSec: number;
};

const opt = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));
const optUrl = opt.pipe(z.url({ protocol: /^https?$/ }).optional());

export const ssoEnvSchema = z.object({
  AAD_CLIENT_ID: opt,
  AAD_TENANT_ID: opt.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.-]{1,100}$/, 'a tenant id or domain')
      .optional(),
  ),
  AAD_WELL_KNOWN_URL: optUrl,
  AAD_B2C_CLIENT_ID: opt,
  AAD_B2C_SIGN_IN_NAME: opt,
  AAD_B2C_SIGN_IN_AUTH: optUrl,
  AAD_B2C_FORGOT_PASSWORD_NAME: opt,
  AAD_B2C_FORGOT_PASSWORD_AUTH: optUrl,
  AAD_B2C_AUTH_DOMAIN: opt.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.-]{1,253}$/, 'a host name')
      .optional(),
  ),
  AAD_B2C_WELL_KNOWN_URL: optUrl,
  WORKPLACE_RFP_APP_ID: opt,
  WORKPLACE_RFP_APP_SECRET: opt,
  WORKPLACE_INFO_APP_ID: opt,
  WORKPLACE_INFO_APP_SECRET: opt,
  SHOW_EMPTY_PAGE_FOR_FACEBOOK_USER: opt.transform((v) => v === 'true' || v === 'True' || v === '1'),
  MESSAGE_FOR_FACEBOOK_USER: opt,
  URL_FOR_FACEBOOK_USER: optUrl,
  SSO_CLOCK_TOLERANCE_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
});

const WELL_KNOWN = '/v2.0/.well-known/openid-configuration';

/**
 * Single sign-on and embedded-mode settings from the environment. A provider is enabled only when its
 * client id and a way to find its discovery document are set; a chat variant only with both id and secret.
 * Throws (zod) on malformed values, so a typo fails at start rather than at the first sign-in.
 */
export function ssoConfigFromEnv(env: Record<string, string | undefined> = process.env): SsoConfig {
  const e = ssoEnvSchema.parse(env);
  const config: SsoConfig = {
    workplace: {},
    facebookUser: {
      showEmptyPage: e.SHOW_EMPTY_PAGE_FOR_FACEBOOK_USER ?? false,
      message: e.MESSAGE_FOR_FACEBOOK_USER,
      url: e.URL_FOR_FACEBOOK_USER,
    },
    clockToleranceSec: e.SSO_CLOCK_TOLERANCE_SECONDS,
  };

  const aadWellKnown =
    e.AAD_WELL_KNOWN_URL ?? (e.AAD_TENANT_ID ? `https://login.microsoftonline.com/${e.AAD_TENANT_ID}${WELL_KNOWN}` : undefined);
  if (e.AAD_CLIENT_ID && aadWellKnown) {
    config.aad = { id: 'aad', loginType: LoginType.AAD, clientId: e.AAD_CLIENT_ID, wellKnownUrl: aadWellKnown, tenantId: e.AAD_TENANT_ID };
  }

  const b2cWellKnown =
    e.AAD_B2C_WELL_KNOWN_URL ?? defaultB2cWellKnown(e.AAD_B2C_SIGN_IN_AUTH, e.AAD_B2C_AUTH_DOMAIN, e.AAD_B2C_SIGN_IN_NAME);
  if (e.AAD_B2C_CLIENT_ID && b2cWellKnown) {
    config.aadb2c = {
      id: 'aadb2c',
      loginType: LoginType.AADB2C,
      clientId: e.AAD_B2C_CLIENT_ID,
      wellKnownUrl: b2cWellKnown,
      signInName: e.AAD_B2C_SIGN_IN_NAME,
      signInAuth: e.AAD_B2C_SIGN_IN_AUTH,
      forgotPasswordName: e.AAD_B2C_FORGOT_PASSWORD_NAME,
      forgotPasswordAuth: e.AAD_B2C_FORGOT_PASSWORD_AUTH,
      authDomain: e.AAD_B2C_AUTH_DOMAIN,
    };
  }

  if (e.WORKPLACE_RFP_APP_ID && e.WORKPLACE_RFP_APP_SECRET)
    config.workplace.rfp = { appId: e.WORKPLACE_RFP_APP_ID, appSecret: e.WORKPLACE_RFP_APP_SECRET };
  if (e.WORKPLACE_INFO_APP_ID && e.WORKPLACE_INFO_APP_SECRET)
    config.workplace.info = { appId: e.WORKPLACE_INFO_APP_ID, appSecret: e.WORKPLACE_INFO_APP_SECRET };
  return config;
}

/**
 * B2C's sign-in authority is `https://{tenant}.b2clogin.com/{tenant}.onmicrosoft.com/{policy}`; its discovery
 * document sits below it. Without the authority, build it from the domain's first label and the policy name.
 */
function defaultB2cWellKnown(signInAuth?: string, authDomain?: string, signInName?: string): string | undefined {
  if (signInAuth) return `${signInAuth.replace(/\/+$/, '')}${WELL_KNOWN}`;
  if (authDomain && signInName) {
    const tenant = authDomain.split('.')[0];
    return `https://${authDomain}/${tenant}.onmicrosoft.com/${encodeURIComponent(signInName)}${WELL_KNOWN}`;
  }
  return undefined;
}

export const EMPTY_SSO_CONFIG: SsoConfig = { workplace: {}, facebookUser: { showEmptyPage: false }, clockToleranceSec: 60 };

/** GET /api/config/auth-config: what the login page may know. Never a secret. */
export function publicAuthConfig(config: SsoConfig | undefined) {
  const c = config ?? EMPTY_SSO_CONFIG;
  return {
    aadClientId: c.aad?.clientId ?? null,
    aadTenantId: c.aad?.tenantId ?? null,
    aadWellKnownUrl: c.aad?.wellKnownUrl ?? null,
    aadB2CClientId: c.aadb2c?.clientId ?? null,
    aadB2CSignInName: c.aadb2c?.signInName ?? null,
    aadB2CSignInAuth: c.aadb2c?.signInAuth ?? null,
    aadB2CForgotPasswordName: c.aadb2c?.forgotPasswordName ?? null,
    aadB2CForgotPasswordAuth: c.aadb2c?.forgotPasswordAuth ?? null,
    aadB2CAuthDomain: c.aadb2c?.authDomain ?? null,
    aadB2CWellKnownUrl: c.aadb2c?.wellKnownUrl ?? null,
    showEmptyPageForFacebookUser: c.facebookUser.showEmptyPage,
    messageForFacebookUser: c.facebookUser.message ?? null,
    urlForFacebookUser: c.facebookUser.url ?? null,
    providers: { aad: Boolean(c.aad), aadb2c: Boolean(c.aadb2c) },
    // The chat tool's SDK needs the app id in the browser; the secret never leaves the server.
    workplace: {
      rfp: c.workplace.rfp ? { appId: c.workplace.rfp.appId } : null,
      info: c.workplace.info ? { appId: c.workplace.info.appId } : null,
    },
  };
}
