'use client';

import { useFormStatus } from 'react-dom';

/** The Apply button of a filter form: busy (with a spinner) while the next view loads. */
export function FilterSubmit({ children }: { children: React.ReactNode }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      aria-busy={pending || undefined}
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-primary px-4 py-2 text-base font-semibold text-gray-900 shadow-sm hover:bg-primary-dark focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
    >
      {pending && (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-gray-900/30 border-t-gray-900 motion-reduce:animate-none"
        />
      )}
      {children}
    </button>
  );
}
