'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, SubmitButton } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { TextAreaField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import type { PartnerQuery } from '@/lib/domain/partner';
import { PARTNER_QUERY_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { QUERY_KIND_TEXT } from './query-kinds';

// The API's limit on a reason: the field holds it itself.
const LIMITS = { reason: PARTNER_QUERY_TEXT_MAX.reason } as const;
const REASON_MAX = LIMITS.reason;
const KINDS = ['no-record', 'weight', 'other'] as const;
type Kind = (typeof KINDS)[number];

export type QueryOutcome = { kind: 'sent'; branch: string } | { kind: 'already' };

/**
 * The small form under a line: what looks wrong and why, sent as a query to the food bank. A line that already has an
 * open query (another tab, a colleague) is refused with 409 QUERY_OPEN: the form says so and the page reloads its lists.
 */
export function LineQueryForm({
  donationId,
  line,
  onDone,
  onCancel,
}: {
  donationId: string;
  /** The line in words (date, store, food bank, weight), for the form's name. */
  line: string;
  onDone: (outcome: QueryOutcome) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('PartnerLines');
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const once = useSingleFlight();
  const ids = useId();
  const firstRadio = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<Kind | ''>('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  // A reason the API found too long (another client, or a lower limit on the server): said under the field.
  const [reasonRefused, setReasonRefused] = useState('');

  // Opened from the line's button: the keyboard and the screen reader continue in the form.
  useEffect(() => firstRadio.current?.focus(), []);

  const kindError = tried && !kind ? t('kindRequired') : '';
  const reasonError = tried && !reason.trim() ? t('reasonRequired') : reasonRefused;

  const send = () =>
    once(async () => {
      setTried(true);
      setFailure('');
      setReasonRefused('');
      if (!kind || !reason.trim()) return;
      setBusy(true);
      try {
        const sent: PartnerQuery = await api.POST('/partner/queries', { body: { donationId, kind, reason: reason.trim() } });
        onDone({ kind: 'sent', branch: sent.branchName });
      } catch (err) {
        if (err instanceof BffError && err.code === 'QUERY_OPEN') onDone({ kind: 'already' });
        else if (tooLongField(err, LIMITS)) setReasonRefused(tooLong(t('reason'), REASON_MAX));
        else if (err instanceof BffError) setFailure(errorText(err.code, 'INTERNAL'));
        else setFailure(t('offline'));
      } finally {
        setBusy(false);
      }
    });

  return (
    <form
      aria-label={t('formLabel', { line })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      className="flex flex-col gap-3 rounded-md border border-secondary-light bg-gray-50 p-3"
    >
      <fieldset aria-describedby={kindError ? `${ids}-kind-error` : undefined} className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-semibold text-gray-800">
          {t('kindLegend')}
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        </legend>
        {KINDS.map((k, i) => (
          <label key={k} className="flex min-h-11 items-center gap-2 text-base">
            <input
              ref={i === 0 ? firstRadio : undefined}
              type="radio"
              name={`${ids}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              required
              className="h-5 w-5 accent-gray-900"
            />
            {t(QUERY_KIND_TEXT[k])}
          </label>
        ))}
        {kindError && <FieldError id={`${ids}-kind-error`}>{kindError}</FieldError>}
      </fieldset>
      <TextAreaField
        label={t('reason')}
        hint={t('reasonHint', { max: REASON_MAX })}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setReasonRefused('');
        }}
        maxLength={REASON_MAX}
        required
        rows={3}
        error={reasonError || undefined}
      />
      {failure && <FormMessage>{failure}</FormMessage>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton loading={busy}>{t('send')}</SubmitButton>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
