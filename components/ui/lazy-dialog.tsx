'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
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
  const [wasOpen, setWasOpen] = useState(props.open);
  // Mounted already open (a dialog whose own code loads with its first opening): the control focused now opened it.
  const [returnTo, setReturnTo] = useState<HTMLElement | null>(() =>
    props.open && typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  if (props.open && !opened) setOpened(true);
  if (props.open !== wasOpen) {
    // Read while rendering the opening, before the dialog moves focus inside itself.
    setWasOpen(props.open);
    if (props.open && typeof document !== 'undefined')
      setReturnTo(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  }
  useEffect(() => {
    if (props.open || !returnTo) return;
    const frame = requestAnimationFrame(() => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && returnTo.isConnected) returnTo.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [props.open, returnTo]);
  if (!opened) return null;
  return <AppDialog {...props} />;
}
