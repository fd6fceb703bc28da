'use client';

import { CONTROL_CLASS, FieldShell, describedBy, useFieldIds } from './field';

type Common = { label: React.ReactNode; hint?: React.ReactNode; error?: React.ReactNode; containerClassName?: string };
export type TextFieldProps = Common & React.ComponentProps<'input'>;
export type TextAreaFieldProps = Common & React.ComponentProps<'textarea'>;

/** A labelled input; works with react-hook-form's register (ref is a plain prop in React 19). */
export function TextField({ label, hint, error, containerClassName, id, className = '', required, ...rest }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell label={label} ids={ids} hint={hint} error={error} required={required} className={containerClassName}>
      <input
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...rest}
        className={`${CONTROL_CLASS} ${className}`}
      />
    </FieldShell>
  );
}

/** A labelled multi-line box (operating hours: 3 rows; feedback message: 15 rows). */
export function TextAreaField({
  label,
  hint,
  error,
  containerClassName,
  id,
  className = '',
  required,
  rows = 3,
  ...rest
}: TextAreaFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell label={label} ids={ids} hint={hint} error={error} required={required} className={containerClassName}>
      <textarea
        id={ids.id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...rest}
        className={`${CONTROL_CLASS} resize-y ${className}`}
      />
    </FieldShell>
  );
}

/** A username: required, no auto-capitalization, correction or spell check on phones, and the browser's saved name. */
export function UsernameField(props: TextFieldProps) {
  return (
    <TextField name="username" autoComplete="username" autoCapitalize="none" autoCorrect="off" spellCheck={false} required {...props} />
  );
}
