'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useBanner } from '@/components/ui/banner';
import { SubmitButton } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { RetryButton } from '@/components/ui/retry-button';
import { useErrorText } from '@/components/ui/use-error-text';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import type { UpdateBranchBody } from '@/lib/domain/branch';
import type { ApiData } from '@/web/api/calls';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { BranchFields, branchRefusal } from './branch-fields';
import { branchBodyFrom, branchFormValues, updateBranchResolver } from './schemas';

type BranchAnswer = ApiData<'get', '/branch/{branchId}'>;

/**
 * Update organisation details of the selected branch. The branch comes with the page (read on the server; null when
 * that read failed); the page gives the form the branch id as its key, so a branch switch starts it afresh.
 */
export function BranchForm({ branchId, branch }: { branchId: string; branch: BranchAnswer | null }) {
  const t = useTranslations('BranchPage');
  const errorText = useErrorText();
  const banner = useBanner();
  const once = useSingleFlight();
  const [saving, setSaving] = useState(false);

  const form = useForm({
    resolver: updateBranchResolver,
    defaultValues: branchFormValues(branch ?? undefined),
    mode: 'onTouched',
  });
  const { handleSubmit, reset, setError, formState } = form;
  const { errors } = formState;
  const hasErrors = Object.keys(errors).length > 0;

  async function save(body: UpdateBranchBody) {
    setSaving(true);
    try {
      const saved = await api.PUT('/branch/{branchId}', { params: { path: { branchId } }, body });
      reset(branchFormValues(saved));
      banner.show('success', t('NOTE_ORG_UPDATE_SUCCESS'));
      window.scrollTo({ top: 0 });
    } catch (e) {
      const status = e instanceof BffError ? e.status : 0;
      // A field the server refused (it names it) shows under that field, like the form's own check.
      const refused = branchRefusal(e);
      if (refused) setError(refused.field, { message: refused.message });
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
      <BranchFields form={form} frame="card" />
      <FormActions className="sticky bottom-0 -mx-3 bg-secondary-light/95 px-3 py-3 sm:static sm:mx-0 sm:bg-transparent sm:px-0">
        <SubmitButton disabled={hasErrors} loading={saving} className="sm:min-w-32">
          {t('save')}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
