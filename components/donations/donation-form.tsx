'use client';

import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAppSession } from '@/components/layout/use-app-session';
import { useDonationDraft } from '@/components/offline/use-donation-draft';
import { useBanner } from '@/components/ui/banner';
import { IntentButtonLink } from '@/components/layout/intent-link';
import { Button, SubmitButton } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { useErrorText, type ErrorKey } from '@/components/ui/use-error-text';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { sortCategories } from '@/lib/domain/categories';
import { formatTypedDate, parseCalendarDate, type CalendarDate } from '@/lib/domain/dates';
import { categoriesTotalPercent, toPercent } from '@/lib/domain/donation-rules';
import { Source, WeightUnit } from '@/lib/domain/enums';
import type { StoreUsage } from '@/lib/domain/summary';
import { toPounds } from '@/lib/domain/weight';
import { storeDisplayName } from '@/lib/domain/store';
import { isoToTyped, typedToIso, typedWeight } from '@/lib/domain/typed-input';
import { loadStores } from '@/web/query/donation-calls';
import { isRfp, type CategoryAnswer, type MonthDonation, type StoreAnswer } from '@/web/query/donation-keys';
import { CategoryShares } from './category-shares';
import { DonationDateField } from './donation-date-field';
import { useDonationCheck, type DonationFieldName, type DonationFormValues } from './donation-form-rules';
import { DonationStoreFields } from './donation-store-fields';
import { StoreRequestLink } from './store-request-link';
import { DonationWeightFields } from './donation-weight-fields';
import { byUse, MonthSubmittedWarning, RepeatDonation, UnusualWeightWarning, useStoreUsage } from './faster-entry';
import { useUnusualWeightConfirm } from './unusual-weight-confirm';
import { useDonationFields } from './use-donation-fields';
import { useDonationSave } from './use-donation-save';
import { useNumberFormats } from './use-number-formats';

// Shown only after a reload, a sign-in or a 401 with a draft: loaded then.
const DraftNotice = dynamic(() => import('@/components/offline/draft-notice').then((m) => m.DraftNotice), { ssr: false });

/**
 * The add form opened from elsewhere: from the pickups screen, the pickup's store (if the branch has it) and the
 * pickup the saved donation is linked to; from a store's own record (the reconciliation), its store and weight to
 * confirm.
 */
export type DonationPrefill = { storeId?: string; pickupId?: string; weight?: string; weightUnit?: number };

type FormProps = {
  mode: 'add' | 'edit';
  origin: string;
  categories: CategoryAnswer[];
  stores: StoreAnswer[];
  donation?: MonthDonation;
  campaignId: string;
  /** Today in the app's time zone, from the server: the default date and the bound of a future date. */
  today: CalendarDate;
  /** The add form's date when opened from a month's page (see proposedDate). */
  proposed?: CalendarDate;
  /** The branch's store usage: most used stores first, Repeat last donation, the usual weight. */
  usage?: StoreUsage[];
  /** Whether the month of the date the add form opens with is submitted ({branchId}/{year}/{month}). */
  initialSubmitted?: { key: string; value: boolean };
  /** What the add form opens with: a pickup's store and the pickup to link, or a store's own record to confirm. */
  prefill?: DonationPrefill;
};

/** The add / edit form; its data (categories, stores, the donation) comes from the server page as props. */
export function DonationForm({
  mode,
  origin,
  categories: rawCategories,
  stores: initialStores,
  donation,
  campaignId,
  proposed,
  today,
  usage: initialUsage = [],
  initialSubmitted,
  prefill,
}: FormProps) {
  const t = useTranslations('DonationForm');
  const tf = useTranslations('FasterEntry');
  const tErr = useErrorText();
  const f = useNumberFormats();
  const tOff = useTranslations('Offline');
  const outboxId = useSearchParams().get('outbox') ?? undefined;
  const { show } = useBanner();
  const { branchId, user } = useAppSession();
  const categories = useMemo(() => sortCategories(rawCategories), [rawCategories]);
  const categoriesRef = useRef<HTMLFieldSetElement>(null);
  const check = useDonationCheck({ mode, categories, today, keptStoreId: donation?.storeId, locale: f.locale });
  const once = useSingleFlight();

  const shareOf = (c: CategoryAnswer) => {
    const list = donation ? (isRfp(donation.campaignId) ? donation.categories : (donation.campaignCategories ?? donation.categories)) : [];
    const found = list.find((x) => x.categoryId === c.id);
    return found ? toPercent(found.fraction) : 0;
  };
  const initialDate = donation ? parseCalendarDate(donation.date) : null;
  // The first values: a form still equal to them is not half-filled (no draft, no question before leaving).
  const [defaults] = useState<DonationFormValues>(() => ({
    date: isoToTyped(initialDate ?? proposed ?? today, f.locale),
    storeId: donation?.storeId ?? (prefill?.storeId && initialStores.some((s) => s.id === prefill.storeId) ? prefill.storeId : ''),
    source: String(donation?.source ?? (isRfp(campaignId) ? Source.BackStore : Source.FrontStore)),
    weight: donation ? String(donation.weight) : (prefill?.weight ?? '0'),
    weightUnit: String(donation?.weightUnit ?? prefill?.weightUnit ?? WeightUnit.Pounds),
    shares: categories.map((c) => shareOf(c)),
  }));

  const { values, errors, field, setValue, setShare, reset, setError, setFocus, submit } = useDonationFields(defaults, check);

  // What is typed is kept on the device (drafts, the outbox): see components/offline/use-donation-draft.ts.
  const draft = useDonationDraft({
    scope: user?.id ? { userId: user.id, branchId: donation?.branchId ?? branchId, mode, donationId: donation?.id, campaignId } : null,
    defaults,
    values,
    restore: reset,
    outboxId: mode === 'add' ? outboxId : undefined,
    leaveQuestion: tOff('leaveWarning'),
  });

  // The EN/FR toggle keeps the form: the typed date is rewritten in the new language's order, or 03/07 would change day.
  const typedIn = useRef(f.locale);
  useEffect(() => {
    if (typedIn.current === f.locale) return;
    const iso = parseCalendarDate(typedToIso(values.date, typedIn.current));
    typedIn.current = f.locale;
    if (iso) setValue('date', isoToTyped(iso, f.locale));
  }, [f.locale, values.date, setValue]);

  const usage = useStoreUsage(branchId, initialUsage);

  // A new donation belongs to the selected branch: after a branch switch its store list changes.
  const [stores, setStores] = useState(initialStores);
  const firstBranch = useRef(branchId);
  useEffect(() => {
    if (mode === 'add' && branchId && branchId !== firstBranch.current) {
      firstBranch.current = branchId;
      setValue('storeId', '');
      const ctrl = new AbortController();
      loadStores(branchId, campaignId, ctrl.signal)
        .then(setStores)
        .catch((err) => {
          if (ctrl.signal.aborted) return;
          console.error('stores failed', err);
          show('error', t('loadError'));
        });
      return () => ctrl.abort();
    }
    return undefined;
  }, [branchId, mode, setValue, campaignId, show, t]);

  const { shares } = values;
  const total = categoriesTotalPercent(shares.map((p) => ({ fraction: p / 100 })));
  const sharesError = errors.shares;

  /** Slider rule (docs/product.md, The donation form): a committed value never takes the total past 100%. */
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
    const options = list.map((s) => ({ value: s.id, label: s.displayName || storeDisplayName(s) }));
    return byUse(options, usage, campaignId, f.locale);
  }, [stores, donation, f.locale, usage, campaignId]);

  // The unit Repeat last donation switched to, while it is still the chosen one: said beside the weight (see below).
  const [repeatedUnit, setRepeatedUnit] = useState<string | null>(null);
  /** Repeat last donation: same store, source and shares; the date stays, the weight is typed anew. */
  const repeat = (u: StoreUsage) => {
    setValue('storeId', u.storeId);
    setValue('source', String(u.last.source));
    // A weight already typed stays (nothing typed is lost); the default 0 is cleared for the new weight.
    if (values.weight.trim() === '0') {
      setValue('weight', '');
      const unit = String(u.last.weightUnit);
      // A unit that changes by itself is easy to miss (77 typed as pounds saved as 77 banana boxes): it is shown
      // and announced beside the weight, with the weight in pounds, until another unit is chosen.
      setRepeatedUnit(unit !== values.weightUnit ? unit : null);
      setValue('weightUnit', unit);
    }
    const last = new Map(u.last.categories.map((c) => [c.categoryId, c.fraction]));
    setValue(
      'shares',
      categories.map((c) => toPercent(last.get(c.id) ?? 0)),
    );
    show('info', tf('repeated', { date: formatTypedDate(u.last.date, f.locale) }));
    setFocus('weight');
  };
  const weightPounds = toPounds(typedWeight(values.weight, f.locale), Number(values.weightUnit) as WeightUnit);
  const usualPounds = usage.find((u) => u.storeId === values.storeId && u.campaignId === campaignId)?.medianPounds;
  // After the dialog has closed and given focus back, so the weight to check gets it.
  const unusual = useUnusualWeightConfirm({ onCheck: () => setTimeout(() => setFocus('weight'), 0) });
  /** An unusual weight asks first; an edit keeping the saved weight and store is not asked again (its mark stays). */
  const askUnusual = (v: DonationFormValues, run: () => void) => {
    const pounds = toPounds(typedWeight(v.weight, f.locale), Number(v.weightUnit) as WeightUnit);
    const kept = !!donation && pounds === donation.weightInPounds && (v.storeId || donation.storeId) === donation.storeId;
    unusual.gate(kept ? 0 : pounds, usualPounds, run);
  };

  const { save, saving, sessionExpired } = useDonationSave({
    mode,
    origin,
    campaignId,
    donation,
    categories,
    storeOptions,
    draft,
    categoriesRef,
    pickupId: mode === 'add' ? prefill?.pickupId : undefined,
    setError,
    setFocus,
  });

  const locked = mode === 'edit' && !!donation?.submitted;
  // Closed until hydrated and the draft is read (a value typed earlier would be overwritten), while saving, and in a
  // locked month; Repeat last donation with them.
  const fieldsClosed = locked || saving || !draft.ready;
  const errorText = (name: DonationFieldName, fallback: ErrorKey) => {
    const code = errors[name];
    return code ? tErr(code, fallback) : undefined;
  };
  // The built-in program's name is an acronym: each language has its own (RFP / PRÉ).
  const programName = isRfp(donation?.campaignId ?? campaignId) ? t('rfpName') : (donation?.campaignName ?? '');

  return (
    <form
      noValidate
      onSubmit={(e) =>
        submit(
          e,
          (v) => askUnusual(v, () => void once(() => save(v))),
          (errs) => {
            if (errs.shares && !errs.date && !errs.storeId && !errs.weight) categoriesRef.current?.scrollIntoView({ block: 'center' });
          },
        )
      }
      className="mx-auto flex max-w-3xl flex-col gap-5 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5 sm:p-6"
      aria-busy={saving}
    >
      {(sessionExpired || draft.notice) && <DraftNotice draft={draft} sessionExpired={sessionExpired} />}
      {locked && (
        <p role="note" className="rounded-md border-l-4 border-sky-700 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          {t('lockedNote')}
        </p>
      )}
      {mode === 'add' && (
        <MonthSubmittedWarning branchId={branchId} dateIso={typedToIso(values.date, f.locale)} initial={initialSubmitted} />
      )}
      {mode === 'add' && <RepeatDonation usage={usage} stores={stores} campaignId={campaignId} onRepeat={repeat} disabled={fieldsClosed} />}
      <fieldset disabled={fieldsClosed} className="flex flex-col gap-5">
        {/* A group needs a name (WCAG 1.3.1): read out as the fields' context; the page's heading names the form. */}
        <legend className="sr-only">{t('detailsLegend')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <DonationDateField
            input={field('date')}
            iso={typedToIso(values.date, f.locale)}
            error={errorText('date', 'VALIDATION_DATE_FORMAT')}
            onPick={(d) => setValue('date', isoToTyped(d, f.locale))}
          />
          <DonationStoreFields
            campaignId={campaignId}
            programName={programName}
            stores={storeOptions}
            storeRequired={mode === 'add'}
            store={field('storeId')}
            source={field('source')}
            storeError={errorText('storeId', 'VALIDATION_STORE')}
            sourceError={errorText('source', 'VALIDATION_SOURCE')}
            locale={f.locale}
          />
          {mode === 'add' && branchId && (
            <div className="sm:col-span-2">
              <StoreRequestLink branchId={branchId} />
            </div>
          )}
          <DonationWeightFields
            weight={field('weight')}
            unit={field('weightUnit')}
            weightError={errorText('weight', 'VALIDATION_WEIGHT')}
            unitError={errorText('weightUnit', 'VALIDATION_UNIT')}
            unitChanged={repeatedUnit !== null && repeatedUnit === values.weightUnit}
            pounds={weightPounds}
          />
          <UnusualWeightWarning pounds={weightPounds} median={usualPounds} />
        </div>
        <CategoryShares
          categories={categories}
          shares={shares}
          totalText={t('total', { total: f.percent(total / 100) })}
          error={sharesError ? tErr(sharesError, 'VALIDATION_CATEGORIES') : undefined}
          fieldsetRef={categoriesRef}
          onSlide={commitSlider}
          onType={typeShare}
        />
      </fieldset>

      <FormActions>
        {(draft.dirty || draft.notice) && !locked && (
          <Button
            variant="ghost"
            onClick={() => void draft.discard().then(() => show('success', tOff('draftDiscarded')))}
            disabled={saving}
          >
            {tOff('discardDraft')}
          </Button>
        )}
        <IntentButtonLink href={origin} variant="secondary">
          {t('cancel')}
        </IntentButtonLink>
        <SubmitButton loading={saving} disabled={locked}>
          {mode === 'add' ? t('addDonation') : t('save')}
        </SubmitButton>
      </FormActions>
      {unusual.dialog}
    </form>
  );
}
