// The single sign-on and embedded (workplace) parts of /login, switched on by GET /api/config/auth-config.
// - <SsoSignIn>: the customer-identity button and the employees' work-account link (docs/product.md, Single sign-on).
// - <EmbeddedSignIn>: replaces the whole branded page in embedded mode: a spinner and messages only, and the
//   three steps when single sign-on fails (docs/product.md, Inside the chat tool).
import 'server-only';
import { EmbeddedSignIn as EmbeddedClient } from '@/components/auth/embedded-sign-in';
import { SsoSignInButtons, type SsoProviderChoice } from '@/components/auth/sso-sign-in-buttons';
import { embeddedVariant } from '@/web/auth/embedded';
import type { LoginQuery } from '@/web/auth/login-mode';
import { callDonationApi } from '@/web/server/donation-api-client';
import { sharedAnswerCache } from '@/web/server/shared-answer-cache';

/** The public auth configuration (GET /api/config/auth-config), the parts the login page needs. */
export type PublicAuthConfig = {
  providers: { aad: boolean; aadb2c: boolean };
  workplace: { rfp: { appId: string } | null; info: { appId: string } | null };
  showEmptyPageForFacebookUser: boolean;
  messageForFacebookUser: string | null;
  urlForFacebookUser: string | null;
};

const OFF: PublicAuthConfig = {
  providers: { aad: false, aadb2c: false },
  workplace: { rfp: null, info: null },
  showEmptyPageForFacebookUser: false,
  messageForFacebookUser: null,
  urlForFacebookUser: null,
};

// The API derives it from its environment, so it changes only when the API restarts: kept five minutes. A failed
// read is not kept (the page shows the password sign-in alone, and the next visit asks again).
const authConfig = sharedAnswerCache(5 * 60_000, async () => {
  const res = await callDonationApi('/api/config/auth-config').catch(() => null);
  if (!res?.ok) return undefined;
  return ((await res.json().catch(() => null)) as PublicAuthConfig | null) ?? undefined;
});

export async function loadAuthConfig(): Promise<PublicAuthConfig> {
  return (await authConfig.get('auth-config')) ?? OFF;
}

export const ssoAvailable = (c: PublicAuthConfig) => c.providers.aad || c.providers.aadb2c;
export const embeddedAvailable = (c: PublicAuthConfig) => !!(c.workplace.rfp || c.workplace.info);

export type SlotProps = { query: LoginQuery; callbackUrl: string; config: PublicAuthConfig };

/**
 * The sso query starts a provider at once: sso=aad the work account, sso=reset the customer identity's
 * forgot-password flow (after its AADB2C90118 error), any other value the customer identity.
 */
function autoStart(q: LoginQuery, c: PublicAuthConfig, resetAvailable: boolean): SsoProviderChoice | undefined {
  if (!q.sso) return undefined;
  if (q.sso === 'aad') return c.providers.aad ? 'azure-ad' : undefined;
  if (q.sso === 'reset') return resetAvailable ? 'azure-ad-b2c-reset' : undefined;
  if (q.sso === 'false' || q.sso === 'False') return undefined;
  return c.providers.aadb2c ? 'azure-ad-b2c' : c.providers.aad ? 'azure-ad' : undefined;
}

export function SsoSignIn({ query, callbackUrl, config, error, resetAvailable }: SlotProps & { error?: string; resetAvailable: boolean }) {
  return (
    <SsoSignInButtons
      aad={config.providers.aad}
      aadb2c={config.providers.aadb2c}
      callbackUrl={callbackUrl}
      error={error}
      autoStart={error ? undefined : autoStart(query, config, resetAvailable)}
    />
  );
}

export function EmbeddedSignIn({ callbackUrl, config, hasSavedToken }: SlotProps & { hasSavedToken: boolean }) {
  const botSource = embeddedVariant(callbackUrl);
  const sdkUrl = process.env.WORKPLACE_SDK_URL?.trim() || 'https://connect.facebook.net/en_US/messenger.Extensions.js';
  return (
    <EmbeddedClient
      botSource={botSource}
      appId={config.workplace[botSource]?.appId ?? null}
      sdkUrl={sdkUrl}
      callbackUrl={callbackUrl}
      hasSavedToken={hasSavedToken}
      emptyPage={config.showEmptyPageForFacebookUser ? { message: config.messageForFacebookUser, url: config.urlForFacebookUser } : null}
    />
  );
}
