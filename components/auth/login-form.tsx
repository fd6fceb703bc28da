'use client';

import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { UsernameField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { useTooLongText } from '@/components/ui/use-too-long';
import { LOCKED_FOR } from '@/lib/domain/errors';
import { SIGN_IN_TEXT_MAX } from '@/lib/domain/text-limits';
import { FormMessage } from '@/components/ui/form-message';

// next-auth reports these when its own flow fails (not a code of ours): the generic server text.
const NEXT_AUTH_ERRORS = new Set([
  'CredentialsSignin',
  'Configuration',
  'Callback',
  'OAuthSignin',
  'OAuthCallback',
  'Default',
  'SessionRequired',
]);

/** The sign-in form (docs/product.md, The sign-in page): Login is disabled until both are filled; Enter submits. */
export function LoginForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const t = useTranslations('LoginPage');
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(initialError ? codeText(initialError) : null);
  // A FIELD_TOO_LONG refusal, shown under the field that was too long.
  const [tooLongAt, setTooLongAt] = useState<'username' | 'password' | null>(null);
  const ready = username.trim() !== '' && password !== '';

  function codeText(code: string | null | undefined) {
    // The server's message, by its code; anything with a 500 in it, or unknown, is the generic login error.
    if (!code || NEXT_AUTH_ERRORS.has(code) || code.includes('500')) return errorText('LOGIN_SERVER_ERROR', 'LOGIN_SERVER_ERROR');
    const minutes = code.startsWith(LOCKED_FOR) ? Number(code.slice(LOCKED_FOR.length)) : NaN;
    if (minutes > 0) return t('lockedFor', { minutes });
    return errorText(code, 'LOGIN_SERVER_ERROR');
  }

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!ready || pending) return;
    setPending(true);
    setError(null);
    setTooLongAt(null);
    try {
      const res = await signIn('credentials', { redirect: false, username: username.trim(), password, callbackUrl });
      if (res?.ok && !res.error) {
        // A full load: the signed-in layout, the session and the user's language all start fresh.
        window.location.assign(callbackUrl);
        return;
      }
      // next-auth passes on the API's code only, not its field: the form knows which of its two texts is over the limit.
      if (res?.error === 'FIELD_TOO_LONG') setTooLongAt(username.trim().length > SIGN_IN_TEXT_MAX.username ? 'username' : 'password');
      else setError(codeText(res?.error));
    } catch {
      setError(codeText('LOGIN_SERVER_ERROR'));
    }
    setPending(false);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
      {error && <FormMessage>{error}</FormMessage>}
      <UsernameField
        label={t('username')}
        value={username}
        maxLength={SIGN_IN_TEXT_MAX.username}
        error={tooLongAt === 'username' ? tooLong(t('username'), SIGN_IN_TEXT_MAX.username) : undefined}
        onChange={(e) => setUsername(e.target.value)}
        disabled={pending}
      />
      <PasswordField
        label={t('password')}
        name="password"
        autoComplete="current-password"
        required
        maxLength={SIGN_IN_TEXT_MAX.password}
        error={tooLongAt === 'password' ? tooLong(t('password'), SIGN_IN_TEXT_MAX.password) : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        disabled={pending}
      />
      <div className="-mt-1 flex justify-end">
        <Link
          href="/forgot-password"
          className="inline-flex min-h-11 items-center rounded px-1 text-sm font-semibold text-gray-900 underline underline-offset-2 hover:text-secondary focus-visible:outline-3 focus-visible:outline-gray-900"
        >
          {t('forgotPassword')}
        </Link>
      </div>
      <SubmitButton disabled={!ready} loading={pending} className="w-full">
        {pending ? t('signingIn') : t('login')}
      </SubmitButton>
      {pending && (
        <p role="status" className="sr-only">
          {t('signingIn')}
        </p>
      )}
    </form>
  );
}
