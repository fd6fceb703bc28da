'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ButtonLink, SubmitButton } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { UsernameField } from '@/components/ui/text-field';
import { useErrorText, type ErrorKey } from '@/components/ui/use-error-text';
import { FormMessage } from '@/components/ui/form-message';
import { useSingleFlight } from '@/components/ui/use-single-flight';

// The API answers every username alike (docs/product.md, Forgotten password): a refusal here is the form's own
// (nothing typed), the address's request limit, or a server that could not be reached.
const BY_STATUS: Record<number, ErrorKey> = { 400: 'FORGOT_USERNAME_REQUIRED' };

type Result = { ok: true } | { ok: false; message: string };

/** One required Username; Send Email (disabled while empty) and Back To Login. */
export function ForgotPasswordForm() {
  const t = useTranslations('ForgotPasswordPage');
  const errorText = useErrorText();
  const [username, setUsername] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const empty = username.trim() === '';
  // Each request sends a mail and counts towards the limit: a double click must send one. The state
  // flag `pending` is still false for the second click of the same tick; the single-flight guard is a ref.
  const once = useSingleFlight();

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (empty) return;
    void once(send);
  }

  async function send() {
    setPending(true);
    setResult(null);
    try {
      const res = await fetch('/bff/public/forgot-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: username.trim() }),
      });
      if (res.ok) setResult({ ok: true });
      else {
        const body = (await res.json().catch(() => ({}))) as { code?: string };
        const known = body.code && body.code !== 'BAD_REQUEST' ? body.code : undefined;
        setResult({ ok: false, message: errorText(known, BY_STATUS[res.status] ?? 'FORGOT_SEND_FAILED') });
      }
    } catch {
      setResult({ ok: false, message: errorText(undefined, 'FORGOT_SEND_FAILED') });
    }
    setPending(false);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
      <p className="text-base text-gray-800">{t('intro')}</p>
      {result && (result.ok ? <FormMessage severity="success">{t('success')}</FormMessage> : <FormMessage>{result.message}</FormMessage>)}
      <UsernameField label={t('username')} value={username} onChange={(e) => setUsername(e.target.value)} />
      <FormActions>
        <ButtonLink href="/login" variant="secondary">
          {t('backToLogin')}
        </ButtonLink>
        <SubmitButton disabled={empty} loading={pending}>
          {pending ? t('sending') : t('sendEmail')}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
