'use client';

import { useId, useMemo, useRef, useState } from 'react';
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
  /**
   * Searched by the caller (the server holds too many choices to send): called with what is typed and when the
   * list opens; `options` are then its answer, shown as given, and `selectedLabel` names a value not among them.
   */
  onQueryChange?: (query: string) => void;
  selectedLabel?: string;
  /** A line under the list (say, that more choices match than are shown), announced politely. */
  hint?: string;
  /** The input's id (a page's label or test may name it). */
  id?: string;
};

const fold = (s: string, locale?: string) =>
  s
    .toLocaleLowerCase(locale)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

function setRef<T>(ref: React.Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as React.RefObject<T | null>).current = value;
}

/**
 * A select you can type into to filter its choices (long store lists on a phone), after the WAI-ARIA
 * "editable combobox with list autocomplete" pattern: arrows move through the list, Enter picks, Escape closes,
 * screen readers follow the active option (aria-activedescendant). Every word typed must appear, accents ignored.
 * Written by hand (a few hundred bytes) instead of Headless UI's combobox, which brought ~60 kB of JavaScript
 * (floating-ui, a virtualizer, react-aria) to the add-donation page on phones.
 */
export function ComboboxField({
  label,
  options,
  value,
  onChange,
  onBlur,
  placeholder,
  noMatch,
  toggleLabel,
  error,
  required,
  disabled,
  name,
  inputRef,
  className = '',
  locale,
  onQueryChange,
  selectedLabel,
  hint,
  id: inputIdProp,
}: ComboboxFieldProps) {
  const id = useId();
  const inputId = inputIdProp ?? `${id}-input`;
  const listId = `${id}-list`;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  // null: the input shows the selected option's label; a string: what the user is typing.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const selected = options.find((o) => o.value === value) ?? (selectedLabel !== undefined ? { value, label: selectedLabel } : null);
  const shown = useMemo(() => {
    if (onQueryChange) return options;
    const words = fold(query ?? '', locale)
      .split(/\s+/)
      .filter(Boolean);
    if (!words.length) return options;
    return options.filter((o) => {
      const text = fold(o.label, locale);
      return words.every((w) => text.includes(w));
    });
  }, [options, query, locale, onQueryChange]);

  const optionId = (i: number) => `${id}-option-${i}`;
  const moveTo = (i: number) => {
    setActive(i);
    // Keep the active option in view while arrowing through a long list.
    requestAnimationFrame(() => document.getElementById(optionId(i))?.scrollIntoView({ block: 'nearest' }));
  };
  const openList = (at?: 'first' | 'last') => {
    const current = shown.findIndex((o) => o.value === value);
    if (!open) onQueryChange?.(query ?? '');
    setOpen(true);
    if (shown.length) moveTo(current >= 0 ? current : at === 'last' ? shown.length - 1 : 0);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const pick = (o: ComboboxFieldOption) => {
    onChange(o.value);
    close();
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openList('first');
        else if (shown.length) moveTo(Math.min(active + 1, shown.length - 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) openList('last');
        else if (shown.length) moveTo(Math.max(active - 1, 0));
        break;
      case 'Home':
      case 'End':
        if (open && shown.length) {
          e.preventDefault();
          moveTo(e.key === 'Home' ? 0 : shown.length - 1);
        }
        break;
      case 'Enter':
        // With the list open, Enter picks the active option (and does not submit the form).
        if (open) {
          e.preventDefault();
          if (active >= 0 && shown[active]) pick(shown[active]);
          else close();
        }
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          close();
        }
        break;
      case 'Tab':
        if (open) close();
        break;
    }
  };

  const expanded = open && !disabled;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label id={labelId} htmlFor={inputId} className="text-sm font-semibold text-gray-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </label>
      <div className="relative">
        <input
          ref={(el) => {
            input.current = el;
            setRef(inputRef, el);
          }}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded && shown.length ? listId : undefined}
          aria-activedescendant={expanded && active >= 0 && shown[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={placeholder}
          autoComplete="off"
          disabled={disabled}
          value={query ?? selected?.label ?? ''}
          onChange={(e) => {
            setQuery(e.target.value);
            onQueryChange?.(e.target.value);
            setOpen(true);
            // The first match is active, so Enter picks it.
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onBlur?.();
          }}
          // A tap opens the list (not a focus: the form focuses a refused field and must not hide its message).
          onClick={() => !open && openList()}
          className={`${CONTROL_CLASS} pr-10`}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={toggleLabel}
          aria-expanded={expanded}
          aria-controls={expanded && shown.length ? listId : undefined}
          disabled={disabled}
          // Keep the focus in the input (a blur would close the list before the click lands).
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            input.current?.focus();
            if (open) close();
            else openList();
          }}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-gray-700"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
        {expanded &&
          (shown.length === 0 ? (
            <div
              role="status"
              className="absolute top-full left-0 z-30 mt-1 w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-700 shadow-lg"
            >
              {noMatch}
            </div>
          ) : (
            <div className="absolute top-full left-0 z-30 mt-1 w-full rounded-md border border-gray-400 bg-white shadow-lg">
              <ul ref={list} id={listId} role="listbox" aria-labelledby={labelId} className="max-h-72 overflow-y-auto py-1 text-base">
                {shown.map((o, i) => (
                  <li
                    key={o.value}
                    id={optionId(i)}
                    role="option"
                    aria-selected={o.value === value}
                    data-focus={i === active ? '' : undefined}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseMove={() => i !== active && setActive(i)}
                    onClick={() => pick(o)}
                    className={`flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-gray-900 ${i === active ? 'bg-primary-light' : ''} ${o.value === value ? 'font-semibold' : ''}`}
                  >
                    {o.label}
                  </li>
                ))}
              </ul>
              {hint && (
                <p role="status" className="border-t border-gray-300 px-3 py-2 text-sm text-gray-700">
                  {hint}
                </p>
              )}
            </div>
          ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
