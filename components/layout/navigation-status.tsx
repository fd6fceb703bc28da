'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import { NavigationStatusContext, type Report } from './navigation-pending';

// The signed-in screens have no route-level loading fallback (a `loading.tsx` Suspense boundary): inside one, a
// page's own HTML streamed after the shell and painted late (docs/benchmarks.md, the month page's Lighthouse), and a
// page that answered not-found had already sent 200. Instead the screen being left stays in place while the next one
// renders, and this shows that a navigation is under way: a spinner at the foot of the screen and the same words for
// screen readers, once it has lasted long enough to be noticed.

/** A navigation shorter than this shows nothing: a spinner that flashes reads as a glitch. */
const SHOW_AFTER_MS = 200;

export function NavigationStatusProvider({ children }: { children: React.ReactNode }) {
  const t = useTranslations('Common');
  const [shown, setShown] = useState(false);
  const pending = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const report = useCallback<Report>(() => {
    pending.current += 1;
    if (pending.current === 1) timer.current = window.setTimeout(() => setShown(true), SHOW_AFTER_MS);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      pending.current -= 1;
      if (pending.current > 0) return;
      window.clearTimeout(timer.current);
      setShown(false);
    };
  }, []);
  return (
    <NavigationStatusContext.Provider value={report}>
      {children}
      {/* Always in the page, so the words are announced when they appear (a live region added with its text is not). */}
      <div aria-live="polite" className="sr-only" data-testid="navigation-status">
        {shown ? t('loading') : ''}
      </div>
      {shown && (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed bottom-6 left-1/2 z-30 flex -translate-x-1/2 items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-gray-900 shadow-lg ring-1 ring-gray-300"
        >
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-secondary-light border-t-primary-dark motion-reduce:animate-none" />
          {t('loading')}
        </div>
      )}
    </NavigationStatusContext.Provider>
  );
}
