'use client';

import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useErrorText } from '@/components/ui/use-error-text';
import { FormMessage } from '@/components/ui/form-message';

export type SsoProviderChoice = 'azure-ad' | 'azure-ad-b2c' | 'azure-ad-b2c-reset';

// next-auth's own failure codes (not ours): the provider said no or the round trip broke; sign in again.
const NEXT_AUTH_ERRORS = new Set([
  'OAuthSignin',
  'OAuthCallback',
  'Callback',
  'OAuthAccountNotLinked',
  'AccessDenied',
  'Configuration',
  'Default',
  'SessionRequired',
  'access_denied',
]);

/**
 * The default of /login (docs/product.md, Single sign-on): the customer-identity button and the work-account link.
 * `autoStart` (the sso query, or the forgot-password continuation) goes to that provider at once.
 */
export function SsoSignInButtons({
  aad,
  aadb2c,
  callbackUrl,
  error,
  autoStart,
}: {
  aad: boolean;
  aadb2c: boolean;
  callbackUrl: string;
  error?: string;
  autoStart?: SsoProviderChoice;
}) {
  const t = useTranslations('LoginPage');
  const errorText = useErrorText();
  const [pending, setPending] = useState<SsoProviderChoice | null>(autoStart ?? null);
  const started = useRef(false);

  function go(provider: SsoProviderChoice) {
    setPending(provider);
    // A full redirect to the provider; state, nonce and PKCE verifier stay in httpOnly cookies.
    void signIn(provider, { callbackUrl }).catch(() => setPending(null));
  }

  useEffect(() => {
    if (autoStart && !started.current) {
      started.current = true;
      go(autoStart);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [autoStart]);

  const message = error
    ? NEXT_AUTH_ERRORS.has(error)
      ? errorText('SSO_AUTHENTICATE_AGAIN', 'SSO_AUTHENTICATE_AGAIN')
      : errorText(error, 'SSO_UNEXPECTED')
    : null;
  return (
    <div className="flex flex-col gap-4" aria-busy={pending ? true : undefined}>
      {message && <FormMessage>{message}</FormMessage>}
      {aadb2c && (
        <Button
          className="w-full"
          loading={pending === 'azure-ad-b2c' || pending === 'azure-ad-b2c-reset'}
          disabled={!!pending}
          onClick={() => go('azure-ad-b2c')}
        >
          {t('ssoLogin')}
        </Button>
      )}
      {aad && (
        <Button
          variant="ghost"
          className="w-full text-sm"
          loading={pending === 'azure-ad'}
          disabled={!!pending}
          onClick={() => go('azure-ad')}
        >
          {t('employeeLink')}
        </Button>
      )}
      {pending && (
        <p role="status" className="sr-only">
          {t('ssoRedirecting')}
        </p>
      )}
    </div>
  );
}
