'use client';

import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';

export type BannerSeverity = 'info' | 'success' | 'error';
type BannerState = { severity: BannerSeverity; message: string; id: number } | null;

const BannerContext = createContext<{ banner: BannerState; show: (severity: BannerSeverity, message: string) => void; close: () => void } | null>(null);

/** The status banner lives above the pages, so a message survives the navigation back to the origin page. */
export function BannerProvider({ children }: { children: React.ReactNode }) {
  const [banner, setBanner] = useState<BannerState>(null);
  const show = useCallback((severity: BannerSeverity, message: string) => setBanner({ severity, message, id: Date.now() }), []);
  const close = useCallback(() => setBanner(null), []);
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

/** Shows the current message with its severity; it can be closed. */
export function StatusBanner() {
  const { banner, close } = useBanner();
  const t = useTranslations('Common');
  if (!banner) return null;
  return (
    <div
      key={banner.id}
      role={banner.severity === 'error' ? 'alert' : 'status'}
      data-severity={banner.severity}
      className={`mx-auto mb-3 flex w-full max-w-3xl items-start gap-3 rounded-md border-l-4 px-4 py-3 text-sm shadow-sm ${STYLES[banner.severity]}`}
    >
      <p className="flex-1">{banner.message}</p>
      <button type="button" onClick={close} className="-m-1 rounded p-1 hover:bg-black/5 focus-visible:outline-2" aria-label={t('closeBanner')}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor"><path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" /></svg>
      </button>
    </div>
  );
}
