import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FeedbackForm } from '@/components/account/feedback-form';
import { QueryProvider } from '@/components/query-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('FeedbackPage');
  return { title: t('title') };
}

export default function FeedbackPage() {
  return (
    <QueryProvider>
      <FeedbackForm />
    </QueryProvider>
  );
}
