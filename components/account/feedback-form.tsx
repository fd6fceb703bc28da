'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAppSession } from '@/components/layout/use-app-session';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { AppDialog } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { bff } from '@/lib/query/get-query-client';
import { sendFeedbackFormSchema } from './schemas';

type Contact = { id: string | number; name: string; emailAddress?: string };

export const contactsQueryKey = ['contacts'] as const;

// The feedback topics of section 3 (a text dictionary): known contact names are shown in the user's language.
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

/** Help and Feedback: a contact, a 15-row message, Submit and Cancel; a thank-you popup on success. */
export function FeedbackForm() {
  const t = useTranslations('FeedbackPage');
  const errorText = useErrorText();
  const banner = useBanner();
  const router = useRouter();
  const { user } = useAppSession();
  const [thanked, setThanked] = useState(false);

  const contacts = useQuery({ queryKey: contactsQueryKey, queryFn: ({ signal }) => bff<Contact[]>('/contact', { signal }), staleTime: 10 * 60_000 });

  const form = useForm({
    resolver: zodResolver(sendFeedbackFormSchema),
    defaultValues: { contactId: '', message: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, watch, formState, resetField } = form;
  const { errors } = formState;
  const ready = !!watch('contactId') && watch('message').trim() !== '';

  const send = useMutation({
    mutationFn: (v: { contactId: string; message: string }) => {
      const contact = contacts.data?.find((c) => String(c.id) === v.contactId);
      return bff<unknown>('/feedback', {
        method: 'POST',
        body: { contactId: contact?.id ?? v.contactId, message: v.message, contactEmail: user?.contactEmail ?? '' },
      });
    },
    onSuccess: () => {
      banner.close();
      resetField('message');
      setThanked(true);
    },
    onError: () => {
      banner.show('error', errorText(undefined, 'NOTE_FEEDBACK_ERROR'));
      window.scrollTo({ top: 0 });
    },
  });

  if (contacts.isPending) return <Spinner className="min-h-[40vh]" />;

  const err = (code?: string) => (code ? errorText(code, 'NOTE_FEEDBACK_ERROR') : undefined);
  const options = (contacts.data ?? []).map((c) => {
    const key = topicKey(c.name);
    return { value: String(c.id), label: key ? t(`topics.${key}`) : c.name };
  });

  return (
    <>
      <form
        onSubmit={handleSubmit((v) => send.mutate(v))}
        noValidate
        className="mx-auto flex w-full max-w-2xl flex-col gap-4 rounded-lg bg-white p-4 shadow-sm sm:p-6"
        aria-busy={send.isPending}
      >
        <p className="text-base text-gray-800">{t('intro')}</p>
        {contacts.isError && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {t('contactsError')}
          </p>
        )}
        <SelectField label={t('contact')} required placeholder={t('contactPlaceholder')} options={options} error={err(errors.contactId?.message)} {...register('contactId')} />
        <TextAreaField label={t('message')} required rows={15} maxLength={5000} error={err(errors.message?.message)} {...register('message')} />
        <FormActions>
          <Button variant="secondary" onClick={() => router.push('/')}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!ready} loading={send.isPending}>
            {t('submit')}
          </Button>
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
