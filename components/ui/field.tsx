'use client';

import { useId } from 'react';

/** Ids that tie a control to its label, hint and error (aria-describedby). */
export function useFieldIds(id?: string) {
  const auto = useId();
  const base = id ?? auto;
  return { id: base, hintId: `${base}-hint`, errorId: `${base}-error` };
}

export function describedBy(ids: { hintId: string; errorId: string }, hint?: React.ReactNode, error?: React.ReactNode, extra?: string) {
  return [hint ? ids.hintId : null, error ? ids.errorId : null, extra ?? null].filter(Boolean).join(' ') || undefined;
}

export const CONTROL_CLASS =
  'block w-full min-h-11 rounded-md border bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-500 ' +
  'focus:outline-none focus-visible:ring-3 focus-visible:ring-primary-dark/60 focus:border-gray-900 ' +
  'disabled:bg-secondary-light disabled:text-gray-600 ' +
  'aria-invalid:border-red-700 aria-invalid:ring-red-700/30 border-gray-500';

type FieldShellProps = {
  label: React.ReactNode;
  ids: { id: string; hintId: string; errorId: string };
  required?: boolean;
  hint?: React.ReactNode;
  error?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
};

/** Label above, control, then hint and error (the error in red with an icon, read by screen readers). */
export function FieldShell({ label, ids, required, hint, error, className = '', children }: FieldShellProps) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={ids.id} className="text-sm font-semibold text-gray-800">
          {label}
        </label>
        {/* Outside the label: screen readers get "required" from aria-required, not a star in the name. */}
        {required && (
          <span aria-hidden="true" className="text-sm font-semibold text-red-700">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={ids.hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      )}
      {error && <FieldError id={ids.errorId}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1 text-sm font-medium text-red-700">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4a.75.75 0 0 1 1.5 0v4.5a.75.75 0 0 1-1.5 0V6Zm.75 8.5a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
      </svg>
      <span>{children}</span>
    </p>
  );
}
