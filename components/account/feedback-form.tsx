'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { usePendingRouter } from '@/components/layout/navigation-pending';
import { useAppSession } from '@/components/layout/use-app-session';
import { useBanner } from '@/components/ui/banner';
import { Button, SubmitButton } from '@/components/ui/button';
import { LazyAppDialog as AppDialog } from '@/components/ui/lazy-dialog';
import { FormActions } from '@/components/ui/form-actions';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import type { ApiData } from '@/web/api/calls';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { FEEDBACK_MAX_LENGTH, sendFeedbackResolver } from './schemas';
import { makeNumberFormats } from '@/components/donations/number-formats';

type Contacts = ApiData<'get', '/contact'>;

// The support topics (docs/product.md, Help and Feedback), a text dictionary: known names shown in the user's language.
const TOPIC_KEYS = {
  'Individual Donations': 'individualDonations',
  Partnerships: 'partnerships',
  'Corporate Food Donations': 'corporateFoodDonations',
  Testing: 'testing',
  Grants: 'grants',
  'Development News': 'developmentNews',
  'After The Bell Program': 'afterTheBellProgram',
  'Retail Food Program': 'retailFoodProgram',
  Media: 'media',
  'General Inquiry': 'generalInquiry',
  'Marketplace/Group Purchasing Program': 'marketplace',
  'Ignite/Workplace': 'igniteWorkplace',
  Communication: 'communication',
} as const;
const topicKey = (name: string) => (TOPIC_KEYS as Record<string, (typeof TOPIC_KEYS)[keyof typeof TOPIC_KEYS]>)[name.trim()];

/**
 * Help and Feedback: a contact, a 15-row message, Submit and Cancel; a thank-you popup on success. The contacts come
 * with the page (read on the server; null when that read failed).
 */
export function FeedbackForm({ contacts }: { contacts: Contacts | null }) {
  const t = useTranslations('FeedbackPage');
  const errorText = useErrorText();
  const banner = useBanner();
  const router = useRouter();
  const leave = usePendingRouter();
  const { user, branchId } = useAppSession();
  const f = makeNumberFormats(useLocale());
  const [thanked, setThanked] = useState(false);
  const once = useSingleFlight();

  const form = useForm({
    resolver: sendFeedbackResolver,
    defaultValues: { contactId: '', message: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, watch, formState, resetField } = form;
  const { errors } = formState;
  const message = watch('message');
  const ready = !!watch('contactId') && message.trim() !== '';
  const length = message.trim().length;

  const [sending, setSending] = useState(false);
  async function send(v: { contactId: string; message: string }) {
    const contact = contacts?.find((c) => String(c.id) === v.contactId);
    setSending(true);
    try {
      await api.POST('/feedback', {
        body: {
          contactId: contact?.id ?? v.contactId,
          message: v.message,
          contactEmail: user?.contactEmail ?? '',
          // The mail names the food bank selected in the header (a user may have several), not all or none of them.
          ...(branchId ? { branchId } : {}),
        },
      });
      banner.close();
      resetField('message');
      setThanked(true);
    } catch (e) {
      // The banner is brought into view and focused (StatusBanner). A refusal says why; only a failure that may
      // pass on its own (the mail server, the network) says 'try again'. A contact gone: the page reads them again.
      if (e instanceof BffError && e.status === 404) router.refresh();
      banner.show('error', failureText(e));
    } finally {
      setSending(false);
    }
  }
  const failureText = (e: unknown) => {
    if (!(e instanceof BffError)) return errorText(undefined, 'NOTE_FEEDBACK_ERROR');
    if (e.status === 429) return errorText('FEEDBACK_TOO_MANY', 'FEEDBACK_TOO_MANY');
    if (e.status === 413) return errorText('PAYLOAD_TOO_LARGE', 'PAYLOAD_TOO_LARGE');
    // An unknown contact, or a food bank no longer the user's: the list is loaded again.
    if (e.status === 404) return t('contactGone');
    if (e.status === 400) return e.code && e.code !== 'BAD_REQUEST' ? errorText(e.code, 'NOTE_FEEDBACK_ERROR') : t('refused');
    return errorText(undefined, 'NOTE_FEEDBACK_ERROR');
  };

  const err = (code?: string) =>
    code === 'FEEDBACK_TOO_LONG'
      ? t('tooLong', { count: f.whole(length), max: f.whole(FEEDBACK_MAX_LENGTH) })
      : code
        ? errorText(code, 'NOTE_FEEDBACK_ERROR')
        : undefined;
  const options = (contacts ?? []).map((c) => {
    const key = topicKey(c.name);
    return { value: String(c.id), label: key ? t(`topics.${key}`) : c.name };
  });

  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void once(() => handleSubmit((v) => send(v))(e));
        }}
        noValidate
        className="mx-auto flex w-full max-w-2xl flex-col gap-4 rounded-lg bg-white p-4 shadow-sm sm:p-6"
        aria-busy={sending}
      >
        <p className="text-base text-gray-800">{t('intro')}</p>
        {!contacts && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {t('contactsError')}
          </p>
        )}
        <SelectField
          label={t('contact')}
          required
          placeholder={t('contactPlaceholder')}
          options={options}
          error={err(errors.contactId?.message)}
          {...register('contactId')}
        />
        <TextAreaField
          label={t('message')}
          required
          rows={15}
          hint={
            // The limit is stated and counted, never enforced by cutting the text (maxLength would drop a paste's end).
            <span className={length > FEEDBACK_MAX_LENGTH ? 'font-semibold text-red-700' : ''} data-testid="feedback-counter">
              {t('counter', { count: f.whole(length), max: f.whole(FEEDBACK_MAX_LENGTH) })}
            </span>
          }
          error={err(errors.message?.message)}
          {...register('message')}
        />
        <FormActions>
          <Button variant="secondary" onClick={() => leave.push('/')}>
            {t('cancel')}
          </Button>
          <SubmitButton disabled={!ready} loading={sending}>
            {t('submit')}
          </SubmitButton>
        </FormActions>
      </form>
      <AppDialog
        open={thanked}
        onClose={() => setThanked(false)}
        title={t('dialogTitle')}
        description={t('thankYou')}
        actions={
          <Button autoFocus onClick={() => setThanked(false)}>
            {t('close')}
          </Button>
        }
      >
        <p>{t('reply')}</p>
        <p className="mt-4 font-semibold">— {t('signOff')}</p>
      </AppDialog>
    </>
  );
}
