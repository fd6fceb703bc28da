'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { useBanner } from '@/components/ui/banner';
import { SubmitButton } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { PARTNER_QUERY_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';

/** The form's texts, in the reader's language, from the server page (PartnerQueries). */
export type AnswerTexts = { field: string; hint: string; required: string; send: string; sent: string; alreadyAnswered: string };

export type AnswerFormProps = {
  queryId: string;
  /** The form's name for screen readers: which line the answer is about. */
  label: string;
  /** The element that takes the focus once the answer is sent (this form then leaves the page). */
  focusAfter: string;
  texts: AnswerTexts;
};

/**
 * The food bank's or the program's answer to a retail partner's question (POST /partner-queries/{id}/answer). The
 * page is rendered on the server, so a sent answer (or one someone else sent first: 409 QUERY_ANSWERED) is shown by
 * rendering the page again. Its texts come from the server page with the question: the branch side's pages then
 * send no PartnerQueries namespace to the browser, and a month without questions none of these texts.
 */
export function PartnerQueryAnswerForm({ queryId, label, focusAfter, texts }: AnswerFormProps) {
  const errorText = useErrorText();
  const { show } = useBanner();
  const router = useRouter();
  const once = useSingleFlight();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The banner says what happened; the focus goes to a place that stays, and the list is read again. */
  const done = (severity: 'success' | 'error', text: string) => {
    show(severity, text);
    document.getElementById(focusAfter)?.focus();
    router.refresh();
  };

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!answer.trim()) {
      setError(texts.required);
      box.current?.focus();
      return;
    }
    setError(null);
    void once(async () => {
      setBusy(true);
      try {
        await api.POST('/partner-queries/{queryId}/answer', { params: { path: { queryId } }, body: { answer: answer.trim() } });
        done('success', texts.sent);
      } catch (err) {
        const code = err instanceof BffError ? err.code : undefined;
        if (code === 'QUERY_ANSWERED') done('error', texts.alreadyAnswered);
        else {
          // The answer stays in the box: nothing typed is lost.
          setError(errorText(code, 'INTERNAL'));
          box.current?.focus();
        }
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} aria-busy={busy} className="flex flex-col gap-2">
      <TextAreaField
        ref={box}
        id={`${id}-answer`}
        label={texts.field}
        hint={texts.hint}
        required
        rows={3}
        maxLength={PARTNER_QUERY_TEXT_MAX.answer}
        error={error ?? undefined}
        value={answer}
        onChange={(e) => {
          setAnswer(e.target.value);
          setError(null);
        }}
      />
      <SubmitButton loading={busy} className="self-start">
        {texts.send}
      </SubmitButton>
    </form>
  );
}
