'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import { INVITE_TEXT_MAX, STORE_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';

const EMPTY = { retailer: '', banner: '', name: '', number: '', branchId: '' };
type StoreText = 'retailer' | 'banner' | 'name' | 'number';
// What this form sends that has a limit: the store's texts and the screen's reason.
const LIMITS: Record<StoreText | 'reason', number> = {
  retailer: STORE_TEXT_MAX.retailer,
  banner: STORE_TEXT_MAX.banner,
  name: STORE_TEXT_MAX.name,
  number: STORE_TEXT_MAX.number,
  reason: INVITE_TEXT_MAX.reason,
};

/**
 * A new store: its retailer and banner are found by name or created with it (POST /program/stores), and it may be
 * linked to a first branch at once. The reason is the screen's (kept in the audit log): a refusal of it is shown
 * under the screen's reason field (onReasonTooLong).
 */
export function StoreCreateForm({
  branches,
  reason,
  onCreated,
  onReasonTooLong,
}: {
  branches: { id: string; name: string }[];
  reason: string;
  onCreated: () => void;
  onReasonTooLong: () => void;
}) {
  const t = useTranslations('ProgramStores');
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const [v, setV] = useState(EMPTY);
  // The field a FIELD_TOO_LONG named, shown under it until the next send.
  const [long, setLong] = useState<StoreText | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setResult(null);
    setLong(null);
    if (!v.retailer.trim() || !v.name.trim()) {
      setResult({ ok: false, text: errorText('STORE_REQUEST_VALIDATE', 'STORE_REQUEST_VALIDATE') });
      return;
    }
    setPending(true);
    try {
      const body = {
        retailer: v.retailer,
        banner: v.banner.trim() || undefined,
        name: v.name,
        number: v.number.trim() || undefined,
        branchIds: v.branchId ? [v.branchId] : [],
        reason,
      };
      await api.POST('/program/stores', { body });
      setResult({ ok: true, text: t('storeCreated', { name: v.name.trim() }) });
      setV(EMPTY);
      onCreated();
    } catch (err) {
      const field = tooLongField(err, LIMITS);
      if (field === 'reason') onReasonTooLong();
      else if (field) setLong(field);
      setResult({ ok: false, text: errorText(err instanceof BffError ? err.code : undefined, 'INTERNAL') });
    }
    setPending(false);
  }

  const field = (key: StoreText, required = false, hint?: string) => (
    <TextField
      label={t(key)}
      hint={hint}
      required={required}
      value={v[key]}
      maxLength={STORE_TEXT_MAX[key]}
      error={long === key ? tooLong(t(key), STORE_TEXT_MAX[key]) : undefined}
      onChange={(e) => setV({ ...v, [key]: e.target.value })}
    />
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('newStore')}
      className="grid gap-3 rounded-md border border-gray-300 p-4 sm:grid-cols-2"
    >
      <h2 className="text-lg font-semibold sm:col-span-2">{t('newStore')}</h2>
      {result && (
        <div className="sm:col-span-2">
          <FormMessage severity={result.ok ? 'success' : 'error'}>{result.text}</FormMessage>
        </div>
      )}
      {field('retailer', true, t('retailerHint'))}
      {field('banner', false, t('bannerHint'))}
      {field('name', true)}
      {field('number')}
      <SelectField
        label={t('firstBranch')}
        placeholder={t('choose')}
        value={v.branchId}
        onChange={(e) => setV({ ...v, branchId: e.target.value })}
        options={branches.map((b) => ({ value: b.id, label: b.name }))}
      />
      <div className="sm:col-span-2">
        <SubmitButton loading={pending}>{t('createStore')}</SubmitButton>
      </div>
    </form>
  );
}
