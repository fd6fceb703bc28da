'use client';

import dynamic from 'next/dynamic';
import { useCallback, useState } from 'react';

const ExportDialog = dynamic(() => import('./export-dialog').then((m) => m.ExportDialog), { ssr: false });

/**
 * The header's Export for a year: `ask` opens the export dialog, `dialog` is where it renders. The dialog and its
 * download code load on the first ask (most visits of the month page and the reports never export).
 */
export function useExportDonations(year: number) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const ask = useCallback(() => {
    setAsked(true);
    setOpen(true);
  }, []);
  const dialog = asked ? <ExportDialog year={year} open={open} setOpen={setOpen} /> : null;
  return { ask, dialog };
}
