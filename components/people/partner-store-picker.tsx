'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { FieldError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import type { ProgramStore } from '@/lib/domain/program-places';
import { STORE_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';

/** A store chosen for a partner's scope, with what the list shows of it. */
export type PickedStore = { id: string; label: string };

type Props = {
  /** The search box's id: the form focuses it when no store is chosen. */
  searchId: string;
  retailerName: string;
  chosen: PickedStore[];
  onChange: (stores: PickedStore[]) => void;
  error?: string;
};

// The program's store list answers 200 stores at most (GET /program/stores).
const LIST_LIMIT = 200;

const storeLabel = (s: ProgramStore) => [s.name, s.banner, s.number ? `#${s.number}` : null].filter(Boolean).join(' · ');

/**
 * Some stores of one retailer, ticked in the program's store list (GET /program/stores, as the Stores screen reads
 * it). The list is searched by the retailer's name, or by what is typed, and kept to that retailer's stores; the
 * stores already ticked stay listed first whatever the search, so a choice never disappears from view.
 */
export function PartnerStorePicker({ searchId, retailerName, chosen, onChange, error }: Props) {
  const t = useTranslations('ProgramUsers');
  const errorId = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ProgramStore[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [full, setFull] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const id = setTimeout(async () => {
      setLoading(true);
      try {
        const all = await api.GET('/program/stores', { params: { query: { q: q.trim() || retailerName } }, signal: controller.signal });
        setFound(all.filter((s) => s.retailer === retailerName));
        setFull(all.length >= LIST_LIMIT);
        setFailed(false);
      } catch {
        if (controller.signal.aborted) return;
        setFailed(true);
      }
      setLoading(false);
    }, 250);
    return () => {
      clearTimeout(id);
      controller.abort();
    };
  }, [q, retailerName]);

  const chosenIds = new Set(chosen.map((s) => s.id));
  const toggle = (store: PickedStore) => onChange(chosenIds.has(store.id) ? chosen.filter((s) => s.id !== store.id) : [...chosen, store]);
  const others = (found ?? []).filter((s) => !chosenIds.has(s.id)).map((s) => ({ id: s.id, label: storeLabel(s) }));

  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-gray-800">
        {t('partnerStores', { retailer: retailerName })}
        <span aria-hidden="true" className="text-red-700">
          {' '}
          *
        </span>
      </legend>
      <TextField
        id={searchId}
        label={t('partnerStoreSearch')}
        hint={t('partnerStoreSearchHint')}
        type="search"
        autoComplete="off"
        maxLength={STORE_TEXT_MAX.name}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <p role="status" className="text-sm font-medium text-gray-800">
        {t('partnerStoresChosen', { count: chosen.length })}
      </p>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      <ul className="flex max-h-72 flex-col overflow-y-auto rounded-md border border-gray-300 px-3 py-1" aria-busy={loading}>
        {[...chosen, ...others].map((s) => (
          <li key={s.id}>
            <label className="flex min-h-11 items-center gap-2 text-base">
              <input type="checkbox" className="h-5 w-5 shrink-0" checked={chosenIds.has(s.id)} onChange={() => toggle(s)} />
              {s.label}
            </label>
          </li>
        ))}
        {loading && !found && (
          <li className="py-2">
            <Spinner label={t('partnerStoresLoading')} />
          </li>
        )}
        {found && !loading && others.length === 0 && chosen.length === 0 && (
          <li className="py-2 text-gray-800">{t('partnerStoresNone')}</li>
        )}
      </ul>
      {failed && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('partnerStoresError')}
        </p>
      )}
      {full && <p className="text-sm text-gray-700">{t('partnerStoresMore', { max: LIST_LIMIT })}</p>}
    </fieldset>
  );
}
