'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { parseCalendarDate } from '@/lib/domain/dates';
import type { StoreUsage } from '@/lib/domain/summary';
import { isUnusualWeight, UNUSUAL_WEIGHT_FACTOR } from '@/lib/domain/usual-weight';
import { api } from '@/web/query/api-client';
import type { StoreAnswer } from '@/web/query/donation-keys';
import { useDonationFormats } from './use-formats';
import { useNumberFormats } from './use-number-formats';
import { frenchDe } from '@/lib/domain/french-de';

// Faster, safer entry on the add form: the date proposed from the month page, the warning when that month is
// already submitted, 'Repeat last donation', the stores most used first, and the unusual-weight warning.

/** Stores sorted by how often the branch used them (then by name): the combobox lists the usual ones first. */
export function byUse<T extends { value: string; label: string }>(
  options: T[],
  usage: StoreUsage[],
  campaignId: string,
  locale: string,
): T[] {
  const uses = new Map(usage.filter((u) => u.campaignId === campaignId).map((u) => [u.storeId, u.uses]));
  return [...options].sort((a, b) => (uses.get(b.value) ?? 0) - (uses.get(a.value) ?? 0) || a.label.localeCompare(b.label, locale));
}

/** The branch's store usage: from the server first, fetched again after a branch switch. */
export function useStoreUsage(branchId: string, initial: StoreUsage[]) {
  const [state, setState] = useState({ branchId, usage: initial });
  useEffect(() => {
    if (!branchId || branchId === state.branchId) return;
    const ctrl = new AbortController();
    api
      .GET('/branch/{branchId}/store-usage', { params: { path: { branchId } }, signal: ctrl.signal })
      .then((usage) => setState({ branchId, usage }))
      .catch(() => !ctrl.signal.aborted && setState({ branchId, usage: [] }));
    return () => ctrl.abort();
  }, [branchId, state.branchId]);
  return branchId === state.branchId ? state.usage : [];
}

/** A warning as soon as the chosen date falls in a submitted month, before anything else is filled. */
export function MonthSubmittedWarning({
  branchId,
  dateIso,
  initial,
}: {
  branchId: string;
  dateIso: string;
  /** Known on the server for the date the form opens with, so the warning is in the first HTML (no call on load). */
  initial?: { key: string; value: boolean };
}) {
  const t = useTranslations('FasterEntry');
  const locale = useLocale();
  const day = parseCalendarDate(dateIso);
  const key = day && branchId ? `${branchId}/${day.year}/${day.month}` : '';
  const [submitted, setSubmitted] = useState<{ key: string; value: boolean }>(initial ?? { key: '', value: false });
  useEffect(() => {
    if (!key || key === submitted.key) return;
    const ctrl = new AbortController();
    const [year, month] = key.split('/').slice(-2).map(Number);
    api
      .GET('/branch/{branchId}/{year}/{month}/submitted', {
        params: { path: { branchId, year: year!, month: month! } },
        signal: ctrl.signal,
      })
      .then((value) => setSubmitted({ key, value }))
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [key, submitted.key, branchId]);
  if (!day || submitted.key !== key || !submitted.value) return null;
  const month = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { month: 'long', year: 'numeric' }).format(
    new Date(day.year, day.month - 1, 1),
  );
  return (
    <p
      role="alert"
      className="rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="month-submitted-warning"
    >
      {t('monthSubmitted', { month, de: frenchDe(month) })}
    </p>
  );
}

/** Under the weight: a warning (never a refusal) when it is far above what the store usually gives. */
export function UnusualWeightWarning({ pounds, median }: { pounds: number; median: number | null | undefined }) {
  const t = useTranslations('FasterEntry');
  const f = useNumberFormats();
  if (!Number.isFinite(pounds) || !isUnusualWeight(pounds, median)) return null;
  return (
    <p role="status" className="text-sm font-semibold text-amber-900 sm:col-span-2" data-testid="unusual-weight">
      {t('unusualWeight', { weight: f.pounds(pounds), factor: UNUSUAL_WEIGHT_FACTOR, median: f.pounds(median!) })}
    </p>
  );
}

/** 'Repeat last donation' for the stores used most often (at most five). */
export function RepeatDonation({
  usage,
  stores,
  campaignId,
  onRepeat,
  disabled,
}: {
  usage: StoreUsage[];
  stores: StoreAnswer[];
  campaignId: string;
  onRepeat: (u: StoreUsage) => void;
  /** While the add form's fields are closed (its offline draft not read yet, or saving): a repeat then would fill fields
   * that cannot take the focus, and a draft restored after it would overwrite what it filled. */
  disabled: boolean;
}) {
  const t = useTranslations('FasterEntry');
  const f = useNumberFormats();
  const formats = useDonationFormats();
  const served = new Map(stores.map((s) => [s.id, s]));
  const top = usage.filter((u) => u.campaignId === campaignId && served.has(u.storeId)).slice(0, 5);
  if (!top.length) return null;
  // The month list's wording of a day ("November 1, 2026" / "1er novembre 2026"): French writes the first as an ordinal.
  const dateOf = (iso: string) => {
    const d = parseCalendarDate(iso)!;
    return formats.dayMonth(d.year, d.month, d.day);
  };
  return (
    <section
      aria-labelledby="repeat-title"
      className="flex flex-col gap-2 rounded-md bg-primary-light/60 p-3"
      data-testid="repeat-donation"
    >
      <h2 id="repeat-title" className="text-base font-bold text-gray-900">
        {t('repeatTitle')}
      </h2>
      <p className="text-sm text-gray-800">{t('repeatHint')}</p>
      <ul className="flex flex-col gap-1">
        {top.map((u) => {
          const store = served.get(u.storeId)!;
          const name = store.displayName || store.name;
          return (
            <li key={u.storeId}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onRepeat(u)}
                className="flex min-h-11 w-full flex-wrap items-center justify-between gap-x-2 gap-y-1 rounded-md bg-white px-3 py-2 text-left text-sm ring-1 ring-black/10 hover:bg-primary-light focus-visible:outline-3 focus-visible:outline-gray-900"
              >
                {/* A name too long for the line takes it, and the count goes under it: squeezed beside the count,
                    long names were cut inside their words on a phone. */}
                <span className="min-w-0 font-semibold break-words text-gray-900">{name}</span>
                <span className="shrink-0 text-gray-700">
                  {t('repeat')} · {t('repeatUses', { count: u.uses })}
                </span>
                {/* The name is the visible text, then the last donation's details (WCAG 2.5.3 Label in Name). */}
                <span className="sr-only">
                  {' '}
                  {t('repeatDetails', { date: dateOf(u.last.date), weight: f.pounds(u.last.weightInPounds) })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
