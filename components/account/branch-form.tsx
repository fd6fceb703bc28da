'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { RetryButton } from '@/components/ui/retry-button';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import type { UpdateBranchBody } from '@/lib/domain/branch';
import { BRANCH_STATISTICS, BRANCH_TEXT_MAX } from '@/lib/domain/branch-rules';
import { PROVINCE_CODES, PROVINCE_NAMES } from '@/lib/domain/enums';
import type { ApiData } from '@/lib/api/calls';
import { api } from '@/lib/query/api-client';
import { BffError } from '@/lib/query/bff';
import { branchBodyFrom, branchFormValues, refusedBranchField, updateBranchResolver, type UpdateBranchFormValues } from './schemas';

type BranchAnswer = ApiData<'get', '/branch/{branchId}'>;
type Field = keyof UpdateBranchFormValues;

/**
 * Update organisation details of the selected branch. The branch comes with the page (read on the server; null when
 * that read failed); the page gives the form the branch id as its key, so a branch switch starts it afresh.
 */
export function BranchForm({ branchId, branch }: { branchId: string; branch: BranchAnswer | null }) {
  const t = useTranslations('BranchPage');
  const tc = useTranslations('Common');
  const errorText = useErrorText();
  const locale = useLocale();
  const banner = useBanner();
  const once = useSingleFlight();
  const [province, setProvince] = useState(branch?.province);
  const [saving, setSaving] = useState(false);

  const form = useForm({
    resolver: updateBranchResolver,
    defaultValues: branchFormValues(branch ?? undefined),
    mode: 'onTouched',
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const { errors } = formState;
  const hasErrors = Object.keys(errors).length > 0;

  async function save(body: UpdateBranchBody) {
    setSaving(true);
    try {
      const saved = await api.PUT('/branch/{branchId}', { params: { path: { branchId } }, body });
      reset(branchFormValues(saved));
      setProvince(saved.province);
      banner.show('success', t('NOTE_ORG_UPDATE_SUCCESS'));
      window.scrollTo({ top: 0 });
    } catch (e) {
      const status = e instanceof BffError ? e.status : 0;
      const code = e instanceof BffError ? e.code : undefined;
      // A field the server refused (it names it) shows under that field, like the form's own check.
      const field = e instanceof BffError && status === 400 ? refusedBranchField(e.field) : undefined;
      if (field) setError(field, { message: code });
      // The banner is brought into view and focused (StatusBanner): on a phone the Save button is far below it.
      banner.show('error', errorText(undefined, status === 400 ? 'NOTE_ORG_UPDATE_ADDRESS_FAILED' : 'NOTE_ORG_UPDATE_FAILED'));
    } finally {
      setSaving(false);
    }
  }

  if (!branch)
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg bg-white p-6 text-center shadow-sm">
        <p role="alert" className="text-red-800">
          {t('loadError')}
        </p>
        <RetryButton>{t('retry')}</RetryButton>
      </div>
    );

  const err = (f: Field) => {
    const code = errors[f]?.message;
    if (!code) return undefined;
    const [kind, max] = code.split(':');
    if (kind === 'TOO_LONG') return t('tooLong', { max: Number(max), count: form.getValues(f).trim().length });
    if (kind === 'TOO_BIG') return t('statisticTooBig', { max: Number(max).toLocaleString(locale === 'fr' ? 'fr-CA' : 'en-CA') });
    if (kind === 'STAT_NOT_NUMBER') return t('statisticNotNumber');
    if (kind === 'STAT_NEGATIVE') return t('statisticNegative');
    if (kind === 'INVALID') return t('invalidValue');
    return errorText(code, 'NOTE_ORG_UPDATE_FAILED');
  };
  const lang = locale === 'fr' ? 'fr' : 'en';
  const provinces: SelectOption[] = PROVINCE_CODES.map((c) => ({ value: c, label: PROVINCE_NAMES[c][lang] }));
  const current = province;
  // A stored value outside the 13 codes stays visible rather than silently lost.
  if (current && !PROVINCE_CODES.includes(current as (typeof PROVINCE_CODES)[number])) provinces.push({ value: current, label: current });

  const submit = handleSubmit(async (v) => {
    const { body, problems } = branchBodyFrom(v);
    // The resolver already refused these; kept so that no save can ever fail without a word.
    for (const p of problems) setError(p.field, { message: p.code });
    if (body) await save(body);
    else banner.show('error', errorText(undefined, 'NOTE_ORG_UPDATE_FAILED'));
  });
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void once(() => submit(e));
  };

  return (
    // scroll-margin: a field reached with Tab stays above the sticky Save bar (phones) and below the header.
    <form
      onSubmit={onSubmit}
      noValidate
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 [&_input]:scroll-mt-28 [&_input]:scroll-mb-24 [&_select]:scroll-mt-28 [&_select]:scroll-mb-24 [&_textarea]:scroll-mt-28 [&_textarea]:scroll-mb-24"
      aria-busy={saving}
    >
      <fieldset className="grid grid-cols-1 gap-4 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <legend className="float-left mb-1 w-full text-lg font-bold text-gray-900 sm:col-span-2">{t('sectionOrganization')}</legend>
        <p className="text-sm text-gray-700 sm:col-span-2">{tc('requiredNote')}</p>
        <TextField
          label={t('name')}
          required
          autoComplete="organization"
          containerClassName="sm:col-span-2"
          error={err('name')}
          maxLength={BRANCH_TEXT_MAX.name}
          {...register('name')}
        />
        <TextField
          label={t('phoneNumber')}
          required
          type="tel"
          autoComplete="tel"
          error={err('phoneNumber')}
          maxLength={BRANCH_TEXT_MAX.phoneNumber}
          {...register('phoneNumber')}
        />
        <TextField
          label={t('email')}
          required
          type="email"
          autoComplete="email"
          error={err('email')}
          maxLength={BRANCH_TEXT_MAX.email}
          {...register('email')}
        />
        <TextField
          label={t('address1')}
          required
          autoComplete="address-line1"
          containerClassName="sm:col-span-2"
          error={err('address1')}
          maxLength={BRANCH_TEXT_MAX.address1}
          {...register('address1')}
        />
        <TextField
          label={t('address2')}
          autoComplete="address-line2"
          containerClassName="sm:col-span-2"
          error={err('address2')}
          maxLength={BRANCH_TEXT_MAX.address2}
          {...register('address2')}
        />
        <TextField
          label={t('city')}
          required
          autoComplete="address-level2"
          error={err('city')}
          maxLength={BRANCH_TEXT_MAX.city}
          {...register('city')}
        />
        <SelectField
          label={t('province')}
          placeholder={t('provincePlaceholder')}
          options={provinces}
          autoComplete="address-level1"
          error={err('province')}
          {...register('province')}
        />
        <TextField
          label={t('postalCode')}
          required
          autoComplete="postal-code"
          autoCapitalize="characters"
          error={err('postalCode')}
          maxLength={BRANCH_TEXT_MAX.postalCode}
          {...register('postalCode')}
        />
        <TextField
          label={t('website')}
          type="url"
          inputMode="url"
          autoComplete="url"
          error={err('website')}
          maxLength={BRANCH_TEXT_MAX.website}
          {...register('website')}
        />
        <TextAreaField
          label={t('operatingHours')}
          rows={3}
          containerClassName="sm:col-span-2"
          error={err('operatingHours')}
          maxLength={BRANCH_TEXT_MAX.operatingHours}
          {...register('operatingHours')}
        />
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-4 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <legend className="float-left mb-1 w-full text-lg font-bold text-gray-900 sm:col-span-2">{t('sectionContact')}</legend>
        <TextField
          label={t('contactName')}
          autoComplete="name"
          error={err('contactName')}
          maxLength={BRANCH_TEXT_MAX.contactName}
          {...register('contactName')}
        />
        <TextField
          label={t('contactTitle')}
          autoComplete="organization-title"
          error={err('contactTitle')}
          maxLength={BRANCH_TEXT_MAX.contactTitle}
          {...register('contactTitle')}
        />
        <TextField
          label={t('contactEmail')}
          type="email"
          autoComplete="email"
          error={err('contactEmail')}
          maxLength={BRANCH_TEXT_MAX.contactEmail}
          {...register('contactEmail')}
        />
        <TextField
          label={t('contactPhoneNumber')}
          type="tel"
          autoComplete="tel"
          error={err('contactPhoneNumber')}
          maxLength={BRANCH_TEXT_MAX.contactPhoneNumber}
          {...register('contactPhoneNumber')}
        />
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-4 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <legend className="float-left mb-1 w-full text-lg font-bold text-gray-900 sm:col-span-2">{t('sectionStatistics')}</legend>
        {BRANCH_STATISTICS.map((f) => (
          <TextField key={f} label={t(f)} inputMode="numeric" autoComplete="off" error={err(f)} {...register(f)} />
        ))}
      </fieldset>
      <FormActions className="sticky bottom-0 -mx-3 bg-secondary-light/95 px-3 py-3 sm:static sm:mx-0 sm:bg-transparent sm:px-0">
        <Button type="submit" disabled={hasErrors} loading={saving} className="sm:min-w-32">
          {t('save')}
        </Button>
      </FormActions>
    </form>
  );
}
