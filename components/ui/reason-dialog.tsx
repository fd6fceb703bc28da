'use client';

import { useId } from 'react';
import { Button } from './button';
import { LazyAppDialog as AppDialog } from './lazy-dialog';
import { CONTROL_CLASS } from './field';

type Props = {
  open: boolean;
  /** Cancel, Escape or the backdrop; ignored while the call is under way. */
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  description: string;
  label: string;
  cancelLabel: string;
  confirmLabel: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the box (role="alert") and tied to it with aria-describedby; the text typed stays. */
  error: string | null;
  busy: boolean;
  /** The API's limit of the text (lib/domain/text-limits.ts): the box takes no more. */
  maxLength: number;
  required?: boolean;
  rows?: number;
};

/**
 * A confirmation dialog with one written reason (or answer): asking to reopen a month, reopening it directly,
 * approving or declining a request. The caller owns the text and the call, so a failed call keeps what was typed.
 */
export function ReasonDialog(props: Props) {
  const { open, onClose, onConfirm, value, onChange, error, busy } = props;
  const boxId = useId();
  const errorId = useId();
  return (
    <AppDialog
      open={open}
      onClose={() => !busy && onClose()}
      title={props.title}
      description={props.description}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {props.cancelLabel}
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={boxId} className="text-sm font-semibold text-gray-800">
          {props.label}
        </label>
        <textarea
          id={boxId}
          autoFocus
          required={props.required ?? true}
          rows={props.rows ?? 3}
          maxLength={props.maxLength}
          value={value}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
          className={CONTROL_CLASS}
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
      </div>
    </AppDialog>
  );
}
