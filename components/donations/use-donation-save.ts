'use client';

// Saving the add / edit form: the API call with the entry's Idempotency-Key, the outbox when there is no answer,
// the sign-in round trip on a 401, and each refusal shown where it belongs (under its field, or in the banner).
import { useTranslations } from 'next-intl';
import { useEffect, useState, type RefObject } from 'react';
import { usePendingRouter } from '@/components/layout/navigation-pending';
import { useAppSession } from '@/components/layout/use-app-session';
import type { useDonationDraft } from '@/components/offline/use-donation-draft';
import { useBanner } from '@/components/ui/banner';
import { useErrorText } from '@/components/ui/use-error-text';
import { formatTypedDate } from '@/lib/domain/dates';
import { storeDisplayName } from '@/lib/domain/store';
import { typedToIso, typedWeight } from '@/lib/domain/typed-input';
import { BffError } from '@/web/query/bff';
import { invalidateBrowserQueries } from '@/web/query/browser-client';
import { createPath, saveDonation, type SaveBody } from '@/web/query/donation-calls';
import { donationKeys, type CategoryAnswer, type MonthDonation } from '@/web/query/donation-keys';
import { FORM_FIELD, type DonationFieldName, type DonationFormValues } from './donation-form-rules';
import { useNumberFormats } from './use-number-formats';

type SaveOptions = {
  mode: 'add' | 'edit';
  origin: string;
  campaignId: string;
  donation?: MonthDonation;
  categories: CategoryAnswer[];
  storeOptions: { value: string; label: string }[];
  draft: ReturnType<typeof useDonationDraft>;
  categoriesRef: RefObject<HTMLFieldSetElement | null>;
  /** The scheduled pickup a new donation is (from the pickups screen). */
  pickupId?: string;
  setError: (name: keyof DonationFormValues, code: string) => void;
  setFocus: (name: DonationFieldName) => void;
};

export function useDonationSave({
  mode,
  origin,
  campaignId,
  donation,
  categories,
  storeOptions,
  draft,
  categoriesRef,
  pickupId,
  setError,
  setFocus,
}: SaveOptions) {
  const t = useTranslations('DonationForm');
  const tErr = useErrorText();
  const tOff = useTranslations('Offline');
  const f = useNumberFormats();
  const { push } = usePendingRouter();
  const { show } = useBanner();
  const { branchId, user } = useAppSession();
  const [sessionExpired, setSessionExpired] = useState(false);
  // The fields are disabled while saving: focus the refused one once they are enabled again.
  const [focusAfterSave, setFocusAfterSave] = useState<DonationFieldName | null>(null);
  const [saving, setSaving] = useState(false);
  const version = (donation as { version?: number } | undefined)?.version;
  const bodyOf = (v: DonationFormValues): SaveBody => ({
    branchId: donation?.branchId ?? branchId,
    date: typedToIso(v.date, f.locale),
    storeId: v.storeId || donation?.storeId || null,
    source: Number(v.source),
    weight: typedWeight(v.weight, f.locale),
    weightUnit: Number(v.weightUnit),
    categories: categories.map((c, i) => ({ categoryId: c.id, categoryName: c.name, fraction: (v.shares[i] ?? 0) / 100 })),
    createdBy: user?.contactEmail ?? null,
    // The version the edit was loaded with: the API refuses the save (409) when the donation changed since.
    ...(version !== undefined ? { version } : {}),
    ...(pickupId ? { pickupId } : {}),
  });
  /** No network: the new donation waits in the outbox with its Idempotency-Key; the origin page lists it. */
  const queueOffline = async (body: SaveBody) => {
    const storeName = storeOptions.find((o) => o.value === body.storeId)?.label ?? '';
    await draft.queue({ branchId: body.branchId, campaignId, path: createPath(body.branchId, campaignId), body, storeName });
    show('success', tOff('savedOffline', { date: formatTypedDate(body.date, f.locale) }));
    // A full load: without a network the service worker answers it with the page it kept.
    window.location.assign(origin);
  };
  const onSaved = async (saved: MonthDonation) => {
    const date = formatTypedDate(saved.date, f.locale);
    show(
      'success',
      mode === 'add'
        ? t('addSuccess', {
            date,
            weight: f.pounds(saved.weightInPounds),
            store: saved.store?.displayName || storeDisplayName(saved.store),
          })
        : t('editSuccess', { date }),
      { on: origin },
    );
    await invalidateBrowserQueries(donationKeys.all);
    push(origin);
  };
  const onFailed = (err: unknown) => {
    // What the user typed stays in the form; the error goes under its field or into the banner.
    if (err instanceof BffError && (err.code === 'MONTH_ALREADY_SUBMITTED' || /month already submitted/i.test(err.message))) {
      show('error', mode === 'add' ? t('addFailedSubmitted') : t('editFailedSubmitted'));
      return;
    }
    // Permanent failures say what happened: the donation is gone, or someone else changed it first.
    if (mode === 'edit' && err instanceof BffError && (err.status === 404 || err.status === 409)) {
      show('error', tErr(null, err.status === 404 ? 'DONATION_NOT_FOUND' : 'DONATION_CONFLICT'));
      return;
    }
    // The API names the refused field (the same names as the form's own rule check).
    const name = err instanceof BffError && err.status === 400 && err.field ? FORM_FIELD[err.field] : undefined;
    if (name && err instanceof BffError) {
      // An unknown code still shows the field's own message (useErrorText falls back to it).
      setError(name, err.code || 'VALIDATION');
      if (name === 'shares') categoriesRef.current?.scrollIntoView({ block: 'center' });
      else setFocusAfterSave(name);
      return;
    }
    show('error', mode === 'add' ? t('addFailed') : t('editFailed'));
  };
  const save = async (v: DonationFormValues) => {
    setSaving(true);
    setSessionExpired(false);
    const body = bodyOf(v);
    let saved: MonthDonation;
    try {
      if (!navigator.onLine) throw new TypeError('offline');
      const key = mode === 'add' ? draft.idempotencyKey : undefined;
      saved = await saveDonation({ mode, campaignId, donationId: donation?.id }, body, { idempotencyKey: key });
    } catch (err) {
      // No answer at all (no network, or it was lost): a new donation goes to the outbox, an edit stays a draft.
      if (!(err instanceof BffError) && mode === 'add') return queueOffline(body);
      setSaving(false);
      if (!(err instanceof BffError)) show('error', tOff('editOffline'));
      else if (err.status === 401) {
        await draft.markInterrupted();
        setSessionExpired(true);
      } else onFailed(err);
      return;
    }
    await draft.clear();
    // Still "saving" while the origin page loads: the form stays disabled until it is replaced.
    await onSaved(saved);
  };

  useEffect(() => {
    if (focusAfterSave && !saving) {
      setFocus(focusAfterSave);
      // Once: the refused field can take focus only after the fieldset is enabled again.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setFocusAfterSave(null);
    }
  }, [focusAfterSave, saving, setFocus]);

  return { save, saving, sessionExpired };
}
