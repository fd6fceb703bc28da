'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { usePendingRouter } from '@/components/layout/navigation-pending';
import { BranchFields, branchRefusal } from '@/components/account/branch-fields';
import { branchBodyFrom, branchFormValues, updateBranchResolver, type UpdateBranchFormValues } from '@/components/account/schemas';
import { SubmitButton } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import { INVITE_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';

export type BranchValues = Partial<Record<keyof UpdateBranchFormValues, string | number | null>>;

/**
 * Every field and rule of a branch (docs/product.md, Organisation details; the same BranchFields as that screen),
 * for a program administrator: create (POST /program/branches) or edit (PUT …/profile). The reason is kept in the
 * audit log.
 */
export function BranchEditor({ branchId, initial }: { branchId?: string; initial?: BranchValues }) {
  const t = useTranslations('BranchPage');
  const tp = useTranslations('ProgramBranches');
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  // A new branch's editor opens after the create: the form stays busy until it is shown (no second create).
  const { push, pending: opening } = usePendingRouter();
  const [reason, setReason] = useState('');
  // A FIELD_TOO_LONG on the reason (a new branch's): shown under the reason field until the next save.
  const [reasonTooLong, setReasonTooLong] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm({
    resolver: updateBranchResolver,
    defaultValues: branchFormValues(initial),
    mode: 'onTouched',
  });
  const { handleSubmit, setError, reset, formState } = form;
  const { isSubmitting } = formState;

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
        push(`/program/branches/${created.id}/edit?created=1`);
      }
    } catch (e) {
      const code = e instanceof BffError ? e.code : undefined;
      const refused = branchRefusal(e);
      if (refused) setError(refused.field, { message: refused.message });
      setReasonTooLong(!!tooLongField(e, { reason: INVITE_TEXT_MAX.reason }));
      setMessage({ ok: false, text: errorText(code, 'NOTE_ORG_UPDATE_FAILED') });
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-busy={isSubmitting || opening}
      aria-label={branchId ? tp('edit') : tp('new')}
    >
      {message && <FormMessage severity={message.ok ? 'success' : 'error'}>{message.text}</FormMessage>}
      <BranchFields form={form} frame="outline" />
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
      <SubmitButton className="self-start" loading={isSubmitting || opening}>
        {branchId ? t('save') : tp('create')}
      </SubmitButton>
    </form>
  );
}
