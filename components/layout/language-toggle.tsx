'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { setLocaleCookie } from '@/web/i18n/actions';

/** EN/FR toggle: sets the language cookie, then re-renders the page in that language. */
export function LanguageToggle({ className = '' }: { className?: string }) {
  const locale = useLocale();
  const t = useTranslations('Header');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const choose = (next: 'en' | 'fr') =>
    startTransition(async () => {
      await setLocaleCookie(next);
      router.refresh();
    });
  return (
    <div
      role="group"
      aria-label={t('language')}
      className={`inline-flex overflow-hidden rounded-md border border-secondary/40 text-sm ${className}`}
      aria-busy={pending}
    >
      {(['en', 'fr'] as const).map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={locale === l}
          onClick={() => choose(l)}
          disabled={pending}
          // The selected language is dark on every background (the header is yellow, the drawer white).
          className={`min-h-9 min-w-11 px-3 py-1.5 font-semibold uppercase ${locale === l ? 'bg-gray-900 text-white' : 'bg-white text-gray-800 hover:bg-secondary-light'}`}
        >
          {l === 'en' ? 'EN' : 'FR'}
          <span className="sr-only"> {l === 'en' ? 'English' : 'Français'}</span>
        </button>
      ))}
    </div>
  );
}
