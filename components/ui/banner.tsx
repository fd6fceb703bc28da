'use client';

import { usePathname } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';

export type BannerSeverity = 'info' | 'success' | 'error';
/** path: the screen the message belongs to; it is dropped when the user goes to any other screen. */
type BannerState = { severity: BannerSeverity; message: string; id: number; path: string } | null;
type ShowOptions = {
  /** The address the message is meant for when it is shown just before a navigation (a save that returns to its origin). */
  on?: string;
};

const BannerContext = createContext<{
  banner: BannerState;
  show: (severity: BannerSeverity, message: string, options?: ShowOptions) => void;
  close: () => void;
} | null>(null);

const pathOf = (address: string) => new URL(address, 'http://x').pathname;

/**
 * The status banner lives above the pages, so a message survives the navigation back to the origin page; it
 * belongs to one screen, so it does not follow the user to unrelated screens.
 */
export function BannerProvider({ children }: { children: React.ReactNode }) {
  const [banner, setBanner] = useState<BannerState>(null);
  const pathname = usePathname();
  const show = useCallback(
    (severity: BannerSeverity, message: string, options?: ShowOptions) =>
      setBanner({ severity, message, id: Date.now(), path: options?.on ? pathOf(options.on) : window.location.pathname }),
    [],
  );
  const close = useCallback(() => setBanner(null), []);
  // On arrival at another screen, a message meant for a different one is dropped (React's "adjust state on a
  // prop change" pattern, during render: no effect, no flash of the old message).
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (banner && banner.path !== pathname) setBanner(null);
  }
  const value = useMemo(() => ({ banner, show, close }), [banner, show, close]);
  return <BannerContext.Provider value={value}>{children}</BannerContext.Provider>;
}

export function useBanner() {
  const ctx = useContext(BannerContext);
  if (!ctx) throw new Error('useBanner outside BannerProvider');
  return ctx;
}

const STYLES: Record<BannerSeverity, string> = {
  info: 'border-sky-700 bg-sky-50 text-sky-900',
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
};

/**
 * Shows the current message with its severity; it can be closed. An error is brought into view and focused:
 * the user pressed a button further down the page (on a phone the top of the page is out of sight).
 */
export function StatusBanner() {
  const { banner, close } = useBanner();
  const t = useTranslations('Common');
  const ref = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const visible = banner && banner.path === pathname ? banner : null;
  useEffect(() => {
    if (visible?.severity !== 'error' || !ref.current) return;
    ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView({ block: 'start' });
  }, [visible?.id, visible?.severity]);
  if (!visible) return null;
  return (
    <div
      key={visible.id}
      ref={ref}
      tabIndex={-1}
      role={visible.severity === 'error' ? 'alert' : 'status'}
      data-severity={visible.severity}
      className={`mx-auto mb-3 flex w-full max-w-3xl scroll-mt-28 items-start gap-3 rounded-md border-l-4 px-4 py-3 text-sm shadow-sm focus:outline-none focus-visible:outline-3 focus-visible:outline-gray-900 ${STYLES[visible.severity]}`}
    >
      <p className="flex-1">{visible.message}</p>
      <button
        type="button"
        onClick={close}
        className="-m-1 rounded p-1 hover:bg-black/5 focus-visible:outline-2"
        aria-label={t('closeBanner')}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </div>
  );
}
