'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { CONTROL_CLASS, FieldShell, describedBy, useFieldIds } from './field';

export type PasswordFieldProps = Omit<React.ComponentProps<'input'>, 'type'> & {
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: React.ReactNode;
  containerClassName?: string;
};

/** A password input with a show/hide toggle (a real button: keyboard and screen-reader friendly). */
export function PasswordField({ label, hint, error, containerClassName, id, className = '', required, ...rest }: PasswordFieldProps) {
  const t = useTranslations('Common');
  const ids = useFieldIds(id);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell label={label} ids={ids} hint={hint} error={error} required={required} className={containerClassName}>
      <div className="relative">
        <input
          id={ids.id}
          type={visible ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(ids, hint, error)}
          {...rest}
          className={`${CONTROL_CLASS} pr-12 ${className}`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-controls={ids.id}
          aria-pressed={visible}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          title={visible ? t('hidePassword') : t('showPassword')}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-gray-700 hover:text-gray-900 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-gray-900"
        >
          {visible ? (
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.1A9.8 9.8 0 0 1 12 5c5 0 9 4.5 10 7-.4 1-1.2 2.3-2.4 3.5M6.2 6.2C4.2 7.5 2.7 9.6 2 12c1 2.5 5 7 10 7 1.9 0 3.6-.6 5-1.5" />
            </svg>
          ) : (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M2 12c1-2.5 5-7 10-7s9 4.5 10 7c-1 2.5-5 7-10 7S3 14.5 2 12Z" />
              <circle cx="12" cy="12" r="3" />
            </svg>
          )}
        </button>
      </div>
    </FieldShell>
  );
}
