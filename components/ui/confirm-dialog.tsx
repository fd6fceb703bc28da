'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { Button } from './button';
import { LazyAppDialog } from './lazy-dialog';

/** What a confirmation says and does: the question, what will happen, the button's label and the change itself. */
type ConfirmRequest = { title: string; description: string; confirmLabel: string; run: () => Promise<unknown> };

/**
 * Asks before a change that takes something away (deactivating a person or a food bank, unlinking): `confirm(request)`
 * opens a modal dialog (focus trapped, Escape or Cancel leaves everything as it was), `dialog` is where it renders.
 * Cancel has the focus first, so an Enter pressed out of habit does not make the change.
 */
export function useConfirm() {
  const tc = useTranslations('Common');
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = useCallback((r: ConfirmRequest) => {
    setRequest(r);
    setOpen(true);
  }, []);
  const run = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await request.run();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  // Mounted before the first opening (LazyAppDialog renders nothing until then), so it sees the dialog open and
  // keeps the button that opened it to give the focus back to.
  const dialog = (
    <LazyAppDialog
      open={open}
      onClose={() => !busy && setOpen(false)}
      title={request?.title ?? ''}
      description={request?.description}
      actions={
        <>
          <Button variant="secondary" autoFocus onClick={() => setOpen(false)} disabled={busy}>
            {tc('cancel')}
          </Button>
          <Button variant="danger" onClick={() => void run()} loading={busy}>
            {request?.confirmLabel}
          </Button>
        </>
      }
    />
  );
  return { confirm, dialog };
}
