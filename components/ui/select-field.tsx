'use client';

import { CONTROL_CLASS, FieldShell, describedBy, useFieldIds } from './field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = Omit<React.ComponentProps<'select'>, 'children'> & {
  label: React.ReactNode;
  options: SelectOption[];
  /** A first, empty choice ("Select…"); chosen when the value is ''. */
  placeholder?: string;
  hint?: React.ReactNode;
  error?: React.ReactNode;
  containerClassName?: string;
};

/** A native select: the phone's own picker, fully accessible, no extra JavaScript. */
export function SelectField({ label, options, placeholder, hint, error, containerClassName, id, className = '', required, ...rest }: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell label={label} ids={ids} hint={hint} error={error} required={required} className={containerClassName}>
      <select
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...rest}
        className={`${CONTROL_CLASS} appearance-none bg-[url('data:image/svg+xml;utf8,<svg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 20 20%22 fill=%22%23374151%22><path d=%22M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z%22/></svg>')] bg-[length:1.25rem] bg-[right_0.6rem_center] bg-no-repeat pr-10 ${className}`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
