'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useErrorText } from '@/components/ui/use-error-text';
import type { DonationDraft } from './use-donation-draft';

/**
 * Above the donation form: a restored draft (after a reload or a sign-in), a refused outbox entry being fixed, or
 * a save answered 401 (the entry is kept; sign in again and come back to it). Each message takes the focus, so a
 * phone scrolled to the button shows it and a screen reader reads it.
 */
export function DraftNotice({ draft, sessionExpired }: { draft: DonationDraft; sessionExpired: boolean }) {
  const t = useTranslations('Offline');
  const tErr = useErrorText();
  const ref = useRef<HTMLDivElement>(null);
  const { notice, fixing } = draft;
  const kind = sessionExpired ? 'expired' : notice;

  useEffect(() => {
    if (kind) ref.current?.focus();
  }, [kind]);

  if (!kind) return null;
  const reason = fixing?.error ? tErr(fixing.error.code, 'BAD_REQUEST') : t('refusedUnknown');
  const text =
    kind === 'expired'
      ? t('sessionExpired')
      : kind === 'after-sign-in'
        ? t('draftAfterSignIn')
        : kind === 'fixing'
          ? t('fixingNote', { reason })
          : t('draftRestored');
  const back = typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={kind === 'expired' || kind === 'fixing' ? 'alert' : 'status'}
      className={`flex flex-col items-start gap-3 rounded-md border-l-4 px-4 py-3 text-sm focus-visible:outline-3 focus-visible:outline-gray-900 sm:flex-row sm:items-center ${
        kind === 'expired' || kind === 'fixing' ? 'border-red-700 bg-red-50 text-red-900' : 'border-sky-700 bg-sky-50 text-sky-900'
      }`}
      data-testid="draft-notice"
    >
      <p className="flex-1">{text}</p>
      {kind === 'expired' && (
        // A full load: the sign-in page is rendered by the server without the old session; it brings the user back here.
        <a
          href={`/login?callbackUrl=${encodeURIComponent(back)}`}
          data-leave-ok=""
          className="inline-flex min-h-11 items-center rounded-md bg-primary px-4 font-semibold text-gray-900 shadow-sm hover:bg-primary-dark focus-visible:outline-3 focus-visible:outline-gray-900"
        >
          {t('signInAgain')}
        </a>
      )}
    </div>
  );
}
