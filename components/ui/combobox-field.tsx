'use client';

import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from '@headlessui/react';
import { useMemo, useRef, useState } from 'react';
import { CONTROL_CLASS, FieldError } from './field';

export type ComboboxFieldOption = { value: string; label: string };

type ComboboxFieldProps = {
  label: React.ReactNode;
  options: ComboboxFieldOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** Shown when the typed text matches nothing. */
  noMatch: string;
  /** Name of the arrow button that opens the list. */
  toggleLabel: string;
  error?: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  className?: string;
  locale?: string;
};

const fold = (s: string, locale?: string) => s.toLocaleLowerCase(locale).normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * A select you can type into to filter its choices (long store lists on a phone): Headless UI's combobox,
 * so arrows, Enter, Escape and screen readers work; every word typed must appear, accents ignored.
 */
export function ComboboxField({ label, options, value, onChange, onBlur, placeholder, noMatch, toggleLabel, error, required, disabled, name, inputRef, className = '', locale }: ComboboxFieldProps) {
  const [query, setQuery] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const selected = options.find((o) => o.value === value) ?? null;
  const shown = useMemo(() => {
    const words = fold(query, locale).split(/\s+/).filter(Boolean);
    if (!words.length) return options;
    return options.filter((o) => {
      const text = fold(o.label, locale);
      return words.every((w) => text.includes(w));
    });
  }, [options, query, locale]);

  return (
    <Field disabled={disabled} className={`flex flex-col gap-1 ${className}`}>
      <Label className="text-sm font-semibold text-gray-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </Label>
      <Combobox
        value={selected}
        onChange={(o: ComboboxFieldOption | null) => onChange(o?.value ?? '')}
        onClose={() => setQuery('')}
        by="value"
      >
        {({ open }) => (
          <>
            <div className="relative">
              <ComboboxInput
                ref={inputRef}
                name={name}
                aria-invalid={error ? true : undefined}
                aria-required={required || undefined}
                placeholder={placeholder}
                autoComplete="off"
                displayValue={(o: ComboboxFieldOption | null) => o?.label ?? ''}
                onChange={(e) => setQuery(e.target.value)}
                onBlur={onBlur}
                // A tap opens the list (not a focus: the form focuses a refused field and must not hide its message).
                onClick={() => !open && buttonRef.current?.click()}
                className={`${CONTROL_CLASS} pr-10`}
              />
              <ComboboxButton ref={buttonRef} aria-label={toggleLabel} className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-gray-700">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor"><path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" /></svg>
              </ComboboxButton>
            </div>
            <ComboboxOptions
              anchor={{ to: 'bottom start', gap: 4 }}
              modal={false}
              className="z-30 max-h-72 w-(--input-width) overflow-y-auto rounded-md border border-gray-400 bg-white py-1 text-base shadow-lg empty:invisible"
            >
              {shown.length === 0 ? (
                <div className="px-3 py-2 text-gray-700">{noMatch}</div>
              ) : (
                shown.map((o) => (
                  <ComboboxOption key={o.value} value={o} className="flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-gray-900 data-focus:bg-primary-light data-selected:font-semibold">
                    {o.label}
                  </ComboboxOption>
                ))
              )}
            </ComboboxOptions>
          </>
        )}
      </Combobox>
      {error && (
        <Description as="div">
          <FieldError>{error}</FieldError>
        </Description>
      )}
    </Field>
  );
}
