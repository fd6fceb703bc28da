'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { STORE_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { StoreRequestStatus } from '@/components/places/store-request-status';

const EMPTY = { retailer: '', banner: '', name: '', number: '', address: '' };
const storeField = (field?: string) => (field && field in STORE_TEXT_MAX ? (field as keyof typeof STORE_TEXT_MAX) : undefined);

/**
 * The fields of 'My store is not in the list', whose request reaches the program's administrators
 * (/program/stores), and the branch's earlier requests. Not a form element of its own: it sits inside the donation
 * form, so its button must not submit that form, and Enter in its fields must not save the donation.
 */
export function StoreRequestPanel({ branchId }: { branchId: string }) {
  const t = useTranslations('StoreRequest');
  const errorText = useErrorText();
  const limits = useTranslations('Limits');
  // Bumped after a request is sent, so that the list below reads it back.
  const [sent, setSent] = useState(0);
  const [values, setValues] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // A double click (or Enter then a click) sends one request: the guard is set before React re-renders.
  const once = useSingleFlight();
  const send = () => once(sendNow);

  async function sendNow() {
    if (!values.retailer.trim() || !values.name.trim()) {
      setResult({ ok: false, text: errorText('STORE_REQUEST_VALIDATE', 'STORE_REQUEST_VALIDATE') });
      return;
    }
    setPending(true);
    setResult(null);
    try {
      await api.POST('/branch/{branchId}/store-requests', { params: { path: { branchId } }, body: values });
      setResult({ ok: true, text: t('sent') });
      setValues(EMPTY);
      setSent((n) => n + 1);
    } catch (err) {
      // A text over its limit (pasted past maxlength by another client, or a changed limit): name the field and the limit.
      const field = err instanceof BffError && err.code === 'FIELD_TOO_LONG' ? storeField(err.field) : undefined;
      const text = field
        ? limits('tooLong', { field: t(field), max: STORE_TEXT_MAX[field] })
        : errorText(err instanceof BffError ? err.code : undefined, 'INTERNAL');
      setResult({ ok: false, text });
    }
    setPending(false);
  }

  const field = (key: keyof typeof EMPTY, required = false) => (
    <TextField
      label={t(key)}
      required={required}
      value={values[key]}
      maxLength={STORE_TEXT_MAX[key]}
      onChange={(e) => setValues({ ...values, [key]: e.target.value })}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void send();
        }
      }}
    />
  );

  return (
    <div role="group" aria-label={t('title')} className="flex flex-col gap-3 rounded-md border border-gray-300 p-3">
      <p className="text-sm">{t('intro')}</p>
      {result && <FormMessage severity={result.ok ? 'success' : 'error'}>{result.text}</FormMessage>}
      {field('retailer', true)}
      {field('banner')}
      {field('name', true)}
      {field('number')}
      {field('address')}
      <Button variant="secondary" loading={pending} onClick={() => void send()}>
        {t('send')}
      </Button>
      <StoreRequestStatus branchId={branchId} version={sent} />
    </div>
  );
}
