import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthCard, BrandedLayout } from '@/components/auth/branded-layout';
import { LoginForm } from '@/components/auth/login-form';
import { EMBEDDED_UI_READY, EmbeddedSignIn, SSO_UI_READY, SsoSignIn } from '@/components/auth/login-slots';
import { readLoginQuery, resolveLoginMode } from '@/lib/auth/login-mode';
import { safeCallbackUrl } from '@/lib/auth/safe-callback-url';
import { callDonationApi } from '@/lib/server/donation-api-client';
import { getSessionJwt } from '@/lib/server/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('LoginPage');
  return { title: t('metaTitle') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const sp = await searchParams;
  const callbackUrl = safeCallbackUrl(sp.callbackUrl);
  // Already signed in: straight to where the user was going, but only with a token the API still accepts
  // (a token revoked by a password change elsewhere would bounce between here and the app forever).
  const jwt = await getSessionJwt();
  if (jwt?.apiToken) {
    const res = await callDonationApi('/api/user/current-user', { token: jwt.apiToken }).catch(() => null);
    if (res?.ok) redirect(callbackUrl);
  }

  const query = readLoginQuery(sp);
  const mode = resolveLoginMode(query, { sso: SSO_UI_READY, embedded: EMBEDDED_UI_READY });
  if (mode === 'embedded') return <EmbeddedSignIn query={query} callbackUrl={callbackUrl} />;

  const t = await getTranslations('LoginPage');
  const error = typeof sp.error === 'string' ? sp.error : undefined;
  return (
    <BrandedLayout>
      <AuthCard title={t('title')}>
        {mode === 'sso' ? (
          <SsoSignIn query={query} callbackUrl={callbackUrl} />
        ) : (
          <LoginForm callbackUrl={callbackUrl} initialError={error} />
        )}
      </AuthCard>
    </BrandedLayout>
  );
}
