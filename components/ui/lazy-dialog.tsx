'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import type { AppDialog as AppDialogType } from './dialog';

const AppDialog = dynamic(() => import('./dialog').then((m) => m.AppDialog), { ssr: false });

/**
 * AppDialog whose code (Headless UI's dialog) loads when it first opens, for the dialogs a screen rarely shows (the
 * export confirm, Submit Report, the reasons of reopening, feedback's thank-you). It stays mounted after that.
 * Headless UI restores focus from a history of focused elements it keeps only once loaded, so it does not know the
 * button that opened the dialog the first time: the control focused when the dialog opened is kept here and focused
 * again on close, when focus was left nowhere (a banner that took it keeps it).
 */
export function LazyAppDialog(props: React.ComponentProps<typeof AppDialogType>) {
  const [opened, setOpened] = useState(props.open);
  const returnTo = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (props.open && !opened) setOpened(true);
  if (props.open && !wasOpen.current && typeof document !== 'undefined') {
    // Read while rendering the opening, before the dialog moves focus inside itself.
    wasOpen.current = true;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  useEffect(() => {
    if (props.open) return;
    wasOpen.current = false;
    const target = returnTo.current;
    returnTo.current = null;
    if (!target) return;
    const frame = requestAnimationFrame(() => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && target.isConnected) target.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [props.open]);
  if (!opened) return null;
  return <AppDialog {...props} />;
}
