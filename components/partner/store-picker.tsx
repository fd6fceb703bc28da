'use client';

import { useEffect, useRef, useState } from 'react';
import { ComboboxField } from '@/components/ui/combobox-field';
import type { PartnerStores } from '@/lib/domain/partner';
import { api } from '@/web/query/api-client';
import { storeOptionLabel } from './partner-params';

/** How many stores one answer lists: enough to pick from, few enough for a phone. */
const LIMIT = 20;
/** Typing pauses this long before the server is asked (one call per word, not per key). */
const DEBOUNCE_MS = 200;

export type StorePickerTexts = {
  label: string;
  allStores: string;
  noMatch: string;
  searching: string;
  failed: string;
  more: string;
  toggle: string;
};

type Props = {
  id: string;
  texts: StorePickerTexts;
  /** The store chosen when the screen opened and its name, written on the server ('' and '' for every store). */
  initial: { value: string; label: string };
  /** The form field that carries the choice (a GET filter form); without it, onChange only. */
  name?: string;
  onChange?: (storeId: string) => void;
  className?: string;
  locale?: string;
};

/**
 * The partner's store filter: a combobox that asks the server for the stores matching what is typed
 * (GET /api/partner/stores), so a screen of a national chain carries no list of its thousands of stores. Keyboard and
 * screen reader use are the combobox's (components/ui/combobox-field.tsx); "every store" is the first choice until
 * something is typed.
 */
export function StorePicker({ id, texts, initial, name, onChange, className, locale }: Props) {
  const [chosen, setChosen] = useState(initial);
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<PartnerStores | null>(null);
  const [state, setState] = useState<'idle' | 'searching' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  const search = (typed: string) => {
    const q = typed.trim();
    setQuery(q);
    setState('searching');
    clearTimeout(timer.current);
    timer.current = setTimeout(
      async () => {
        inFlight.current?.abort();
        const ctl = new AbortController();
        inFlight.current = ctl;
        try {
          const found = await api.GET('/partner/stores', { params: { query: { q, limit: LIMIT } }, signal: ctl.signal });
          if (ctl.signal.aborted) return;
          setAnswer(found);
          setState('idle');
        } catch {
          if (ctl.signal.aborted) return;
          setAnswer(null);
          setState('failed');
        }
      },
      q ? DEBOUNCE_MS : 0,
    );
  };

  const found = state === 'idle' ? (answer?.stores ?? []).map((s) => ({ value: s.id, label: storeOptionLabel(s) })) : [];
  const options = query || state !== 'idle' ? found : [{ value: '', label: texts.allStores }, ...found];
  const pick = (value: string) => {
    // Every store: the input empties and shows "All stores" as its placeholder.
    const label = value === '' ? '' : (options.find((o) => o.value === value)?.label ?? chosen.label);
    setChosen({ value, label });
    onChange?.(value);
  };
  return (
    <>
      <ComboboxField
        id={id}
        label={texts.label}
        placeholder={texts.allStores}
        toggleLabel={texts.toggle}
        noMatch={state === 'searching' ? texts.searching : state === 'failed' ? texts.failed : texts.noMatch}
        hint={state === 'idle' && answer?.more ? texts.more : undefined}
        options={options}
        value={chosen.value}
        selectedLabel={chosen.label}
        onChange={pick}
        onQueryChange={search}
        className={className}
        locale={locale}
      />
      {name && <input type="hidden" name={name} value={chosen.value} />}
    </>
  );
}
