'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useAppSession } from '@/components/layout/use-app-session';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { updateBranchBodySchema, type UpdateBranchBody } from '@/lib/domain/branch';
import { PROVINCE_CODES, PROVINCE_NAMES } from '@/lib/domain/enums';
import { BffError, bff } from '@/lib/query/get-query-client';
import { updateBranchFormSchema, type UpdateBranchFormValues } from './schemas';

type Branch = UpdateBranchBody & { id: string; lat?: number | null; lng?: number | null };
type Field = keyof UpdateBranchFormValues;

const FIELDS = Object.keys(updateBranchFormSchema.shape) as Field[];
const STATS: Field[] = ['numStaff', 'numVolunteers', 'numServedInPreviousYear', 'totalPoundsDistributedAnnually'];

const RULE_FIELDS: Record<string, Field> = {
  ORG_NAME_VALIDATE: 'name',
  ORG_PHONE_VALIDATE: 'phoneNumber',
  ORG_EMAIL_VALIDATE: 'email',
  ORG_ADDRESS_VALIDATE: 'address1',
  ORG_CITY_VALIDATE: 'city',
  ORG_POSTAL_CODE_VALIDATE: 'postalCode',
  ORG_PROVINCE_VALIDATE: 'province',
};

export const branchQueryKey = (branchId: string) => ['branch', branchId] as const;

function toFormValues(b: Branch | undefined): UpdateBranchFormValues {
  const out = {} as UpdateBranchFormValues;
  for (const f of FIELDS) {
    const v = b?.[f];
    out[f] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** The update payload: trimmed text, empty optional text as null, statistics as numbers or null (section 3). */
function toBody(v: UpdateBranchFormValues): UpdateBranchBody {
  const raw: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const s = v[f].trim();
    raw[f] = STATS.includes(f) ? s : s === '' ? null : s;
  }
  return updateBranchBodySchema.parse(raw);
}

/** Update organisation details of the selected branch; reloads when the branch changes. */
export function BranchForm() {
  const t = useTranslations('BranchPage');
  const tc = useTranslations('Common');
  const errorText = useErrorText();
  const locale = useLocale();
  const banner = useBanner();
  const queryClient = useQueryClient();
  const { branchId } = useAppSession();

  const query = useQuery({
    queryKey: branchQueryKey(branchId),
    queryFn: ({ signal }) => bff<Branch>(`/branch/${encodeURIComponent(branchId)}`, { signal }),
    enabled: !!branchId,
  });

  const form = useForm({
    resolver: zodResolver(updateBranchFormSchema),
    defaultValues: toFormValues(undefined),
    mode: 'onTouched',
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const { errors } = formState;
  const hasErrors = Object.keys(errors).length > 0;

  useEffect(() => {
    if (query.data) reset(toFormValues(query.data));
  }, [query.data, reset]);

  const save = useMutation({
    mutationFn: (body: UpdateBranchBody) => bff<Branch>(`/branch/${encodeURIComponent(branchId)}`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(branchQueryKey(branchId), saved);
      reset(toFormValues(saved));
      banner.show('success', t('NOTE_ORG_UPDATE_SUCCESS'));
    },
    onError: (e) => {
      const status = e instanceof BffError ? e.status : 0;
      const code = e instanceof BffError ? e.code : undefined;
      // A field rule refused by the server shows under its field, like the form's own check.
      const field = code ? RULE_FIELDS[code] : undefined;
      if (field) setError(field, { message: code }, { shouldFocus: true });
      banner.show('error', errorText(undefined, status === 400 ? 'NOTE_ORG_UPDATE_ADDRESS_FAILED' : 'NOTE_ORG_UPDATE_FAILED'));
    },
    onSettled: () => window.scrollTo({ top: 0 }),
  });

  if (!branchId || query.isPending) return <Spinner className="min-h-[40vh]" />;
  if (query.isError)
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg bg-white p-6 text-center shadow-sm">
        <p role="alert" className="text-red-800">
          {t('loadError')}
        </p>
        <Button variant="secondary" onClick={() => query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );

  const err = (f: Field) => {
    const code = errors[f]?.message;
    return code ? errorText(code, 'NOTE_ORG_UPDATE_FAILED') : undefined;
  };
  const lang = locale === 'fr' ? 'fr' : 'en';
  const provinces: SelectOption[] = PROVINCE_CODES.map((c) => ({ value: c, label: PROVINCE_NAMES[c][lang] }));
  const current = query.data?.province;
  // A stored value outside the 13 codes stays visible rather than silently lost.
  if (current && !PROVINCE_CODES.includes(current as (typeof PROVINCE_CODES)[number])) provinces.push({ value: current, label: current });

  const onSubmit = handleSubmit((v) => save.mutate(toBody(v)));

  return (
    <form onSubmit={onSubmit} noValidate className="mx-auto flex w-full max-w-3xl flex-col gap-6" aria-busy={save.isPending}>
      <fieldset className="grid grid-cols-1 gap-4 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <legend className="float-left mb-1 w-full text-lg font-bold text-gray-900 sm:col-span-2">{t('sectionOrganization')}</legend>
        <p className="text-sm text-gray-700 sm:col-span-2">{tc('requiredNote')}</p>
        <TextField label={t('name')} required autoComplete="organization" containerClassName="sm:col-span-2" error={err('name')} {...register('name')} />
        <TextField label={t('phoneNumber')} required type="tel" autoComplete="tel" error={err('phoneNumber')} {...register('phoneNumber')} />
        <TextField label={t('email')} required type="email" autoComplete="email" error={err('email')} {...register('email')} />
        <TextField label={t('address1')} required autoComplete="address-line1" containerClassName="sm:col-span-2" error={err('address1')} {...register('address1')} />
        <TextField label={t('address2')} autoComplete="address-line2" containerClassName="sm:col-span-2" {...register('address2')} />
        <TextField label={t('city')} required autoComplete="address-level2" error={err('city')} {...register('city')} />
        <SelectField label={t('province')} placeholder={t('provincePlaceholder')} options={provinces} autoComplete="address-level1" error={err('province')} {...register('province')} />
        <TextField label={t('postalCode')} required autoComplete="postal-code" autoCapitalize="characters" error={err('postalCode')} {...register('postalCode')} />
        <TextField label={t('website')} type="url" inputMode="url" autoComplete="url" {...register('website')} />
        <TextAreaField label={t('operatingHours')} rows={3} containerClassName="sm:col-span-2" {...register('operatingHours')} />
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-4 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <legend className="float-left mb-1 w-full text-lg font-bold text-gray-900 sm:col-span-2">{t('sectionContact')}</legend>
        <TextField label={t('contactName')} autoComplete="name" {...register('contactName')} />
        <TextField label={t('contactTitle')} autoComplete="organization-title" {...register('contactTitle')} />
        <TextField label={t('contactEmail')} type="email" autoComplete="email" {...register('contactEmail')} />
        <TextField label={t('contactPhoneNumber')} type="tel" autoComplete="tel" {...register('contactPhoneNumber')} />
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-4 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <legend className="float-left mb-1 w-full text-lg font-bold text-gray-900 sm:col-span-2">{t('sectionStatistics')}</legend>
        {STATS.map((f) => (
          <TextField key={f} label={t(f)} inputMode="numeric" autoComplete="off" {...register(f)} />
        ))}
      </fieldset>
      <FormActions className="sticky bottom-0 -mx-3 bg-secondary-light/95 px-3 py-3 sm:static sm:mx-0 sm:bg-transparent sm:px-0">
        <Button type="submit" disabled={hasErrors} loading={save.isPending} className="sm:min-w-32">
          {t('save')}
        </Button>
      </FormActions>
    </form>
  );
}
