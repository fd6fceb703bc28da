import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthCard, BrandedLayout } from '@/components/auth/branded-layout';
import { LoginForm } from '@/components/auth/login-form';
import { embeddedAvailable, EmbeddedSignIn, loadAuthConfig, ssoAvailable, SsoSignIn } from '@/components/auth/login-slots';
import { SavedTokenSignIn } from '@/components/auth/saved-token-sign-in';
import { withPageMessages } from '@/components/i18n/client-messages';
import { readLoginQuery, resolveLoginMode } from '@/web/auth/login-mode';
import { safeCallbackUrl } from '@/web/auth/safe-callback-url';
import { SAVED_TOKEN_COOKIE } from '@/web/server/auth-cookies';
import { callDonationApi } from '@/web/server/donation-api-client';
import { getSessionJwt } from '@/web/server/session';
import { ssoEndpoints } from '@/web/server/sso-providers';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('LoginPage');
  return { title: t('metaTitle') };
}

async function LoginPage({ searchParams }: PageProps<'/login'>) {
  const sp = await searchParams;
  const callbackUrl = safeCallbackUrl(sp.callbackUrl);
  // Already signed in: straight to where the user was going, but only with a token the API still accepts
  // (a token revoked by a password change elsewhere would bounce between here and the app forever).
  const jwt = await getSessionJwt();
  if (jwt?.apiToken) {
    const res = await callDonationApi('/api/user/current-user', { token: jwt.apiToken }).catch(() => null);
    if (res?.ok) redirect(callbackUrl);
  }

  const config = await loadAuthConfig();
  const query = readLoginQuery(sp);
  const mode = resolveLoginMode(query, { sso: ssoAvailable(config), embedded: embeddedAvailable(config) });
  const error = typeof sp.error === 'string' ? sp.error.slice(0, 64) : undefined;
  // Only whether a saved token exists reaches the page; the token itself stays in its httpOnly cookie.
  const hasSavedToken = !!(await cookies()).get(SAVED_TOKEN_COOKIE())?.value;
  if (mode === 'embedded') return <EmbeddedSignIn query={query} callbackUrl={callbackUrl} config={config} hasSavedToken={hasSavedToken} />;

  const t = await getTranslations('LoginPage');
  const admin = query.adminLogin === 'true' || query.adminLogin === 'True';
  const page = (
    <BrandedLayout>
      <AuthCard title={admin && mode === 'form' && ssoAvailable(config) ? t('adminTitle') : t('title')}>
        {mode === 'sso' ? (
          <SsoSignIn
            query={query}
            callbackUrl={callbackUrl}
            config={config}
            error={error}
            resetAvailable={!!ssoEndpoints()['azure-ad-b2c-reset']}
          />
        ) : (
          <LoginForm callbackUrl={callbackUrl} initialError={error} />
        )}
      </AuthCard>
    </BrandedLayout>
  );
  // The saved token: tried first, silently, unless the page shows an error or an explicit choice.
  return hasSavedToken && !error && !query.sso ? <SavedTokenSignIn callbackUrl={callbackUrl}>{page}</SavedTokenSignIn> : page;
}

export default withPageMessages('login', LoginPage);
