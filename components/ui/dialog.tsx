'use client';

import { Description, Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';

type AppDialogProps = {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  /** Read out with the title when the dialog opens. */
  description?: React.ReactNode;
  children?: React.ReactNode;
  /** The buttons, right-aligned on desktop, stacked full-width on a phone. */
  actions?: React.ReactNode;
  className?: string;
};

/**
 * A modal dialog (Headless UI v2): focus trapped and restored, Escape closes, title and description announced.
 * To choose the first focused control, give it `autoFocus` (or `data-autofocus`).
 */
export function AppDialog({ open, onClose, title, description, children, actions, className = '' }: AppDialogProps) {
  return (
    // The dialog element itself covers the viewport, so it has a box (a zero-size wrapper reads as hidden).
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-end justify-center p-3 sm:items-center sm:p-6">
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <DialogPanel className={`relative w-full max-w-md rounded-lg bg-white p-5 shadow-xl sm:p-6 ${className}`}>
        <DialogTitle className="text-lg font-bold text-gray-900">{title}</DialogTitle>
        {description && <Description className="mt-2 text-base text-gray-800">{description}</Description>}
        {children && <div className="mt-3 text-base text-gray-800">{children}</div>}
        {actions && <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div>}
      </DialogPanel>
    </HeadlessDialog>
  );
}
