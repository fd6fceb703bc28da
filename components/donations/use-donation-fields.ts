'use client';

import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { DonationFieldName, DonationFormErrors, DonationFormValues } from './donation-form-rules';

// The add / edit form's state, without a form library in the browser (react-hook-form was 13 kB gzip of the add
// form's scripts, more than the page-weight goal allowed). It keeps react-hook-form's behaviour that users and
// tests rely on: the rules run on submit; after a first submit, a changed field is checked again as it changes
// (its message goes or changes), the others keep theirs until the next submit; the first refused field takes focus.

/** The fields in the order of the screen: after a refused submit, the first one with a message takes focus. */
const SCREEN_ORDER: DonationFieldName[] = ['date', 'storeId', 'source', 'weight', 'weightUnit'];

/** What an input needs: its value, a change handler and a ref (for focus). */
export type FieldBinding = {
  name: DonationFieldName;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  ref: (el: HTMLElement | null) => void;
};

type Check = (v: DonationFormValues) => DonationFormErrors;

export function useDonationFields(defaults: DonationFormValues, check: Check) {
  const [values, setValues] = useState(defaults);
  const [errors, setErrors] = useState<DonationFormErrors>({});
  // The latest values and submit state, read by handlers called several times in one event (Repeat sets five fields).
  const latest = useRef({ values: defaults, submitted: false, check });
  useEffect(() => {
    latest.current.check = check;
  }, [check]);
  const elements = useRef(new Map<DonationFieldName, HTMLElement>());
  // One ref callback per field for the form's life: a new one each render would detach and attach the element.
  const [refs] = useState(
    () =>
      new Map(
        SCREEN_ORDER.map((name): [DonationFieldName, FieldBinding['ref']] => [
          name,
          (el) => {
            if (el) elements.current.set(name, el);
            else elements.current.delete(name);
          },
        ]),
      ),
  );

  const setValue = useCallback(<K extends keyof DonationFormValues>(name: K, value: DonationFormValues[K]) => {
    const next = { ...latest.current.values, [name]: value };
    latest.current.values = next;
    setValues(next);
    // After a first submit, the changed field's message follows what is typed.
    if (latest.current.submitted) {
      const code = latest.current.check(next)[name];
      setErrors((prev) => (prev[name] === code ? prev : { ...prev, [name]: code }));
    }
  }, []);

  const setShare = (i: number, percent: number) =>
    setValue(
      'shares',
      latest.current.values.shares.map((p, j) => (j === i ? percent : p)),
    );

  /** Puts values back (a restored draft, or the defaults after a discard): messages and the submit state go. */
  const reset = useCallback((v: DonationFormValues) => {
    latest.current.values = v;
    latest.current.submitted = false;
    setValues(v);
    setErrors({});
  }, []);

  /** A refusal from the server, under its field. */
  const setError = useCallback((name: keyof DonationFormValues, code: string) => setErrors((prev) => ({ ...prev, [name]: code })), []);
  const setFocus = useCallback((name: DonationFieldName) => elements.current.get(name)?.focus(), []);

  const field = (name: DonationFieldName): FieldBinding => ({
    name,
    value: values[name],
    onChange: (e) => setValue(name, e.target.value),
    ref: refs.get(name)!,
  });

  /** The form's submit event: onValid with the values when the rules pass, else the first refused field is focused. */
  const submit = (e: FormEvent, onValid: (v: DonationFormValues) => unknown, onInvalid: (errors: DonationFormErrors) => void) => {
    e.preventDefault();
    latest.current.submitted = true;
    const v = latest.current.values;
    const found = latest.current.check(v);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      void onValid(v);
      return;
    }
    const first = SCREEN_ORDER.find((name) => found[name]);
    if (first) setFocus(first);
    onInvalid(found);
  };

  return { values, errors, field, setValue, setShare, reset, setError, setFocus, submit };
}
