'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { AppDialog as AppDialogType } from './dialog';

const AppDialog = dynamic(() => import('./dialog').then((m) => m.AppDialog), { ssr: false });

/**
 * AppDialog whose code (Headless UI's dialog) loads when it first opens, for screens where a dialog is rarely
 * used (the export confirm). It stays mounted after that, so closing restores focus as usual.
 */
export function LazyAppDialog(props: React.ComponentProps<typeof AppDialogType>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return <AppDialog {...props} />;
}
