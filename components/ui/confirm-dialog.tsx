'use client';

import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useRef } from 'react';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** Text or form content under the title. */
  children?: React.ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
};

/**
 * A modal question with a primary and a cancel button. Headless UI traps focus inside and returns it to
 * the opener on close; the confirm button takes the first focus unless a field inside asks for it (autoFocus).
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, onConfirm, onClose, busy }: ConfirmDialogProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} className="relative z-50" initialFocus={confirmRef}>
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-3 sm:items-center">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl">
          <DialogTitle className="text-lg font-bold text-gray-900">{title}</DialogTitle>
          {children && <Description as="div" className="mt-3 text-sm text-gray-800">{children}</Description>}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button
              type="button"
              onClick={onClose}
              disabled={busy}
              className="min-h-11 rounded-md border border-secondary/50 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-secondary-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900 disabled:opacity-60"
            >
              {cancelLabel}
            </button>
            <button
              ref={confirmRef}
              type="button"
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy}
              className="min-h-11 rounded-md bg-primary px-4 py-2 text-sm font-bold text-gray-900 hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900 disabled:opacity-60"
            >
              {confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
