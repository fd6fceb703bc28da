'use client';

import { useTranslations } from 'next-intl';

/** Shown while anything loads; announced to screen readers. */
export function Spinner({ className = '', label }: { className?: string; label?: string }) {
  const t = useTranslations('Common');
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center p-6 ${className}`}>
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-secondary-light border-t-primary-dark motion-reduce:animate-none"
        aria-hidden="true"
      />
      <span className="sr-only">{label ?? t('loading')}</span>
    </div>
  );
}
