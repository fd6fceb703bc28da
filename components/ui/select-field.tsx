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
export function SelectField({
  label,
  options,
  placeholder,
  hint,
  error,
  containerClassName,
  id,
  className = '',
  required,
  ...rest
}: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell label={label} ids={ids} hint={hint} error={error} required={required} className={containerClassName}>
      <div className="relative">
        <select
          id={ids.id}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(ids, hint, error)}
          {...rest}
          className={`${CONTROL_CLASS} appearance-none pr-10 ${className}`}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="pointer-events-none absolute top-1/2 right-3 h-5 w-5 -translate-y-1/2 text-gray-700"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </div>
    </FieldShell>
  );
}
