'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useController, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useAppSession } from '@/components/layout/use-app-session';
import { useBanner } from '@/components/ui/banner';
import { Button, ButtonLink } from '@/components/ui/button';
import { ComboboxField } from '@/components/ui/combobox-field';
import { CONTROL_CLASS, FieldError, FieldShell, describedBy, useFieldIds } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { SelectField } from '@/components/ui/select-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { OTHER_FROM_INDEX, sortCategories } from '@/lib/domain/categories';
import { formatCalendarDate, formatMmDdYyyy, parseCalendarDate, todayCalendarDate, type CalendarDate } from '@/lib/domain/dates';
import { categoriesTotalPercent, checkDonationRules, toPercent } from '@/lib/domain/donation-rules';
import { RFP_CAMPAIGN_ID, RFP_CAMPAIGN_NAME, Source, WeightUnit } from '@/lib/domain/enums';
import { storeDisplayName } from '@/lib/domain/store';
import { bff, BffError } from '@/lib/query/bff';
import { invalidateBrowserQueries } from '@/lib/query/browser-client';
import { donationKeys, isRfp, type CategoryAnswer, type DonationAnswer, type StoreAnswer } from '@/lib/query/donation-keys';
import { useSourceLabel } from './source-label';
import { useNumberFormats } from './use-number-formats';

type Mode = 'add' | 'edit';

const FORM_FIELD: Record<string, 'date' | 'storeId' | 'source' | 'weight' | 'weightUnit' | 'shares'> = {
  date: 'date',
  storeId: 'storeId',
  source: 'source',
  weight: 'weight',
  weightUnit: 'weightUnit',
  categories: 'shares',
};
const CODE_FIELD: Record<string, keyof typeof FORM_FIELD> = {
  VALIDATION_DATE: 'date',
  VALIDATION_DATE_PREVIOUS_YEAR: 'date',
  VALIDATION_DATE_FORMAT: 'date',
  VALIDATION_STORE: 'storeId',
  VALIDATION_SOURCE: 'source',
  VALIDATION_UNIT: 'weightUnit',
  VALIDATION_WEIGHT: 'weight',
  VALIDATION_CATEGORIES: 'categories',
  VALIDATION_CATEGORY: 'categories',
};

// MM/DD/YYYY; phones' numeric keypads may lack "/", so "-" or "." separators and bare MMDDYYYY are read too.
const MM_DD_YYYY = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$|^\s*(\d{2})(\d{2})(\d{4})\s*$/;
/** MM/DD/YYYY as typed → YYYY-MM-DD, or '' when it is not a date at all (→ 'Invalid date format'). */
function typedToIso(typed: string): string {
  const found = MM_DD_YYYY.exec(typed);
  const m = found && (found[1] ? found : [found[0], found[4], found[5], found[6]]);
  if (!m) return '';
  const iso = `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  return parseCalendarDate(iso) ? iso : '';
}
const isoToTyped = (d: CalendarDate) => formatMmDdYyyy(formatCalendarDate(d));

/** Weight as typed ("12.5" or "12,5"); NaN when it is not a number. */
function typedWeight(typed: string): number {
  const s = typed.trim().replace(',', '.');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(s) ? Number(s) : NaN;
}

type FormValues = { date: string; storeId: string; source: string; weight: string; weightUnit: string; shares: number[] };
type FormProps = { mode: Mode; origin: string; categories: CategoryAnswer[]; stores: StoreAnswer[]; donation?: DonationAnswer; campaignId: string };

const storesPath = (branchId: string, campaignId: string) =>
  isRfp(campaignId) ? `/branch/${encodeURIComponent(branchId)}/stores` : `/branch/${encodeURIComponent(branchId)}/${encodeURIComponent(campaignId)}/stores`;

/** The add / edit form; its data (categories, stores, the donation) comes from the server page as props. */
export function DonationForm({ mode, origin, categories: rawCategories, stores: initialStores, donation, campaignId }: FormProps) {
  const t = useTranslations('DonationForm');
  const tErr = useErrorText();
  const locale = useLocale();
  const f = useNumberFormats();
  const sourceLabel = useSourceLabel();
  const router = useRouter();
  const { show } = useBanner();
  const { branchId, user } = useAppSession();
  const today = useMemo(() => todayCalendarDate(), []);
  const categories = useMemo(() => sortCategories(rawCategories), [rawCategories]);
  const ids = { date: useFieldIds(), categories: useId() };
  const pickerRef = useRef<HTMLInputElement>(null);
  const categoriesRef = useRef<HTMLFieldSetElement>(null);

  // The rules of section 5 (lib/domain), run as react-hook-form's resolver: the same function the API runs,
  // without a schema library in the browser. The first violation per field shows under that field.
  const resolver = useMemo<Resolver<FormValues>>(
    () => (v) => {
      const violations = checkDonationRules(
        {
          date: typedToIso(v.date),
          storeId: v.storeId || null,
          source: Number(v.source),
          weight: typedWeight(v.weight),
          weightUnit: Number(v.weightUnit),
          categories: categories.map((c, i) => ({ categoryId: c.id, fraction: (v.shares[i] ?? 0) / 100 })),
        },
        // The add form rounds the total up before comparing; the edit form needs exactly 100.
        { today, categories, roundTotalUp: mode === 'add' },
      );
      const errors: Record<string, { type: string; message: string }> = {};
      for (const violation of violations) {
        // Store is required on add; an edited donation keeps its store.
        if (mode === 'edit' && violation.field === 'storeId' && donation?.storeId) continue;
        const name = FORM_FIELD[violation.field] ?? 'root';
        errors[name] ??= { type: 'custom', message: violation.code };
      }
      return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<FormValues> } : { values: v, errors: {} };
    },
    [categories, today, mode, donation?.storeId],
  );

  const shareOf = (c: CategoryAnswer) => {
    const list = donation ? (isRfp(donation.campaignId) ? donation.categories : donation.campaignCategories ?? donation.categories) : [];
    const found = list.find((x) => x.categoryId === c.id);
    return found ? toPercent(found.fraction) : 0;
  };
  const initialDate = donation ? parseCalendarDate(donation.date) : null;

  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError,
    setFocus,
    trigger,
    control,
    formState: { errors, isSubmitted },
  } = useForm<FormValues>({
    resolver,
    defaultValues: {
      date: isoToTyped(initialDate ?? today),
      storeId: donation?.storeId ?? '',
      source: String(donation?.source ?? (isRfp(campaignId) ? Source.BackStore : Source.FrontStore)),
      weight: donation ? String(donation.weight) : '0',
      weightUnit: String(donation?.weightUnit ?? WeightUnit.Pounds),
      shares: categories.map((c) => shareOf(c)),
    },
  });

  const storeField = useController({ control, name: 'storeId' });

  // A new donation belongs to the selected branch: after a branch switch its store list changes.
  const [stores, setStores] = useState(initialStores);
  const firstBranch = useRef(branchId);
  useEffect(() => {
    if (mode === 'add' && branchId && branchId !== firstBranch.current) {
      firstBranch.current = branchId;
      setValue('storeId', '');
      const ctrl = new AbortController();
      bff<StoreAnswer[]>(storesPath(branchId, campaignId), { signal: ctrl.signal })
        .then(setStores)
        .catch((err) => {
          if (ctrl.signal.aborted) return;
          console.error('stores failed', err);
          show('error', t('loadError'));
        });
      return () => ctrl.abort();
    }
  }, [branchId, mode, setValue, campaignId, show, t]);

  const shares = watch('shares');
  const total = categoriesTotalPercent(shares.map((p) => ({ fraction: p / 100 })));
  const sharesError = (errors.shares?.message ?? errors.shares?.root?.message) as string | undefined;

  const setShare = (i: number, value: number) => {
    setValue(`shares.${i}`, value, { shouldDirty: true });
    if (isSubmitted) void trigger('shares');
  };

  /** Slider rule (section 5): a committed value never takes the total past 100%. */
  const commitSlider = (i: number, value: number) => {
    const others = shares.reduce((sum, p, j) => (j === i ? sum : sum + p), 0);
    setShare(i, others + value > 100 ? Math.max(0, 100 - others) : value);
  };
  const typeShare = (i: number, raw: string) => {
    const n = raw === '' ? 0 : Math.round(Number(raw));
    setShare(i, Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0);
  };

  const storeOptions = useMemo(() => {
    const list = [...stores];
    if (donation?.store && !list.some((s) => s.id === donation.storeId)) list.push(donation.store);
    return list
      .map((s) => ({ value: s.id, label: s.displayName || storeDisplayName(s) }))
      .sort((a, b) => a.label.localeCompare(b.label, f.locale));
  }, [stores, donation, f.locale]);

  // The fields are disabled while saving: focus the refused one once they are enabled again.
  const [focusAfterSave, setFocusAfterSave] = useState<'date' | 'storeId' | 'source' | 'weight' | 'weightUnit' | null>(null);
  const [saving, setSaving] = useState(false);
  const saveCall = async (v: FormValues) => {
    const rfp = isRfp(campaignId);
    const body = {
      branchId: donation?.branchId ?? branchId,
      date: typedToIso(v.date),
      storeId: v.storeId || donation?.storeId || null,
      source: Number(v.source),
      weight: typedWeight(v.weight),
      weightUnit: Number(v.weightUnit),
      categories: categories.map((c, i) => ({ categoryId: c.id, categoryName: c.name, fraction: (v.shares[i] ?? 0) / 100 })),
      createdBy: user?.contactEmail ?? null,
    };
    const saved =
      mode === 'add'
        ? await bff<DonationAnswer>(rfp ? `/branch/${encodeURIComponent(body.branchId)}/donations` : `/branch/${encodeURIComponent(body.branchId)}/${encodeURIComponent(campaignId)}/campaigndonations`, { method: 'POST', body })
        : await bff<DonationAnswer>(rfp ? `/donation/${encodeURIComponent(donation!.id)}` : `/donation/campaigndonation/${encodeURIComponent(donation!.id)}`, { method: 'PUT', body });
    // The gas figure is recomputed after each save; a failure there does not undo the save.
    await bff(rfp ? '/donation/update-ghg' : '/donation/update-campaign-ghg', { method: 'POST', body: [saved.id] }).catch((err) => console.warn('update-ghg failed', err));
    return saved;
  };
  const onSaved = async (saved: DonationAnswer) => {
    const date = formatMmDdYyyy(saved.date);
    show(
      'success',
      mode === 'add'
        ? t('addSuccess', { date, weight: f.pounds(saved.weightInPounds), store: saved.store?.displayName || storeDisplayName(saved.store) })
        : t('editSuccess', { date }),
    );
    await invalidateBrowserQueries(donationKeys.all);
    router.push(origin);
  };
  const onFailed = (err: unknown) => {
    // What the user typed stays in the form; the error goes under its field or into the banner.
    if (err instanceof BffError && (err.code === 'MONTH_ALREADY_SUBMITTED' || /month already submitted/i.test(err.message))) {
      show('error', mode === 'add' ? t('addFailedSubmitted') : t('editFailedSubmitted'));
      return;
    }
    const field = err instanceof BffError && err.status === 400 && err.code ? CODE_FIELD[err.code] : undefined;
    if (field && err instanceof BffError) {
      const name = FORM_FIELD[field];
      setError(name, { type: 'server', message: err.code });
      if (name === 'shares') categoriesRef.current?.scrollIntoView({ block: 'center' });
      else setFocusAfterSave(name);
      return;
    }
    show('error', mode === 'add' ? t('addFailed') : t('editFailed'));
  };
  const save = async (v: FormValues) => {
    setSaving(true);
    let saved: DonationAnswer;
    try {
      saved = await saveCall(v);
    } catch (err) {
      setSaving(false);
      onFailed(err);
      return;
    }
    // Still "saving" while the origin page loads: the form stays disabled until it is replaced.
    await onSaved(saved);
  };

  useEffect(() => {
    if (focusAfterSave && !saving) {
      setFocus(focusAfterSave);
      setFocusAfterSave(null);
    }
  }, [focusAfterSave, saving, setFocus]);

  const locked = mode === 'edit' && !!donation?.submitted;
  const dateError = errors.date?.message;
  const dateIso = typedToIso(watch('date'));
  const programName = donation?.campaignName || (isRfp(campaignId) ? RFP_CAMPAIGN_NAME : '');
  const name = (c: CategoryAnswer) => (locale === 'fr' && c.nameFr) || c.name;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((v) => save(v), (errs) => {
        if (errs.shares && !errs.date && !errs.storeId && !errs.weight) categoriesRef.current?.scrollIntoView({ block: 'center' });
      })}
      className="mx-auto flex max-w-3xl flex-col gap-5 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5 sm:p-6"
      aria-busy={saving}
    >
      {locked && (
        <p role="note" className="rounded-md border-l-4 border-sky-700 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          {t('lockedNote')}
        </p>
      )}
      <fieldset disabled={locked || saving} className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldShell label={t('date')} ids={ids.date} hint={t('dateHint')} error={dateError ? tErr(dateError, 'VALIDATION_DATE_FORMAT') : undefined}>
            <div className="flex gap-2">
              <input
                id={ids.date.id}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder={t('dateHint')}
                aria-invalid={dateError ? true : undefined}
                aria-describedby={describedBy(ids.date, t('dateHint'), dateError)}
                {...register('date')}
                className={CONTROL_CLASS}
              />
              <span className="relative shrink-0">
                <button
                  type="button"
                  aria-label={t('chooseDate')}
                  title={t('chooseDate')}
                  onClick={() => {
                    try {
                      pickerRef.current?.showPicker();
                    } catch {
                      pickerRef.current?.focus();
                    }
                  }}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-md border border-gray-500 bg-white hover:bg-secondary-light focus-visible:outline-3 focus-visible:outline-gray-900"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2"><rect x="3" y="5" width="18" height="16" rx="2" /><path d="M3 10h18M8 3v4M16 3v4" /></svg>
                </button>
                <input
                  ref={pickerRef}
                  type="date"
                  tabIndex={-1}
                  aria-hidden="true"
                  value={dateIso}
                  onChange={(e) => {
                    const d = parseCalendarDate(e.target.value);
                    if (d) setValue('date', isoToTyped(d), { shouldDirty: true, shouldValidate: isSubmitted });
                  }}
                  className="pointer-events-none absolute inset-0 h-full w-full opacity-0"
                />
              </span>
            </div>
          </FieldShell>
          <SelectField label={t('program')} disabled value={campaignId} options={[{ value: campaignId, label: programName }]} onChange={() => undefined} />
          <ComboboxField
            label={t('store')}
            placeholder={t('selectStore')}
            noMatch={t('noStoreMatch')}
            toggleLabel={t('showStores')}
            options={storeOptions}
            required={mode === 'add'}
            error={errors.storeId?.message ? tErr(errors.storeId.message, 'VALIDATION_STORE') : undefined}
            className="sm:col-span-2"
            locale={f.locale}
            name={storeField.field.name}
            inputRef={storeField.field.ref}
            value={storeField.field.value}
            onChange={storeField.field.onChange}
            onBlur={storeField.field.onBlur}
          />
          <SelectField
            label={t('source')}
            options={[
              { value: String(Source.BackStore), label: sourceLabel(Source.BackStore) },
              { value: String(Source.FrontStore), label: sourceLabel(Source.FrontStore) },
            ]}
            error={errors.source?.message ? tErr(errors.source.message, 'VALIDATION_SOURCE') : undefined}
            containerClassName="sm:col-span-2"
            {...register('source')}
          />
          <div className="grid grid-cols-2 gap-3 sm:col-span-2 sm:gap-4">
          <WeightField label={t('weight')} error={errors.weight?.message ? tErr(errors.weight.message, 'VALIDATION_WEIGHT') : undefined} inputProps={register('weight')} />
          <SelectField
            label={t('unit')}
            options={[
              { value: String(WeightUnit.Pounds), label: t('unitPounds') },
              { value: String(WeightUnit.Kilogram), label: t('unitKilograms') },
              { value: String(WeightUnit.BananaBox), label: t('unitBananaBox') },
            ]}
            error={errors.weightUnit?.message ? tErr(errors.weightUnit.message, 'VALIDATION_UNIT') : undefined}
            {...register('weightUnit')}
          />
          </div>
        </div>

        <fieldset ref={categoriesRef} className="flex flex-col gap-2" aria-describedby={`${ids.categories}-hint ${ids.categories}-total${sharesError ? ` ${ids.categories}-error` : ''}`} aria-invalid={sharesError ? true : undefined}>
          {/* A level-2 heading inside the legend: the page goes h1 (title), h2 (Categories), h3 (Other). */}
          <legend className={`mb-1 text-lg font-bold ${sharesError ? 'text-red-700' : 'text-gray-900'}`} data-invalid={sharesError ? 'true' : undefined} data-testid="categories-header">
            <h2 className="flex items-center gap-2 text-lg font-bold">
              {sharesError && (
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor"><path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4a.75.75 0 0 1 1.5 0v4.5a.75.75 0 0 1-1.5 0V6Zm.75 8.5a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" /></svg>
              )}
              {t('categories')}
            </h2>
          </legend>
          <p id={`${ids.categories}-hint`} className="text-sm text-gray-700">
            {t('categoriesHint')}
          </p>
          <div className={`flex flex-col rounded-md ${sharesError ? 'ring-2 ring-red-700' : ''}`}>
            {categories.map((c, i) => (
              <div key={c.id}>
                {i === OTHER_FROM_INDEX && <h3 className="mt-3 border-t border-secondary-light px-1 pt-3 text-base font-bold text-gray-900">{t('other')}</h3>}
                <CategoryRow
                  id={`${ids.categories}-${c.id}`}
                  name={name(c)}
                  value={shares[i] ?? 0}
                  boxLabel={t('percentOf', { category: name(c) })}
                  describedBy={sharesError ? `${ids.categories}-error` : undefined}
                  onSlide={(v) => commitSlider(i, v)}
                  onType={(raw) => typeShare(i, raw)}
                />
              </div>
            ))}
          </div>
          <p id={`${ids.categories}-total`} aria-live="polite" aria-atomic="true" className={`self-end text-base font-bold tabular-nums ${sharesError ? 'text-red-700' : 'text-gray-900'}`} data-testid="categories-total">
            {t('total', { total: f.percent(total / 100) })}
          </p>
          {sharesError && <FieldError id={`${ids.categories}-error`}>{tErr(sharesError, 'VALIDATION_CATEGORIES')}</FieldError>}
        </fieldset>
      </fieldset>

      <FormActions>
        <ButtonLink href={origin} variant="secondary">
          {t('cancel')}
        </ButtonLink>
        <Button type="submit" loading={saving} disabled={locked}>
          {mode === 'add' ? t('addDonation') : t('save')}
        </Button>
      </FormActions>
    </form>
  );
}

function WeightField({ label, error, inputProps }: { label: string; error?: string; inputProps: React.ComponentProps<'input'> }) {
  const ids = useFieldIds();
  return (
    <FieldShell label={label} ids={ids} error={error}>
      <input id={ids.id} type="text" inputMode="decimal" autoComplete="off" aria-invalid={error ? true : undefined} aria-describedby={describedBy(ids, undefined, error)} {...inputProps} className={CONTROL_CLASS} />
    </FieldShell>
  );
}

type CategoryRowProps = { id: string; name: string; value: number; boxLabel: string; describedBy?: string; onSlide: (v: number) => void; onType: (raw: string) => void };

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
