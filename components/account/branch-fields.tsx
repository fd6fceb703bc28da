'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { BRANCH_STATISTICS, BRANCH_TEXT_MAX, isRequiredBranchField, type BranchTextField } from '@/lib/domain/branch-rules';
import { PROVINCE_CODES, PROVINCE_NAMES } from '@/lib/domain/enums';
import { BffError } from '@/web/query/bff';
import { refusedBranchField, type UpdateBranchFormValues } from './schemas';

type Field = keyof UpdateBranchFormValues;

/** How one field is shown: its control, the browser's hints, and whether it takes the whole row on wider screens. */
type FieldSpec = {
  f: Field;
  control?: 'select' | 'textarea';
  wide?: boolean;
  type?: 'tel' | 'email' | 'url';
  inputMode?: 'url' | 'numeric';
  autoComplete?: string;
  autoCapitalize?: 'characters';
};

// The branch's fields in the order of the /branch form (docs/product.md, Organisation details). Which are required
// and how long each may be come from lib/domain/branch-rules (the API's own table), not from here.
const SECTIONS: { legend: 'sectionOrganization' | 'sectionContact' | 'sectionStatistics'; fields: FieldSpec[] }[] = [
  {
    legend: 'sectionOrganization',
    fields: [
      { f: 'name', wide: true, autoComplete: 'organization' },
      { f: 'phoneNumber', type: 'tel', autoComplete: 'tel' },
      { f: 'email', type: 'email', autoComplete: 'email' },
      { f: 'address1', wide: true, autoComplete: 'address-line1' },
      { f: 'address2', wide: true, autoComplete: 'address-line2' },
      { f: 'city', autoComplete: 'address-level2' },
      { f: 'province', control: 'select', autoComplete: 'address-level1' },
      { f: 'postalCode', autoComplete: 'postal-code', autoCapitalize: 'characters' },
      { f: 'website', type: 'url', inputMode: 'url', autoComplete: 'url' },
      { f: 'operatingHours', control: 'textarea', wide: true },
    ],
  },
  {
    legend: 'sectionContact',
    fields: [
      { f: 'contactName', autoComplete: 'name' },
      { f: 'contactTitle', autoComplete: 'organization-title' },
      { f: 'contactEmail', type: 'email', autoComplete: 'email' },
      { f: 'contactPhoneNumber', type: 'tel', autoComplete: 'tel' },
    ],
  },
  // The browser has nothing sensible to offer for a count.
  { legend: 'sectionStatistics', fields: BRANCH_STATISTICS.map((f): FieldSpec => ({ f, inputMode: 'numeric', autoComplete: 'off' })) },
];

// Each screen frames the sections like the screens around it: white cards on the branch's own account screens,
// outlined boxes on the program's screens (as its store forms are).
const FRAMES = {
  card: {
    fieldset: 'grid grid-cols-1 gap-4 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6',
    legend: 'float-left mb-1 w-full text-lg font-bold text-gray-900 sm:col-span-2',
  },
  outline: {
    fieldset: 'grid grid-cols-1 gap-4 rounded-md border border-gray-300 p-4 sm:grid-cols-2',
    legend: 'px-1 text-lg font-semibold',
  },
} as const;

const maxLengthOf = (f: Field) => (f in BRANCH_TEXT_MAX ? BRANCH_TEXT_MAX[f as BranchTextField] : undefined);

/**
 * A 400 of the API that names one of the branch fields, as the error to set under that field: a text over its limit
 * names the limit, as the form's own check does. Undefined for any other failure (the screen says it its own way).
 */
export function branchRefusal(e: unknown): { field: Field; message: string | undefined } | undefined {
  const field = e instanceof BffError && e.status === 400 ? refusedBranchField(e.field) : undefined;
  if (!field) return undefined;
  const code = (e as BffError).code;
  const max = code === 'FIELD_TOO_LONG' ? maxLengthOf(field) : undefined;
  return { field, message: max ? `TOO_LONG:${max}` : code };
}

/**
 * Each branch field (docs/product.md, Organisation details) in its group, its rule's message below: the fields of the
 * branch's own organisation details (/branch) and of the program's branch editor. The screen owns the form (its
 * submit, its messages, its extra fields); the stored province stays a choice even when it is none of the 13 codes.
 */
export function BranchFields({ form, frame }: { form: UseFormReturn<UpdateBranchFormValues>; frame: keyof typeof FRAMES }) {
  const t = useTranslations('BranchPage');
  const tc = useTranslations('Common');
  const errorText = useErrorText();
  const locale = useLocale();
  const { register, getValues, formState } = form;
  const { errors } = formState;

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

  const lang = locale === 'fr' ? 'fr' : 'en';
  const provinces: SelectOption[] = PROVINCE_CODES.map((c) => ({ value: c, label: PROVINCE_NAMES[c][lang] }));
  // The saved value (the form's default, renewed by each save's reset): one outside the 13 codes stays visible
  // rather than silently lost.
  const stored = formState.defaultValues?.province;
  if (stored && !PROVINCE_CODES.includes(stored as (typeof PROVINCE_CODES)[number])) provinces.push({ value: stored, label: stored });

  const control = ({ f, control: kind, wide, ...hints }: FieldSpec) => {
    const common = { label: t(f), error: err(f), containerClassName: wide ? 'sm:col-span-2' : undefined, ...register(f) };
    if (kind === 'select')
      return (
        <SelectField key={f} {...common} placeholder={t('provincePlaceholder')} options={provinces} autoComplete={hints.autoComplete} />
      );
    if (kind === 'textarea')
      return <TextAreaField key={f} {...common} rows={3} maxLength={maxLengthOf(f)} autoComplete={hints.autoComplete} />;
    return <TextField key={f} {...common} {...hints} required={isRequiredBranchField(f) || undefined} maxLength={maxLengthOf(f)} />;
  };

  const { fieldset, legend } = FRAMES[frame];
  return (
    <>
      {SECTIONS.map((section, i) => (
        <fieldset key={section.legend} className={fieldset}>
          <legend className={legend}>{t(section.legend)}</legend>
          {i === 0 && <p className="text-sm text-gray-700 sm:col-span-2">{tc('requiredNote')}</p>}
          {section.fields.map(control)}
        </fieldset>
      ))}
    </>
  );
}
