'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { FieldError, CONTROL_CLASS } from '@/components/ui/field';
import { OTHER_FROM_INDEX } from '@/lib/domain/categories';
import type { CategoryAnswer } from '@/web/query/donation-keys';

type Props = {
  /** In display order; the ones from OTHER_FROM_INDEX on go under the "Other" heading. */
  categories: CategoryAnswer[];
  shares: number[];
  /** The running total, already formatted. */
  totalText: string;
  error?: string;
  fieldsetRef: React.Ref<HTMLFieldSetElement>;
  onSlide: (i: number, value: number) => void;
  onType: (i: number, raw: string) => void;
};

/** Categories (docs/product.md, The donation form): a slider and a percent box per category, and the running total. */
export function CategoryShares({ categories, shares, totalText, error, fieldsetRef, onSlide, onType }: Props) {
  const t = useTranslations('DonationForm');
  const locale = useLocale();
  const id = useId();
  const name = (c: CategoryAnswer) => (locale === 'fr' && c.nameFr) || c.name;
  return (
    <fieldset
      ref={fieldsetRef}
      className="flex flex-col gap-2"
      aria-describedby={`${id}-hint ${id}-total${error ? ` ${id}-error` : ''}`}
      aria-invalid={error ? true : undefined}
    >
      {/* A level-2 heading inside the legend: the page goes h1 (title), h2 (Categories), h3 (Other). */}
      <legend
        className={`mb-1 text-lg font-bold ${error ? 'text-red-700' : 'text-gray-900'}`}
        data-invalid={error ? 'true' : undefined}
        data-testid="categories-header"
      >
        <h2 className="flex items-center gap-2 text-lg font-bold">
          {error && (
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4a.75.75 0 0 1 1.5 0v4.5a.75.75 0 0 1-1.5 0V6Zm.75 8.5a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
            </svg>
          )}
          {t('categories')}
        </h2>
      </legend>
      <p id={`${id}-hint`} className="text-sm text-gray-700">
        {t('categoriesHint')}
      </p>
      <div className={`flex flex-col rounded-md ${error ? 'ring-2 ring-red-700' : ''}`}>
        {categories.map((c, i) => (
          <div key={c.id}>
            {i === OTHER_FROM_INDEX && (
              <h3 className="mt-3 border-t border-secondary-light px-1 pt-3 text-base font-bold text-gray-900">{t('other')}</h3>
            )}
            <CategoryRow
              id={`${id}-${c.id}`}
              name={name(c)}
              value={shares[i] ?? 0}
              boxLabel={t('percentOf', { category: name(c) })}
              describedBy={error ? `${id}-error` : undefined}
              onSlide={(v) => onSlide(i, v)}
              onType={(raw) => onType(i, raw)}
            />
          </div>
        ))}
      </div>
      <p
        id={`${id}-total`}
        aria-live="polite"
        aria-atomic="true"
        className={`self-end text-base font-bold tabular-nums ${error ? 'text-red-700' : 'text-gray-900'}`}
        data-testid="categories-total"
      >
        {totalText}
      </p>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}

type CategoryRowProps = {
  id: string;
  name: string;
  value: number;
  boxLabel: string;
  describedBy?: string;
  onSlide: (v: number) => void;
  onType: (raw: string) => void;
};

/** One slider and one whole-percent box, both showing the same share. */
function CategoryRow({ id, name, value, boxLabel, describedBy: errorId, onSlide, onType }: CategoryRowProps) {
  return (
    <div className="grid grid-cols-[1fr_5.5rem] items-center gap-x-3 gap-y-1 px-1 py-2 sm:grid-cols-[12rem_1fr_5.5rem]">
      <label id={`${id}-label`} htmlFor={`${id}-slider`} className="text-sm font-semibold text-gray-900">
        {name}
      </label>
      <input
        id={`${id}-slider`}
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        aria-valuetext={`${value}%`}
        aria-describedby={errorId}
        onChange={(e) => onSlide(Number(e.target.value))}
        className="col-span-2 row-start-2 h-11 w-full cursor-pointer accent-primary-dark sm:col-span-1 sm:col-start-2 sm:row-start-1"
        data-testid="category-slider"
      />
      <span className="relative col-start-2 row-start-1 sm:col-start-3">
        <input
          id={`${id}-box`}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          placeholder="0"
          aria-label={boxLabel}
          aria-describedby={errorId}
          value={value === 0 ? '' : value}
          onChange={(e) => onType(e.target.value)}
          className={`${CONTROL_CLASS} pr-7 text-right tabular-nums`}
          data-testid="category-box"
        />
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-2 flex items-center text-gray-700">
          %
        </span>
      </span>
    </div>
  );
}
