'use client';

import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button, SubmitButton } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField, UsernameField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { CONTEXT_TIMEOUT_MS } from '@/web/auth/embedded';
import type { BotSource } from '@/lib/domain/enums';
import { FormMessage } from '@/components/ui/form-message';

/** What the chat tool's extensions SDK hands over (the Messenger/Workplace `getContext` answer). */
type ThreadContext = { tid?: string; psid?: string; thread_type?: string; signed_request?: string };
type ExtensionsSdk = { getContext: (appId: string, ok: (ctx: ThreadContext) => void, fail: (err: unknown) => void) => void };
declare global {
  interface Window {
    MessengerExtensions?: ExtensionsSdk;
    extAsyncInit?: () => void;
  }
}

/** Loads the SDK (once) and asks for the thread context; rejects after 5 s (docs/product.md, Inside the chat tool). */
function getContext(sdkUrl: string, appId: string): Promise<ThreadContext> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error('timeout')), CONTEXT_TIMEOUT_MS);
    const ask = () => {
      const sdk = window.MessengerExtensions;
      if (!sdk) return;
      sdk.getContext(
        appId,
        (ctx) => {
          window.clearTimeout(timer);
          resolve(ctx);
        },
        (err) => {
          window.clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    };
    if (window.MessengerExtensions) return ask();
    // The SDK calls extAsyncInit once it is ready.
    window.extAsyncInit = ask;
    if (!document.querySelector(`script[data-chat-sdk]`)) {
      const script = document.createElement('script');
      script.src = sdkUrl;
      script.async = true;
      script.dataset.chatSdk = '1';
      script.onerror = () => {
        window.clearTimeout(timer);
        reject(new Error('sdk'));
      };
      document.head.appendChild(script);
    }
  });
}

type Phase =
  | { kind: 'working' }
  | { kind: 'failed'; code: string }
  | { kind: 'empty' }
  | { kind: 'link'; step: 'username' | 'code'; error?: string; busy?: boolean };

export type EmbeddedProps = {
  botSource: BotSource;
  appId: string | null;
  sdkUrl: string;
  callbackUrl: string;
  hasSavedToken: boolean;
  emptyPage: { message: string | null; url: string | null } | null;
};

/**
 * The embedded chat view's login: only a spinner and messages. The saved token first, then
 * the chat tool's context and signed request (verified by the donation API); an unlinked chat identity gets the
 * e-mail code; any failure shows its message and the three steps (docs/product.md, Inside the chat tool).
 */
export function EmbeddedSignIn({ botSource, appId, sdkUrl, callbackUrl, hasSavedToken, emptyPage }: EmbeddedProps) {
  const t = useTranslations('LoginPage');
  const errorText = useErrorText();
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const [username, setUsername] = useState('');
  const [code, setCode] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      if (hasSavedToken) {
        const res = await signIn('saved-token', { redirect: false, botSource, callbackUrl }).catch(() => null);
        if (res?.ok && !res.error) return window.location.assign(callbackUrl);
      }
      if (!appId) return setPhase({ kind: 'failed', code: 'SSO_AUTHENTICATE_AGAIN' });
      let ctx: ThreadContext;
      try {
        ctx = await getContext(sdkUrl, appId);
      } catch {
        // No chat context at all: a user of the plain social-login kind, for whom a blank page may be configured.
        return setPhase(emptyPage ? { kind: 'empty' } : { kind: 'failed', code: 'SSO_AUTHENTICATE_AGAIN' });
      }
      if (!ctx?.signed_request) return setPhase(emptyPage ? { kind: 'empty' } : { kind: 'failed', code: 'SSO_AUTHENTICATE_AGAIN' });
      try {
        const res = await signIn('workplace', {
          redirect: false,
          contextId: ctx.tid ?? '',
          signedRequest: ctx.signed_request,
          botSource,
          callbackUrl,
        });
        if (res?.ok && !res.error) return window.location.assign(callbackUrl);
        if (res?.error === 'EMBEDDED_NOT_LINKED') return setPhase({ kind: 'link', step: 'username' });
        setPhase({ kind: 'failed', code: res?.error && res.error !== 'CredentialsSignin' ? res.error : 'SSO_AUTHENTICATE_AGAIN' });
      } catch {
        setPhase({ kind: 'failed', code: 'SSO_UNEXPECTED' });
      }
    })();
  }, [appId, botSource, callbackUrl, emptyPage, hasSavedToken, sdkUrl]);

  async function sendCode(e: React.FormEvent) {
    e.preventDefault();
    if (!username.trim()) return;
    setPhase({ kind: 'link', step: 'username', busy: true });
    const res = await fetch('/bff/public/embedded/challenge', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: username.trim() }),
    }).catch(() => null);
    if (res?.status === 204) return setPhase({ kind: 'link', step: 'code' });
    const body = (await res?.json().catch(() => null)) as { code?: string } | null;
    if (res?.status === 401) return setPhase({ kind: 'failed', code: 'SSO_AUTHENTICATE_AGAIN' });
    setPhase({ kind: 'link', step: 'username', error: body?.code ?? 'SSO_UNEXPECTED' });
  }

  async function checkCode(e: React.FormEvent) {
    e.preventDefault();
    if (!code.trim()) return;
    setPhase({ kind: 'link', step: 'code', busy: true });
    const res = await signIn('workplace-code', { redirect: false, code: code.trim(), botSource, callbackUrl }).catch(() => null);
    if (res?.ok && !res.error) return window.location.assign(callbackUrl);
    if (res?.error === 'SSO_AUTHENTICATE_AGAIN') return setPhase({ kind: 'failed', code: 'SSO_AUTHENTICATE_AGAIN' });
    setCode('');
    setPhase({ kind: 'link', step: 'code', error: res?.error && res.error !== 'CredentialsSignin' ? res.error : 'CHALLENGE_INVALID_CODE' });
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-4 px-4 py-8">
      {phase.kind === 'working' && <Spinner label={t('embeddedSigningIn')} />}

      {phase.kind === 'empty' && emptyPage && (
        <div className="flex flex-col gap-3 text-center">
          {emptyPage.message && <p>{emptyPage.message}</p>}
          {emptyPage.url && (
            <a href={emptyPage.url} className="font-semibold underline underline-offset-2">
              {t('emptyPageLink')}
            </a>
          )}
        </div>
      )}

      {phase.kind === 'failed' && (
        <div className="flex flex-col gap-3">
          <FormMessage className="">{errorText(phase.code, 'SSO_UNEXPECTED')}</FormMessage>
          <h1 className="font-semibold">{t('stepsTitle')}</h1>
          <ol className="list-decimal space-y-1 pl-6">
            <li>{t('step1')}</li>
            <li>{t('step2')}</li>
            <li>{t('step3')}</li>
          </ol>
        </div>
      )}

      {phase.kind === 'link' && (
        <div className="flex flex-col gap-4">
          <h1 className="text-xl font-bold">{t('linkTitle')}</h1>
          {phase.error ? (
            <FormMessage>{errorText(phase.error, 'SSO_UNEXPECTED')}</FormMessage>
          ) : (
            <p role="status">{phase.step === 'username' ? errorText('EMBEDDED_NOT_LINKED', 'EMBEDDED_NOT_LINKED') : t('codeSent')}</p>
          )}
          {phase.step === 'username' ? (
            <form onSubmit={sendCode} noValidate className="flex flex-col gap-4">
              <UsernameField
                label={t('linkUsername')}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                disabled={phase.busy}
              />
              <SubmitButton disabled={!username.trim()} loading={phase.busy}>
                {phase.busy ? t('sendingCode') : t('sendCode')}
              </SubmitButton>
            </form>
          ) : (
            <form onSubmit={checkCode} noValidate className="flex flex-col gap-4">
              <TextField
                label={t('codeLabel')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                required
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                disabled={phase.busy}
              />
              <SubmitButton disabled={code.length !== 6} loading={phase.busy}>
                {t('verifyCode')}
              </SubmitButton>
              <Button variant="ghost" onClick={() => setPhase({ kind: 'link', step: 'username' })} disabled={phase.busy}>
                {t('newCode')}
              </Button>
            </form>
          )}
        </div>
      )}
    </main>
  );
}
