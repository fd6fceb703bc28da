'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { CONTROL_CLASS } from '@/components/ui/field';
import type { MonthDonation } from '@/web/query/donation-keys';
import { useSourceLabel } from './source-label';
import { filterChoices, isFiltered, NO_FILTER, type MonthFilter, type MonthSort } from './month-list-filter';

/** Store, source and program filters and the sort of a month's list, with how many rows are shown. */
export function MonthListControls({
  rows,
  shown,
  value,
  onChange,
}: {
  rows: readonly MonthDonation[];
  shown: number;
  value: MonthFilter;
  onChange: (f: MonthFilter) => void;
}) {
  const t = useTranslations('MonthList');
  const sourceLabel = useSourceLabel();
  const id = useId();
  const { stores, programs } = filterChoices(rows);
  const set = (patch: Partial<MonthFilter>) => onChange({ ...value, ...patch });
  const field = (key: string, label: string, control: React.ReactNode) => (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={`${id}-${key}`} className="text-xs font-semibold text-gray-800">
        {label}
      </label>
      {control}
    </div>
  );
  const sorts: MonthSort[] = ['date-asc', 'date-desc', 'weight-desc', 'weight-asc'];
  const sortKey = {
    'date-asc': 'sortDateAsc',
    'date-desc': 'sortDateDesc',
    'weight-desc': 'sortWeightDesc',
    'weight-asc': 'sortWeightAsc',
  } as const;

  return (
    <fieldset className="flex flex-col gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5" data-print="hide">
      <legend className="sr-only">{t('filters')}</legend>
      {/* One column on a phone: two columns of 170 px cut the French choices ("Toutes les provenances") to a few
          letters. Four in a row only where each is wide enough for them. */}
      <div className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {field(
          'store',
          t('store'),
          <select id={`${id}-store`} value={value.storeId} onChange={(e) => set({ storeId: e.target.value })} className={CONTROL_CLASS}>
            <option value="">{t('allStores')}</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          'source',
          t('source'),
          <select id={`${id}-source`} value={value.source} onChange={(e) => set({ source: e.target.value })} className={CONTROL_CLASS}>
            <option value="">{t('allSources')}</option>
            <option value="0">{sourceLabel(0)}</option>
            <option value="1">{sourceLabel(1)}</option>
          </select>,
        )}
        {field(
          'program',
          t('program'),
          <select
            id={`${id}-program`}
            value={value.campaignId}
            onChange={(e) => set({ campaignId: e.target.value })}
            className={CONTROL_CLASS}
          >
            <option value="">{t('allPrograms')}</option>
            {programs.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          'sort',
          t('sort'),
          <select
            id={`${id}-sort`}
            value={value.sort}
            onChange={(e) => set({ sort: e.target.value as MonthSort })}
            className={CONTROL_CLASS}
          >
            {sorts.map((s) => (
              <option key={s} value={s}>
                {t(sortKey[s])}
              </option>
            ))}
          </select>,
        )}
      </div>
      {isFiltered(value) && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
          <p role="status" data-testid="filter-count">
            {t('shown', { shown, total: rows.length })}
          </p>
          <button
            type="button"
            onClick={() => onChange({ ...NO_FILTER, sort: value.sort })}
            className="min-h-11 rounded-md px-2 font-semibold underline underline-offset-2 hover:bg-black/5"
          >
            {t('showAll')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
