'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  branchBodyFrom,
  branchFormValues,
  refusedBranchField,
  updateBranchResolver,
  type UpdateBranchFormValues,
} from '@/components/account/schemas';
import { Button } from '@/components/ui/button';
import { BRANCH_STATISTICS, BRANCH_TEXT_MAX, type BranchTextField } from '@/lib/domain/branch-rules';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import { PROVINCE_CODES, PROVINCE_NAMES } from '@/lib/domain/enums';
import { INVITE_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/lib/query/api-client';
import { BffError } from '@/lib/query/bff';

type Field = keyof UpdateBranchFormValues;
const TEXT: { f: Field; required?: boolean; wide?: boolean; type?: string; auto?: string }[] = [
  { f: 'name', required: true, wide: true, auto: 'organization' },
  { f: 'phoneNumber', required: true, type: 'tel', auto: 'tel' },
  { f: 'email', required: true, type: 'email', auto: 'email' },
  { f: 'address1', required: true, wide: true, auto: 'address-line1' },
  { f: 'address2', wide: true, auto: 'address-line2' },
  { f: 'city', required: true, auto: 'address-level2' },
];

export type BranchValues = Partial<Record<Field, string | number | null>>;

/**
 * Every section 3 field of a branch under the section 5 rules (the organisation-details form's schema, reused), for a
 * program administrator: create (POST /program/branches) or edit (PUT …/profile). The reason is kept in the audit log.
 */
export function BranchEditor({ branchId, initial }: { branchId?: string; initial?: BranchValues }) {
  const t = useTranslations('BranchPage');
  const tp = useTranslations('ProgramBranches');
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const locale = useLocale();
  const router = useRouter();
  const [reason, setReason] = useState('');
  // A FIELD_TOO_LONG on the reason (a new branch's): shown under the reason field until the next save.
  const [reasonTooLong, setReasonTooLong] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, reset, getValues, formState } = useForm({
    resolver: updateBranchResolver,
    defaultValues: branchFormValues(initial),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const err = (f: Field) => {
    const code = errors[f]?.message;
    if (!code) return undefined;
    const [kind, max] = code.split(':');
    if (kind === 'TOO_LONG') return t('tooLong', { max: Number(max), count: getValues(f).trim().length });
    if (kind === 'TOO_BIG') return t('statisticTooBig', { max: Number(max).toLocaleString(locale === 'fr' ? 'fr-CA' : 'en-CA') });
    if (kind === 'STAT_NOT_NUMBER') return t('statisticNotNumber');
    if (kind === 'STAT_NEGATIVE') return t('statisticNegative');
    if (kind === 'INVALID') return t('invalidValue');
    return errorText(code, 'NOTE_ORG_UPDATE_FAILED');
  };

  const submit = handleSubmit(async (v) => {
    setMessage(null);
    setReasonTooLong(false);
    const { body, problems } = branchBodyFrom(v);
    for (const p of problems) setError(p.field, { message: p.code });
    if (!body) return;
    try {
      if (branchId) {
        const saved = await api.PUT('/program/branches/{branchId}/profile', { params: { path: { branchId } }, body });
        reset(branchFormValues(saved));
        setMessage({ ok: true, text: tp('saved', { name: body.name ?? '' }) });
      } else {
        const created = await api.POST('/program/branches', { body: { ...body, reason } });
        router.push(`/program/branches/${created.id}/edit?created=1`);
      }
    } catch (e) {
      const code = e instanceof BffError ? e.code : undefined;
      const field = e instanceof BffError && e.status === 400 ? refusedBranchField(e.field) : undefined;
      // A text over its limit names the limit under the field, as the form's own check does.
      const max = code === 'FIELD_TOO_LONG' && field ? BRANCH_TEXT_MAX[field as BranchTextField] : undefined;
      if (field) setError(field, { message: max ? `TOO_LONG:${max}` : code });
      setReasonTooLong(!!tooLongField(e, { reason: INVITE_TEXT_MAX.reason }));
      setMessage({ ok: false, text: errorText(code, 'NOTE_ORG_UPDATE_FAILED') });
    }
  });

  const lang = locale === 'fr' ? 'fr' : 'en';
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-busy={isSubmitting}
      aria-label={branchId ? tp('edit') : tp('new')}
    >
      {message && <FormMessage severity={message.ok ? 'success' : 'error'}>{message.text}</FormMessage>}
      <fieldset className="grid grid-cols-1 gap-4 rounded-md border border-gray-300 p-4 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">{t('sectionOrganization')}</legend>
        {TEXT.map(({ f, required, wide, type, auto }) => (
          <TextField
            key={f}
            label={t(f)}
            required={required}
            type={type}
            autoComplete={auto}
            containerClassName={wide ? 'sm:col-span-2' : undefined}
            error={err(f)}
            maxLength={BRANCH_TEXT_MAX[f as BranchTextField]}
            {...register(f)}
          />
        ))}
        <SelectField
          label={t('province')}
          placeholder={t('provincePlaceholder')}
          options={PROVINCE_CODES.map((c) => ({ value: c, label: PROVINCE_NAMES[c][lang] }))}
          error={err('province')}
          {...register('province')}
        />
        <TextField
          label={t('postalCode')}
          required
          autoCapitalize="characters"
          error={err('postalCode')}
          maxLength={BRANCH_TEXT_MAX.postalCode}
          {...register('postalCode')}
        />
        <TextField
          label={t('website')}
          type="url"
          inputMode="url"
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
      <fieldset className="grid grid-cols-1 gap-4 rounded-md border border-gray-300 p-4 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">{t('sectionContact')}</legend>
        <TextField
          label={t('contactName')}
          error={err('contactName')}
          maxLength={BRANCH_TEXT_MAX.contactName}
          {...register('contactName')}
        />
        <TextField
          label={t('contactTitle')}
          error={err('contactTitle')}
          maxLength={BRANCH_TEXT_MAX.contactTitle}
          {...register('contactTitle')}
        />
        <TextField
          label={t('contactEmail')}
          type="email"
          error={err('contactEmail')}
          maxLength={BRANCH_TEXT_MAX.contactEmail}
          {...register('contactEmail')}
        />
        <TextField
          label={t('contactPhoneNumber')}
          type="tel"
          error={err('contactPhoneNumber')}
          maxLength={BRANCH_TEXT_MAX.contactPhoneNumber}
          {...register('contactPhoneNumber')}
        />
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-4 rounded-md border border-gray-300 p-4 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">{t('sectionStatistics')}</legend>
        {BRANCH_STATISTICS.map((f) => (
          <TextField
            key={f}
            label={t(f)}
            inputMode="numeric"
            autoComplete="off"
            error={err(f)}
            maxLength={BRANCH_TEXT_MAX[f as BranchTextField]}
            {...register(f)}
          />
        ))}
      </fieldset>
      {!branchId && (
        <TextField
          label={tp('reason')}
          hint={tp('reasonHint')}
          value={reason}
          maxLength={INVITE_TEXT_MAX.reason}
          error={reasonTooLong ? tooLong(tp('reason'), INVITE_TEXT_MAX.reason) : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      )}
      <Button type="submit" className="self-start" loading={isSubmitting}>
        {branchId ? t('save') : tp('create')}
      </Button>
    </form>
  );
}
