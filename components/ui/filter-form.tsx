'use client';
import Form from 'next/form';
import type { ComponentProps, FormEvent } from 'react';

/**
 * A filter form whose address names only the filters chosen: next/form builds the address from the form's fields,
 * and disabled fields are left out of it, so the empty ones ("All provinces", an empty search) are disabled for the
 * moment of the submission and enabled again right after. Without script the browser submits every field, which the
 * pages read the same way.
 */
export function FilterForm(props: ComponentProps<typeof Form>) {
  const leaveOutEmpty = (event: FormEvent<HTMLFormElement>) => {
    const empty = [...event.currentTarget.elements].filter(
      (el): el is HTMLInputElement | HTMLSelectElement =>
        (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) && el.name !== '' && !el.disabled && el.value === '',
    );
    for (const el of empty) el.disabled = true;
    setTimeout(() => {
      for (const el of empty) el.disabled = false;
    });
  };
  return <Form {...props} onSubmit={leaveOutEmpty} />;
}
